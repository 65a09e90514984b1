// A round-robin load balancer that behaves like a Kubernetes Service: it sends traffic only to
// backends whose /readyz answered 200 at the last probe (every PROBE_MS), and never retries a
// POST on another backend, so a refused or reset connection is a request lost to the client.
import http from 'node:http';
import { Agent, request } from 'undici';

const PROBE_MS = 100;

export async function startBalancer(port) {
  const backends = new Map(); // url -> { ready }
  const agent = new Agent({ keepAliveTimeout: 4_000, connections: 128 });
  let next = 0;

  const probe = async () => {
    await Promise.all(
      [...backends].map(async ([url, state]) => {
        try {
          const answer = await request(`${url}/readyz`, { dispatcher: agent, bodyTimeout: 500 });
          await answer.body.dump();
          state.ready = answer.statusCode === 200;
        } catch {
          state.ready = false;
        }
      }),
    );
  };
  const timer = setInterval(() => void probe(), PROBE_MS);

  const server = http.createServer(async (req, res) => {
    const ready = [...backends].filter(([, s]) => s.ready).map(([url]) => url);
    if (ready.length === 0) return res.writeHead(503).end('no ready backend');
    const target = ready[next++ % ready.length];
    const chunks = [];
    for await (const chunk of req) chunks.push(chunk);
    try {
      const answer = await request(`${target}${req.url}`, {
        method: req.method,
        dispatcher: agent,
        headers: { 'content-type': 'application/json', authorization: req.headers.authorization },
        body: Buffer.concat(chunks),
      });
      const body = Buffer.from(await answer.body.arrayBuffer());
      res.writeHead(answer.statusCode, { 'content-type': 'application/json' }).end(body);
    } catch {
      res.writeHead(502).end('backend connection failed');
    }
  });
  await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));

  return {
    url: `http://127.0.0.1:${port}`,
    /** Registers a backend; like an endpoint, it takes traffic after its first good probe. */
    add: (url) => backends.set(url, { ready: false }),
    remove: (url) => backends.delete(url),
    readyCount: () => [...backends.values()].filter((s) => s.ready).length,
    close: async () => {
      clearInterval(timer);
      await new Promise((resolve) => server.close(resolve));
      await agent.close();
    },
  };
}
