import http, { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import https from 'node:https';
import type { AddressInfo, Socket } from 'node:net';

export interface FakeServer {
  /** e.g. `http://127.0.0.1:43121` (no trailing slash). */
  url: string;
  port: number;
  close(): Promise<void>;
}

export interface FakeServerOptions {
  /** Serve HTTPS with this key and certificate (see `createTestCertificate`). */
  tls?: { key: string; cert: string };
}

/**
 * Starts a real HTTP(S) server on 127.0.0.1 for an external peer (upstream LLM, search engine,
 * webhook receiver...). Tests talk to it over the network like production talks to the real peer.
 */
export async function startFakeServer(
  handler: RequestListener,
  options: FakeServerOptions = {},
): Promise<FakeServer> {
  const server = options.tls
    ? https.createServer(options.tls, handler)
    : http.createServer(handler);
  const sockets = new Set<Socket>();
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    port,
    url: `${options.tls ? 'https' : 'http'}://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** Reads a request body as text. */
export async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** Answers JSON with a status. */
export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(text),
  });
  res.end(text);
}
