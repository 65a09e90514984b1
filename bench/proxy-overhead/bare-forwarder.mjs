// The baseline: a bare Node forwarder (node:http in, undici out) with no auth, limits or usage;
// the relay itself is in forward.mjs.
import http from 'node:http';
import { bodyOf, forwarder } from './forward.mjs';

const [port, upstream] = process.argv.slice(2);
const forward = forwarder(upstream);

http
  .createServer(async (req, res) => {
    const body = await bodyOf(req);
    try {
      await forward(body, res);
    } catch {
      if (res.headersSent) res.destroy();
      else res.writeHead(502).end();
    }
  })
  .listen(Number(port), '127.0.0.1');
