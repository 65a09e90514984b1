// POST /alerts/channels/test: one real attempt through each channel type to local peers (an HTTPS
// receiver with a test CA, an SMTP server), signatures checked with the standardwebhooks package
// and the X-Service-Signature formula, failures and SSRF refusals recorded as test deliveries.
import { createHmac } from 'node:crypto';
import { SecretBox } from '@platform/secrets';
import { TEST_NOW } from '@platform/testing';
import { Webhook } from 'standardwebhooks';
import {
  CHANNELS_PATH,
  channelsWorldForFile,
  expectError,
  mailHeader,
  mailText,
  TEST_CHANNEL_KEY,
  TEST_SMTP_FROM,
} from './support/alert-channels-support';
import { insertReference, insertVessels, testImo } from './support/fixtures';

const world = channelsWorldForFile();
const OWNER = 'test-send-owner';
const LOW = testImo(31);
const CRITICAL = testImo(32);
const RAW_SECRET = 'raw-secret-for-signing-0001';
const WHSEC = `whsec_${Buffer.alloc(32, 5).toString('base64')}`;
let pro: string;
let free: string;

interface TestReply {
  ok: boolean;
  channel: string;
  delivery_id: string;
  status: string;
  outcome: string | null;
  reason_code: string | null;
  http_status: number | null;
  latency_ms: number | null;
  error: string | null;
  response_excerpt: string | null;
}

const put = async (channel: string, config: Record<string, unknown>, enabled = true) => {
  const reply = await world.send('PUT', CHANNELS_PATH, { channel, enabled, config }, pro);
  expect([200, 201]).toContain(reply.status);
};
const testSend = (body: Record<string, unknown>, key = pro) =>
  world.send<TestReply>('POST', `${CHANNELS_PATH}/test`, body, key);
const lastAt = (path: string) => world.receiver.receivedAt(path).at(-1)!;
const header = (path: string, name: string) => lastAt(path).headers[name] as string | undefined;

beforeAll(async () => {
  pro = await world.mintKey('pro', OWNER);
  free = await world.mintKey('free', OWNER);
  await insertReference(world.db);
  await insertVessels(world.db, [
    { imo: LOW, mmsi: '351000031', name: 'LOW RISK ONE', vessel_type: 'bulk_carrier' },
    { imo: CRITICAL, mmsi: '351000032', name: 'DARK HORSE', vessel_type: 'tanker' },
  ]);
  await world.db.query(
    `INSERT INTO vessel_risk_scores (imo, score, tier, factors, computed_at)
     VALUES ($1, 12.5, 'low', '[]', $3), ($2, 91.0, 'critical', '[]', $3)`,
    [LOW, CRITICAL, TEST_NOW],
  );
});

