import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startFakeServer } from './fake-http-server';
import { waitFor } from './test-app';
import { createTestCa, issueTestCertificate, TestCa } from './test-ca';

/** One request the receiver got, with its raw body (what a signature covers). */
export interface ReceivedWebhook {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  /** Machine time in ms when the request ended. */
  receivedAt: number;
}

/**
 * How the receiver answers one request: a status with optional headers and body (a redirect is
 * `{ status: 302, headers: { location } }`, a throttle `{ status: 429, headers: { 'retry-after':
 * '1' } }`), answered after `delayMs` if given (a slow receiver), or `stall`: never answer, so
 * the sender times out.
 */
export type ReceiverAnswer =
  | { status: number; headers?: Record<string, string>; body?: string; delayMs?: number }
  | { stall: true };

export interface WebhookReceiver {
  /** `https://127.0.0.1:<port>`; append any path. */
  url: string;
  /**
   * PEM of the test CA its certificate chains to: give it to in-process senders. The certificate
   * covers 127.0.0.1, ::1, localhost and `*.webhooks.test`.
   */
  ca: string;
  /** The CA in a file, for NODE_EXTRA_CA_CERTS of a child process. */
  caFile: string;
  /** Every request so far, in arrival order. */
  received: ReceivedWebhook[];
  /** Requests to one path. */
  receivedAt(path: string): ReceivedWebhook[];
  /** Answers for the next requests to `path`, in order; then the default answer again. */
  script(path: string, ...answers: ReceiverAnswer[]): void;
  /** The answer when no script applies (204 unless changed). */
  setDefault(answer: ReceiverAnswer): void;
  /** Resolves once `path` (or any path) received `count` requests; throws after the deadline. */
  waitForRequests(count: number, options?: { path?: string; timeoutMs?: number }): Promise<void>;
  close(): Promise<void>;
}

/**
 * A real HTTPS webhook receiver on 127.0.0.1 whose answers a test scripts per path: 2xx, 5xx,
 * 410, 429 with Retry-After, redirects, or a stall. Its certificate is signed by a test CA
 * (`ca`; a fresh one unless given), so senders are tested with certificate verification on.
 */
export async function startWebhookReceiver(
  options: { ca?: TestCa } = {},
): Promise<WebhookReceiver> {
  const ca = options.ca ?? (await createTestCa());
  const certificate = await issueTestCertificate(ca);
  const dir = mkdtempSync(join(tmpdir(), 'webhook-receiver-'));
  const caFile = join(dir, 'ca.pem');
  writeFileSync(caFile, ca.cert);
  const received: ReceivedWebhook[] = [];
  const scripts = new Map<string, ReceiverAnswer[]>();
  let fallback: ReceiverAnswer = { status: 204 };

  const handler = (req: IncomingMessage, res: ServerResponse): void => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const path = (req.url ?? '/').split('?')[0] ?? '/';
      received.push({
        path,
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        receivedAt: Date.now(),
      });
      const answer = scripts.get(path)?.shift() ?? fallback;
      if ('stall' in answer) return;
      const reply = (): void => {
        res.writeHead(answer.status, answer.headers ?? {});
        res.end(answer.body ?? '');
      };
      if (answer.delayMs === undefined) reply();
      else setTimeout(reply, answer.delayMs);
    });
  };
  const server = await startFakeServer(handler, {
    tls: { key: certificate.key, cert: certificate.cert },
  });

  const receivedAt = (path: string): ReceivedWebhook[] => received.filter((r) => r.path === path);
  return {
    url: server.url,
    ca: ca.cert,
    caFile,
    received,
    receivedAt,
    script: (path, ...answers) => scripts.set(path, [...(scripts.get(path) ?? []), ...answers]),
    setDefault: (answer) => {
      fallback = answer;
    },
    waitForRequests: (count, { path, timeoutMs = 20_000 } = {}) =>
      waitFor(
        () => (path === undefined ? received.length : receivedAt(path).length) >= count,
        timeoutMs,
        `${count} webhook requests${path === undefined ? '' : ` to ${path}`}`,
      ),
    close: async () => {
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
