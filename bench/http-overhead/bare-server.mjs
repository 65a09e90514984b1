// The baseline: a bare node:http server answering the same small JSON as the app's /healthz.
import http from 'node:http';

const body = JSON.stringify({ status: 'ok' });
http
  .createServer((req, res) => {
    res.writeHead(200, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': Buffer.byteLength(body),
    });
    res.end(body);
  })
  .listen(Number(process.argv[2]), '127.0.0.1');
