// The relay both baselines share (bare-forwarder.mjs, contract-floor.mjs): node:http in, undici
// out. JSON answers are collected and sent with a content-length; SSE answers are relayed chunk
// by chunk as they arrive (with backpressure), as any streaming proxy must.
import { Agent, request } from 'undici';

/** A forwarder to `upstream` (base URL, ending in /v1); call it with the body and the answer. */
export function forwarder(upstream) {
  const agent = new Agent({ keepAliveTimeout: 30_000, connections: 256 });
  return async (body, res) => {
    const answer = await request(`${upstream}/chat/completions`, {
      method: 'POST',
      dispatcher: agent,
      headers: { 'content-type': 'application/json', authorization: 'Bearer sk-upstream' },
      body,
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
    const json = Buffer.from(await answer.body.arrayBuffer());
    res.writeHead(answer.statusCode, {
      'content-type': 'application/json',
      'content-length': json.length,
    });
    res.end(json);
  };
}

/** The request's body bytes. */
export async function bodyOf(req) {
  const chunks = [];
  for await (const chunk of req) chunks.push(chunk);
  return Buffer.concat(chunks);
}
