import { startWebhookReceiver, WebhookReceiver } from '@platform/testing';
import { Webhook } from 'standardwebhooks';
import { generateWebhookSecret } from '../webhook-secret';
import { PinnedAgents } from './pinned-agents';
import { OutboundTargetGuard, ResolvedAddress } from './target-guard';
import { OutboundWebhook, WebhookSender } from './webhook-sender';

const body = JSON.stringify({ id: 'evt_1', type: 'score.changed', data: { delta: 5 } });

describe('WebhookSender (against a real HTTPS receiver with a test CA)', () => {
  let receiver: WebhookReceiver;
  let agents: PinnedAgents;
  let sender: WebhookSender;
  const resolverCalls: string[] = [];
  // A name only this resolver knows: the system resolver cannot find it, so a request that
  // arrives proves the connection went to the address the guard checked.
  const resolve = async (hostname: string): Promise<ResolvedAddress[]> => {
    resolverCalls.push(hostname);
    if (hostname === 'hooks.webhooks.test') return [{ address: '127.0.0.1', family: 4 }];
    if (hostname === 'internal.webhooks.test') return [{ address: '10.0.0.5', family: 4 }];
    throw new Error('ENOTFOUND');
  };
  const message = (path: string, overrides: Partial<OutboundWebhook> = {}): OutboundWebhook => ({
    url: `${receiver.url}${path}`,
    messageId: 'evt_1',
    body,
    secret: null,
    ...overrides,
  });

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    agents = new PinnedAgents({ ca: [receiver.ca] });
    sender = new WebhookSender({
      guard: new OutboundTargetGuard({ allowPrivateTargets: true, resolve }),
      agents,
      userAgent: 'test-webhooks/1',
      timeoutMs: 1_000,
      now: () => new Date('2026-03-31T23:59:59.000Z'),
    });
  });

  afterAll(async () => {
    await agents.close();
    await receiver.close();
  });

  it('posts the exact body with Standard Webhooks headers that standardwebhooks verifies', async () => {
    const secret = generateWebhookSecret();
    const result = await sender.send(message('/whsec', { secret }));
    expect(result).toMatchObject({
      outcome: 'success',
      statusCode: 204,
      error: null,
      attemptedAt: new Date('2026-03-31T23:59:59.000Z'),
    });
    const [request] = receiver.receivedAt('/whsec');
    expect(request!.body).toBe(body);
    expect(request!.headers).toMatchObject({
      'content-type': 'application/json',
      'user-agent': 'test-webhooks/1',
      'webhook-id': 'evt_1',
    });
    expect(() =>
      new Webhook(secret).verify(request!.body, request!.headers as Record<string, string>),
    ).not.toThrow();
  });

  it('signs with a raw secret as its bytes, verifiable with format raw', async () => {
    const raw = 'a plain secret of 32 characters!';
    await sender.send(message('/raw', { secret: Buffer.from(raw, 'utf8') }));
    const [request] = receiver.receivedAt('/raw');
    const headers = request!.headers as Record<string, string>;
    expect(() => new Webhook(raw, { format: 'raw' }).verify(request!.body, headers)).not.toThrow();
  });

  it('sends no signature without a secret, and copies the signature to extra header names', async () => {
    await sender.send(message('/unsigned'));
    expect(receiver.receivedAt('/unsigned')[0]!.headers['webhook-signature']).toBeUndefined();
    expect(receiver.receivedAt('/unsigned')[0]!.headers['webhook-id']).toBe('evt_1');
    await sender.send(
      message('/copied', {
        secret: generateWebhookSecret(),
        signatureCopies: ['X-Service-Signature'],
      }),
    );
    const copied = receiver.receivedAt('/copied')[0]!.headers;
    expect(copied['x-service-signature']).toBe(copied['webhook-signature']);
  });

  it('signs every attempt anew with a current timestamp and the same id', async () => {
    const secret = generateWebhookSecret();
    receiver.script('/again', { status: 500 });
    await sender.send(message('/again', { secret }));
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    await sender.send(message('/again', { secret }));
    const [first, second] = receiver.receivedAt('/again');
    expect(first!.headers['webhook-id']).toBe(second!.headers['webhook-id']);
    expect(Number(second!.headers['webhook-timestamp'])).toBeGreaterThan(
      Number(first!.headers['webhook-timestamp']),
    );
    expect(Math.abs(Number(second!.headers['webhook-timestamp']) - Date.now() / 1000)).toBeLessThan(
      5,
    );
  });

  it('reports a 5xx, a 410 and a 4xx as http errors with the status and a clipped excerpt', async () => {
    receiver.script(
      '/errors',
      { status: 500, body: 'boom' },
      { status: 410 },
      { status: 400, body: 'é'.repeat(2000) },
    );
    const five = await sender.send(message('/errors'));
    expect(five).toMatchObject({
      outcome: 'http_error',
      statusCode: 500,
      responseExcerpt: 'boom',
      error: 'HTTP 500',
    });
    expect((await sender.send(message('/errors'))).statusCode).toBe(410);
    const big = await sender.send(message('/errors'));
    expect(big.statusCode).toBe(400);
    expect(Buffer.byteLength(big.responseExcerpt!, 'utf8')).toBeLessThanOrEqual(1024);
    expect(big.responseExcerpt).toBe('é'.repeat(512));
  });

  it('reads Retry-After of a 429 (seconds) and a 503 (HTTP date), not of other statuses', async () => {
    const inTwoMinutes = new Date(Date.now() + 120_000).toUTCString();
    receiver.script(
      '/throttled',
      { status: 429, headers: { 'retry-after': '7' } },
      { status: 503, headers: { 'retry-after': inTwoMinutes } },
      { status: 500, headers: { 'retry-after': '7' } },
    );
    expect((await sender.send(message('/throttled'))).retryAfterMs).toBe(7_000);
    const dated = (await sender.send(message('/throttled'))).retryAfterMs!;
    expect(dated).toBeGreaterThan(110_000);
    expect(dated).toBeLessThanOrEqual(120_000);
    expect((await sender.send(message('/throttled'))).retryAfterMs).toBeNull();
  });

  it('does not follow a redirect, even to the same receiver or to a metadata address', async () => {
    receiver.script(
      '/moved',
      { status: 302, headers: { location: `${receiver.url}/elsewhere` } },
      { status: 307, headers: { location: 'https://169.254.169.254/latest/meta-data/' } },
    );
    const before = receiver.received.length;
    const first = await sender.send(message('/moved'));
    expect(first).toMatchObject({ outcome: 'http_error', statusCode: 302 });
    expect(first.error).toBe(
      `redirect not followed (HTTP 302, Location: ${receiver.url}/elsewhere)`,
    );
    expect((await sender.send(message('/moved'))).statusCode).toBe(307);
    expect(receiver.received.slice(before).map((r) => r.path)).toEqual(['/moved', '/moved']);
  });

  it('times out a receiver that never answers', async () => {
    receiver.script('/stall', { stall: true });
    const result = await sender.send(message('/stall'));
    expect(result).toMatchObject({ outcome: 'timeout', statusCode: null });
    expect(result.durationMs).toBeGreaterThanOrEqual(900);
    expect(result.durationMs).toBeLessThan(5_000);
  });

  it('reports a refused connection as a network error', async () => {
    const result = await sender.send(message('/x', { url: 'https://127.0.0.1:1/x' }));
    expect(result.outcome).toBe('network_error');
    expect(result.error).toMatch(/ECONNREFUSED/);
  });

  it('refuses a receiver whose certificate no trusted CA signed', async () => {
    const untrusting = new WebhookSender({
      guard: new OutboundTargetGuard({ allowPrivateTargets: true }),
      agents: new PinnedAgents(),
      userAgent: 'test-webhooks/1',
    });
    const result = await untrusting.send(message('/untrusted'));
    expect(result.outcome).toBe('network_error');
    expect(receiver.receivedAt('/untrusted')).toHaveLength(0);
  });

  it('connects to the address the guard checked, verifying TLS against the host name', async () => {
    resolverCalls.length = 0;
    const port = new URL(receiver.url).port;
    const result = await sender.send(
      message('', { url: `https://hooks.webhooks.test:${port}/pinned` }),
    );
    expect(result.outcome).toBe('success');
    expect(receiver.receivedAt('/pinned')[0]!.headers.host).toBe(`hooks.webhooks.test:${port}`);
    // One resolution per attempt, by the guard: the socket never resolved the name again.
    expect(resolverCalls).toEqual(['hooks.webhooks.test']);
  });

  it('blocks a name that now resolves to a refused address, sending nothing', async () => {
    const strict = new WebhookSender({
      guard: new OutboundTargetGuard({ resolve }),
      agents,
      userAgent: 'test-webhooks/1',
    });
    const result = await strict.send(
      message('', { url: 'https://internal.webhooks.test/blocked' }),
    );
    expect(result).toMatchObject({ outcome: 'ssrf_blocked', statusCode: null });
    expect(result.error).toContain('10.0.0.5');
    expect((await strict.send(message('/loop'))).outcome).toBe('ssrf_blocked');
    expect(receiver.receivedAt('/loop')).toHaveLength(0);
    // A name that does not resolve now may resolve later: a network error, retried.
    expect((await strict.send(message('', { url: 'https://gone.webhooks.test/' }))).outcome).toBe(
      'network_error',
    );
  });
});