describe('webhook channels', () => {
  it('signs with a raw secret: Standard Webhooks headers plus X-Service-Signature', async () => {
    await put('webhook', { url: `${world.receiver.url}/raw`, secret: RAW_SECRET });
    const reply = await testSend({ channel: 'webhook' });
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({
      ok: true,
      channel: 'webhook',
      status: 'delivered',
      outcome: 'success',
      reason_code: null,
      http_status: 204,
      error: null,
    });
    expect(reply.body.latency_ms).toEqual(expect.any(Number));
    const received = lastAt('/raw');
    const id = header('/raw', 'webhook-id')!;
    const timestamp = header('/raw', 'webhook-timestamp')!;
    expect(id).toBe(reply.body.delivery_id);
    expect(Math.abs(Date.now() / 1000 - Number(timestamp))).toBeLessThanOrEqual(300);
    const expected = `v1,${createHmac('sha256', Buffer.from(RAW_SECRET, 'utf8')).update(`${id}.${timestamp}.${received.body}`).digest('base64')}`;
    expect(header('/raw', 'x-service-signature')).toBe(expected);
    expect(header('/raw', 'webhook-signature')).toBe(expected);
    expect(() =>
      new Webhook(RAW_SECRET, { format: 'raw' }).verify(
        received.body,
        received.headers as Record<string, string>,
      ),
    ).not.toThrow();

    const body = JSON.parse(received.body) as {
      id: string;
      type: string;
      created_at: string;
      data: { alert: Record<string, unknown>; rule: unknown; vessel: Record<string, unknown> };
    };
    expect(body).toMatchObject({
      id,
      type: 'alert.test',
      created_at: TEST_NOW,
      data: { rule: null },
    });
    // No imo given: the lowest-IMO vessel of critical risk.
    expect(body.data.vessel).toEqual({
      imo_number: CRITICAL,
      name: 'DARK HORSE',
      vessel_type: 'tanker',
      flag: 'PA',
      risk_score: 91,
      risk_tier: 'critical',
    });
    expect(body.data.alert).toMatchObject({
      id: `test:${id}`,
      severity: 'info',
      event_type: 'test',
    });
  });

  it('signs a whsec_ secret with its base64-decoded key', async () => {
    await put('webhook', { url: `${world.receiver.url}/whsec`, secret: WHSEC });
    const reply = await testSend({ channel: 'webhook', imo: LOW });
    expect(reply.body.status).toBe('delivered');
    const received = lastAt('/whsec');
    const id = header('/whsec', 'webhook-id')!;
    const timestamp = header('/whsec', 'webhook-timestamp')!;
    const key = Buffer.from(WHSEC.slice('whsec_'.length), 'base64');
    expect(header('/whsec', 'x-service-signature')).toBe(
      `v1,${createHmac('sha256', key).update(`${id}.${timestamp}.${received.body}`).digest('base64')}`,
    );
    expect(() =>
      new Webhook(WHSEC).verify(received.body, received.headers as Record<string, string>),
    ).not.toThrow();
    expect(
      (JSON.parse(received.body) as { data: { vessel: { imo_number: string } } }).data.vessel
        .imo_number,
    ).toBe(LOW);
  });

  it('sends no signature headers without a secret', async () => {
    await put('webhook', { url: `${world.receiver.url}/unsigned` });
    expect((await testSend({ channel: 'webhook' })).body.status).toBe('delivered');
    const headers = lastAt('/unsigned').headers;
    expect(headers['webhook-signature']).toBeUndefined();
    expect(headers['x-service-signature']).toBeUndefined();
    expect(headers['webhook-id']).toEqual(expect.any(String));
  });

  it('records the test delivery and its attempt', async () => {
    const reply = await testSend({ channel: 'webhook' });
    const [delivery] = (await world.db.query(
      `SELECT owner_id, channel, kind, status, attempts, max_attempts, last_status_code, reason_code,
         delivered_at IS NOT NULL AS delivered, payload->>'type' AS type FROM alert_deliveries WHERE id = $1`,
      [reply.body.delivery_id],
    )) as Record<string, unknown>[];
    expect(delivery).toEqual({
      owner_id: OWNER,
      channel: 'webhook',
      kind: 'test',
      status: 'delivered',
      attempts: 1,
      max_attempts: 1,
      last_status_code: 204,
      reason_code: null,
      delivered: true,
      type: 'alert.test',
    });
    const attempts = (await world.db.query(
      'SELECT attempt_no, status_code, outcome FROM delivery_attempts WHERE delivery_id = $1',
      [reply.body.delivery_id],
    )) as Record<string, unknown>[];
    expect(attempts).toEqual([{ attempt_no: 1, status_code: 204, outcome: 'success' }]);
  });

  it('reports a failing receiver: status, excerpt and a dead-lettered test delivery', async () => {
    await put('webhook', { url: `${world.receiver.url}/failing` });
    world.receiver.script(
      '/failing',
      { status: 500, body: 'upstream exploded' },
      { status: 410, body: 'gone' },
    );
    const failed = await testSend({ channel: 'webhook' });
    expect(failed.status).toBe(200);
    expect(failed.body).toMatchObject({
      ok: false,
      status: 'dead_lettered',
      outcome: 'http_error',
      reason_code: 'retries_exhausted',
      http_status: 500,
      error: 'HTTP 500',
      response_excerpt: 'upstream exploded',
    });
    const gone = await testSend({ channel: 'webhook' });
    expect(gone.body).toMatchObject({
      status: 'dead_lettered',
      reason_code: 'endpoint_gone',
      http_status: 410,
    });
    // A test is a probe: it never disables the channel.
    const list = await world.get<{ channels: { channel: string; enabled: boolean }[] }>(
      CHANNELS_PATH,
      pro,
    );
    expect(list.body.channels.find((c) => c.channel === 'webhook')!.enabled).toBe(true);
    const [row] = (await world.db.query(
      'SELECT status, reason_code, dead_lettered_at IS NOT NULL AS dead FROM alert_deliveries WHERE id = $1',
      [failed.body.delivery_id],
    )) as Record<string, unknown>[];
    expect(row).toEqual({ status: 'dead_lettered', reason_code: 'retries_exhausted', dead: true });
  });

  it('checks the address again on every send (ssrf_blocked, nothing sent)', async () => {
    const box = new SecretBox(TEST_CHANNEL_KEY);
    const sealed = box.encrypt(
      JSON.stringify({ url: 'https://169.254.169.254/latest' }),
      `alert_channels:${OWNER}:webhook`,
    );
    await world.db.query(
      'UPDATE alert_channels SET config_enc = $1, config_key_id = $2 WHERE owner_id = $3 AND channel = $4',
      [sealed.ciphertext, sealed.keyId, OWNER, 'webhook'],
    );
    const before = world.receiver.received.length;
    const reply = await testSend({ channel: 'webhook' });
    expect(reply.body).toMatchObject({
      ok: false,
      status: 'dead_lettered',
      outcome: 'ssrf_blocked',
      reason_code: 'ssrf_blocked',
      http_status: null,
    });
    expect(world.receiver.received.length).toBe(before);
  });

  it('dead-letters a configuration that no longer decrypts as config_invalid, and lists it as null', async () => {
    await world.db.query(
      `INSERT INTO alert_channels (owner_id, channel, enabled, config_enc, config_key_id)
       SELECT $1, 'teams', enabled, config_enc, config_key_id FROM alert_channels
       WHERE owner_id = $1 AND channel = 'webhook'`,
      [OWNER],
    );
    const reply = await testSend({ channel: 'teams' });
    expect(reply.body).toMatchObject({
      ok: false,
      status: 'dead_lettered',
      reason_code: 'config_invalid',
      outcome: null,
    });
    const list = await world.get<{ channels: { channel: string; config: unknown }[] }>(
      CHANNELS_PATH,
      pro,
    );
    expect(list.body.channels.find((c) => c.channel === 'teams')!.config).toBeNull();
    await world.send('DELETE', `${CHANNELS_PATH}?channel=teams`, undefined, pro);
  });

  it('keeps webhook test sends for pro and above', async () => {
    expectError(await testSend({ channel: 'webhook' }, free), 403, 'plan_upgrade_required');
  });
});

