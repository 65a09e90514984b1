// The webhook benchmarks' peers: an HTTPS receiver in its own process (https-receiver.mjs, a
// certificate from a throwaway test CA) that counts answered requests, and the baseline both
// benchmarks measure against, a bare loop of signed undici POSTs to it.
import { type ChildProcess, fork } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSecureContext, rootCertificates } from 'node:tls';
import { createTestCa, issueTestCertificate } from '@platform/testing';
import { signWebhook, type WebhookSecret } from '@platform/webhooks';
import { Agent, request } from 'undici';

export interface BenchReceiver {
  /** `https://127.0.0.1:<port>`; append any path. */
  url: string;
  /** The test CA's certificate, for the service's pinned connections to trust. */
  ca: string;
  pid: number;
  /** Resolves once the receiver has answered `total` requests in all. */
  until(total: number): Promise<void>;
  close(): void;
}

export async function startBenchReceiver(): Promise<BenchReceiver> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-receiver-'));
  const ca = await createTestCa();
  const certificate = await issueTestCertificate(ca);
  writeFileSync(join(dir, 'key.pem'), certificate.key);
  writeFileSync(join(dir, 'cert.pem'), certificate.cert);
  const child: ChildProcess = fork(join(__dirname, 'https-receiver.mjs'), [
    join(dir, 'key.pem'),
    join(dir, 'cert.pem'),
  ]);
  const reached = new Map<number, () => void>();
  child.on('message', (message: { reached?: number }) => {
    if (message.reached !== undefined) reached.get(message.reached)?.();
  });
  const port = await new Promise<number>((resolve) =>
    child.once('message', (message: { port: number }) => resolve(message.port)),
  );
  return {
    url: `https://127.0.0.1:${port}`,
    ca: ca.cert,
    pid: child.pid ?? 0,
    until: (total) =>
      new Promise((resolve) => {
        reached.set(total, resolve);
        child.send({ expect: total });
      }),
    close: () => {
      child.kill();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface SignedPostLoop {
  /** POSTs `count` signed copies of the body, `concurrency` at a time; throws unless each is 204. */
  run(count: number, concurrency: number): Promise<void>;
  close(): Promise<void>;
}

/**
 * The baseline: signed undici POSTs of one body with the same TLS set-up as the services' pinned
 * agents (one secure context for all sockets, keep-alive), and nothing else.
 */
export function signedPostLoop(options: {
  target: string;
  ca: string;
  body: string;
  secret: WebhookSecret;
  messageId: (i: number) => string;
}): SignedPostLoop {
  const agent = new Agent({
    keepAliveTimeout: 10_000,
    connect: { secureContext: createSecureContext({ ca: [...rootCertificates, options.ca] }) },
  });
  return {
    run: async (count, concurrency) => {
      let next = 0;
      await Promise.all(
        Array.from({ length: concurrency }, async () => {
          while (next < count) {
            const i = next;
            next += 1;
            const headers = signWebhook({
              id: options.messageId(i),
              timestamp: new Date(),
              body: options.body,
              secret: options.secret,
            });
            const response = await request(options.target, {
              method: 'POST',
              dispatcher: agent,
              headers: { 'content-type': 'application/json', ...headers },
              body: options.body,
            });
            await response.body.dump();
            if (response.statusCode !== 204) {
              throw new Error(`receiver said ${response.statusCode}`);
            }
          }
        }),
      );
    },
    close: () => agent.close(),
  };
}
