// The baseline: a bare Node forwarder (node:http in, undici out) with no auth, limits or usage.
// JSON answers are collected and sent with a content-length; SSE answers are relayed chunk by
// chunk as they arrive (with backpressure), as any streaming proxy must.
import http from 'node:http';
import { Agent, request } from 'undici';

const [port, upstream] = process.argv.slice(2);
const agent = new Agent({ keepAliveTimeout: 30_000, connections: 256 });

http
  .createServer(async (req, res) => {
    const chunks = [];
    for await (const chunk of req) chunks.push(chunk);
    try {
      const answer = await request(`${upstream}/chat/completions`, {
        method: 'POST',
        dispatcher: agent,
        headers: { 'content-type': 'application/json', authorization: 'Bearer sk-upstream' },
        body: Buffer.concat(chunks),
      });
      const type = String(answer.headers['content-type'] ?? '');
      if (type.startsWith('text/event-stream')) {
        res.writeHead(answer.statusCode, { 'content-type': type, 'cache-control': 'no-cache' });
        for await (const chunk of answer.body) {
          if (!res.write(chunk)) await new Promise((resolve) => res.once('drain', resolve));
        }
        res.end();
        return;
      }
      const body = Buffer.from(await answer.body.arrayBuffer());
      res.writeHead(answer.statusCode, {
        'content-type': 'application/json',
        'content-length': body.length,
      });
      res.end(body);
    } catch {
      if (res.headersSent) res.destroy();
      else res.writeHead(502).end();
    }
  })
  .listen(Number(port), '127.0.0.1');