describe('chat channels', () => {
  it('posts Slack blocks to the Slack webhook', async () => {
    await put('slack', { webhook_url: `${world.receiver.url}/slack/T01/B02/secretpart` });
    const reply = await testSend({ channel: 'slack', imo: LOW }, free);
    expect(reply.body).toMatchObject({ ok: true, status: 'delivered', http_status: 204 });
    const slack = JSON.parse(lastAt('/slack/T01/B02/secretpart').body) as {
      text: string;
      blocks: { type: string; fields?: { text: string }[] }[];
    };
    expect(slack.text).toBe(`[INFO] Test notification: LOW RISK ONE (IMO ${LOW})`);
    expect(slack.blocks.map((b) => b.type)).toEqual(['header', 'section', 'context']);
    expect(slack.blocks[1]!.fields!.map((f) => f.text)).toContain(`*IMO*\n${LOW}`);
  });

  it('posts an Adaptive Card to Teams, even when the channel is disabled', async () => {
    await put('teams', { webhook_url: `${world.receiver.url}/teams/in` }, false);
    const reply = await testSend({ channel: 'teams' }, free);
    expect(reply.body).toMatchObject({ ok: true, status: 'delivered' });
    const teams = JSON.parse(lastAt('/teams/in').body) as {
      type: string;
      attachments: { contentType: string; content: { type: string; version: string } }[];
    };
    expect(teams.type).toBe('message');
    expect(teams.attachments[0]).toMatchObject({
      contentType: 'application/vnd.microsoft.card.adaptive',
      content: { type: 'AdaptiveCard', version: '1.4' },
    });
  });

  it('answers 404 for an unconfigured channel, an unknown vessel or another owner', async () => {
    expectError(await testSend({ channel: 'email' }), 404, 'channel_not_found');
    expectError(await testSend({ channel: 'slack', imo: testImo(99) }), 404, 'vessel_not_found');
    expectError(await testSend({ channel: 'slack', imo: '9999999' }), 400, 'invalid_request');
    expectError(await testSend({ channel: 'slack', extra: 1 }), 400, 'invalid_request');
    const stranger = await world.mintKey('pro', 'someone-else');
    expectError(await testSend({ channel: 'slack' }, stranger), 404, 'channel_not_found');
  });
});

describe('e-mail channels', () => {
  it('sends one message to every recipient through SMTP, with text and HTML parts', async () => {
    await put('email', { to: 'ops@acme.example, duty@acme.example' });
    const reply = await testSend({ channel: 'email', imo: CRITICAL });
    expect(reply.body).toMatchObject({
      ok: true,
      status: 'delivered',
      outcome: 'success',
      http_status: 250,
    });
    expect(world.smtp.messages).toHaveLength(1);
    const mail = world.smtp.messages[0]!;
    expect(mail.to).toEqual(['ops@acme.example', 'duty@acme.example']);
    expect(mail.from).toBe('alerts@maritime.test');
    expect(mailHeader(mail.raw, 'From')).toBe(TEST_SMTP_FROM);
    expect(mailHeader(mail.raw, 'Subject')).toBe(
      `[Maritime][INFO] Test notification: DARK HORSE (IMO ${CRITICAL})`,
    );
    const text = mailText(mail.raw);
    expect(text).toMatch(/multipart\/alternative/);
    expect(text).toMatch(/text\/plain/);
    expect(text).toMatch(/text\/html/);
    expect(text).toContain(`IMO: ${CRITICAL}`);
    expect(mailHeader(mail.raw, 'X-Maritime-Delivery-Id')).toBe(reply.body.delivery_id);
  });

  it('dead-letters an SMTP refusal as smtp_rejected with the reply code', async () => {
    await put('email', { to: 'reject-me@acme.example' });
    const reply = await testSend({ channel: 'email' });
    expect(reply.body).toMatchObject({
      ok: false,
      status: 'dead_lettered',
      outcome: 'smtp_error',
      reason_code: 'smtp_rejected',
      http_status: 550,
    });
    const [attempt] = (await world.db.query(
      'SELECT outcome, status_code FROM delivery_attempts WHERE delivery_id = $1',
      [reply.body.delivery_id],
    )) as Record<string, unknown>[];
    expect(attempt).toEqual({ outcome: 'smtp_error', status_code: 550 });
  });
});
