// The baseline: a bare node:http server answering, for each path, the exact bytes the app gave
// for the same request (read from the JSON file named by argv[3]: { "/path": "<body>" }).
import { readFileSync } from 'node:fs';
import http from 'node:http';

const bodies = new Map(
  Object.entries(JSON.parse(readFileSync(process.argv[3], 'utf8'))).map(([path, body]) => [
    path,
    Buffer.from(body),
  ]),
);
const ready = Buffer.from('{"status":"ok"}');
http
  .createServer((req, res) => {
    req.resume(); // a POST's body is read and dropped, as the app reads it
    const body = bodies.get(req.url.split('?')[0]) ?? ready;
    res.writeHead(200, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': body.length,
    });
    res.end(body);
  })
  .listen(Number(process.argv[2]), '127.0.0.1');
