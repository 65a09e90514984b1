// The benchmark's webhook receiver, in its own process: HTTPS with the test CA's certificate,
// answers 204 at once and counts requests. The parent sends {expect: n}; the receiver answers
// {reached: n} once it has counted n requests in all.
import { readFileSync } from 'node:fs';
import https from 'node:https';

const [keyFile, certFile] = process.argv.slice(2);
let count = 0;
let waiting = null;

const server = https.createServer(
  { key: readFileSync(keyFile), cert: readFileSync(certFile), keepAliveTimeout: 10_000 },
  (req, res) => {
    req.resume();
    req.on('end', () => {
      res.writeHead(204);
      res.end();
      count += 1;
      if (waiting !== null && count >= waiting) {
        process.send({ reached: waiting });
        waiting = null;
      }
    });
  },
);

process.on('message', (message) => {
  if (count >= message.expect) process.send({ reached: message.expect });
  else waiting = message.expect;
});

server.listen(0, '127.0.0.1', () => process.send({ port: server.address().port }));
