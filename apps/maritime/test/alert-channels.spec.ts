// Alert channels over HTTP: create and replace, masking, encryption at rest, configuration
// checks, SSRF refusals at PUT, plan gating of webhook channels, deletion and owner isolation.
import { SecretBox, secretsKeyId } from '@platform/secrets';
import {
  channelRow,
  CHANNELS_PATH,
  channelsWorldForFile,
  expectError,
  TEST_CHANNEL_KEY,
} from './support/alert-channels-support';

const world = channelsWorldForFile();
const OWNER = 'acme-shipping';
const OTHER = 'other-owner';
const SECRET = 'my-signing-secret-0123456789';
let pro: string;
let free: string;
let starter: string;
let other: string;

type ChannelView = {
  channel: string;
  enabled: boolean;
  config: Record<string, unknown> | null;
  updated_at: string;
};

const put = (body: unknown, key = pro) =>
  world.send<{ channel: ChannelView }>('PUT', CHANNELS_PATH, body, key);
const hookUrl = (path: string) => `${world.receiver.url}${path}`;

beforeAll(async () => {
  pro = await world.mintKey('pro', OWNER);
  free = await world.mintKey('free', OWNER);
  starter = await world.mintKey('starter', 'starter-owner');
  other = await world.mintKey('supply_chain_risk', OTHER);
});

describe('access', () => {
  it('needs an API key on every channel route', async () => {
    expectError(await world.get(CHANNELS_PATH), 401, 'api_key_required');
    expectError(await world.send('PUT', CHANNELS_PATH, {}), 401, 'api_key_required');
    expectError(
      await world.send('POST', `${CHANNELS_PATH}/test`, { channel: 'slack' }),
      401,
      'api_key_required',
    );
  });

  it('keeps webhook channels for pro and above (403 plan_upgrade_required), chat and e-mail for all', async () => {
    const webhook = { channel: 'webhook', enabled: true, config: { url: hookUrl('/gated') } };
    for (const key of [free, starter]) {
      const reply = await put(webhook, key);
      expectError(reply, 403, 'plan_upgrade_required');
      expect((reply.body as unknown as { required_plan: string }).required_plan).toBe('pro');
    }
    const slack = await put(
      { channel: 'slack', enabled: true, config: { webhook_url: hookUrl('/slack/T1/B1/free') } },
      starter,
    );
    expect(slack.status).toBe(201);
  });
});

describe('create, replace, list', () => {
  it('creates with 201, replaces with 200, and shows only masked configuration', async () => {
    const url = hookUrl('/hooks/acme-endpoint-7f3a');
    const created = await put({
      channel: 'webhook',
      enabled: true,
      config: { url, secret: SECRET },
    });
    expect(created.status).toBe(201);
    expect(created.body.channel).toEqual({
      channel: 'webhook',
      enabled: true,
      config: { url: `https://${new URL(url).host}/****7f3a`, secret: '****6789' },
      disabled_reason: null,
      updated_at: expect.any(String),
    });
    const replaced = await put({ channel: 'webhook', enabled: false, config: { url } });
    expect(replaced.status).toBe(200);
    expect(replaced.body.channel).toMatchObject({
      enabled: false,
      config: { url: `https://${new URL(url).host}/****7f3a` },
    });
    expect(replaced.body.channel.config).not.toHaveProperty('secret');
    await put({ channel: 'webhook', enabled: true, config: { url, secret: SECRET } });
    await put({
      channel: 'teams',
      enabled: true,
      config: { webhook_url: hookUrl('/teams/incoming/abcd1234') },
    });
    await put({
      channel: 'email',
      enabled: true,
      config: { to: 'ops@acme.example, duty@acme.example' },
    });

    const list = await world.get<{ channels: ChannelView[] }>(CHANNELS_PATH, free);
    expect(list.status).toBe(200);
    expect(list.body.channels.map((c) => c.channel)).toEqual(['email', 'teams', 'webhook']);
    expect(list.body.channels.find((c) => c.channel === 'email')!.config).toEqual({
      to: 'ops@acme.example, duty@acme.example',
    });
    expect(list.body.channels.find((c) => c.channel === 'teams')!.config).toEqual({
      webhook_url: `https://${new URL(url).host}/****1234`,
    });
    const text = JSON.stringify(list.body);
    expect(text).not.toContain(SECRET);
    expect(text).not.toContain('/hooks/acme-endpoint');
    expect(text).not.toContain('/teams/incoming');
  });

  it('stores the configuration encrypted, bound to its owner and channel', async () => {
    const row = await channelRow(world.db, OWNER, 'webhook');
    expect(row).toBeDefined();
    expect(row!.config_key_id).toBe(secretsKeyId(TEST_CHANNEL_KEY));
    const stored = row!.config_enc.toString('latin1');
    expect(stored).not.toContain(SECRET);
    expect(stored).not.toContain('acme-endpoint');
    const box = new SecretBox(TEST_CHANNEL_KEY);
    const sealed = { keyId: row!.config_key_id, ciphertext: row!.config_enc };
    expect(JSON.parse(box.decryptText(sealed, `alert_channels:${OWNER}:webhook`))).toEqual({
      url: hookUrl('/hooks/acme-endpoint-7f3a'),
      secret: SECRET,
    });
    expect(() => box.decryptText(sealed, `alert_channels:${OTHER}:webhook`)).toThrow();
    expect(() => box.decryptText(sealed, `alert_channels:${OWNER}:teams`)).toThrow();
  });
});

describe('validation', () => {
  it.each([
    ['an unknown channel', { channel: 'sms', enabled: true, config: {} }, 'channel'],
    [
      'no enabled flag',
      { channel: 'teams', config: { webhook_url: 'https://example.com/x' } },
      'enabled',
    ],
    [
      'a config that is not an object',
      { channel: 'teams', enabled: true, config: 'https://example.com' },
      'config',
    ],
    [
      'an unknown top-level field',
      {
        channel: 'teams',
        enabled: true,
        config: { webhook_url: 'https://example.com/x' },
        name: 'x',
      },
      'name',
    ],
    [
      'a Slack URL outside the Slack base',
      {
        channel: 'slack',
        enabled: true,
        config: { webhook_url: 'https://example.com/services/x' },
      },
      'config.webhook_url',
    ],
    [
      'a plain-http Teams URL',
      { channel: 'teams', enabled: true, config: { webhook_url: 'http://example.com/x' } },
      'config.webhook_url',
    ],
    [
      '11 recipients',
      {
        channel: 'email',
        enabled: true,
        config: { to: Array.from({ length: 11 }, (_, i) => `u${i}@acme.example`).join(',') },
      },
      'config.to',
    ],
    ['no recipient', { channel: 'email', enabled: true, config: { to: '' } }, 'config.to'],
    [
      'a 15-character secret',
      {
        channel: 'webhook',
        enabled: true,
        config: { url: 'https://example.com/x', secret: 'a'.repeat(15) },
      },
      'config.secret',
    ],
    [
      'a 257-character secret',
      {
        channel: 'webhook',
        enabled: true,
        config: { url: 'https://example.com/x', secret: 'a'.repeat(257) },
      },
      'config.secret',
    ],
    [
      'an unknown config key',
      { channel: 'webhook', enabled: true, config: { url: 'https://example.com/x', headers: {} } },
      'config.headers',
    ],
  ])('refuses %s with 400 invalid_request', async (_label, body, field) => {
    const reply = await put(body);
    expectError(reply, 400, 'invalid_request');
    expect(
      (reply.body as unknown as { details: { field: string }[] }).details.map((d) => d.field),
    ).toContain(field);
  });

  it('accepts the edges: 10 recipients, 16- and 256-character secrets', async () => {
    const ten = Array.from({ length: 10 }, (_, i) => `u${i}@acme.example`);
    expect(
      (await put({ channel: 'email', enabled: true, config: { to: ten } }, other)).status,
    ).toBe(201);
    for (const secret of ['s'.repeat(16), 's'.repeat(256)]) {
      const reply = await put(
        { channel: 'webhook', enabled: true, config: { url: hookUrl('/edge'), secret } },
        other,
      );
      expect([200, 201]).toContain(reply.status);
    }
  });

  it('refuses targets the SSRF guard refuses with 400 target_not_allowed', async () => {
    for (const body of [
      {
        channel: 'webhook',
        enabled: true,
        config: { url: 'https://169.254.169.254/latest/meta-data' },
      },
      { channel: 'teams', enabled: true, config: { webhook_url: 'https://[fd00:ec2::254]/hook' } },
      { channel: 'webhook', enabled: true, config: { url: 'https://no-such-host.invalid/hook' } },
    ]) {
      expectError(await put(body, other), 400, 'target_not_allowed');
    }
    expect(await channelRow(world.db, OTHER, 'teams')).toBeUndefined();
  });
});

describe('delete and isolation', () => {
  it("never shows, changes or deletes another owner's channels", async () => {
    const theirs = await world.get<{ channels: ChannelView[] }>(CHANNELS_PATH, other);
    expect(theirs.body.channels.map((c) => c.channel)).toEqual(['email', 'webhook']);
    expect(JSON.stringify(theirs.body)).not.toContain('ops@acme.example');
    expectError(
      await world.send('DELETE', `${CHANNELS_PATH}?channel=teams`, undefined, other),
      404,
      'channel_not_found',
    );
    expectError(
      await world.send('POST', `${CHANNELS_PATH}/test`, { channel: 'teams' }, other),
      404,
      'channel_not_found',
    );
    expect(await channelRow(world.db, OWNER, 'teams')).toBeDefined();
  });

  it('deletes with 200, cancels pending deliveries, then answers 404', async () => {
    const [pending] = (await world.db.query(
      `INSERT INTO alert_deliveries (owner_id, channel, kind, alert_uid, status, payload)
       VALUES ($1, 'teams', 'alert', 'dark_event:1', 'retrying', '{}'), ($1, 'email', 'alert', 'dark_event:1', 'pending', '{}')
       RETURNING id`,
      [OWNER],
    )) as { id: string }[];
    const reply = await world.send('DELETE', `${CHANNELS_PATH}?channel=teams`, undefined, pro);
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ deleted: true, channel: 'teams' });
    const statuses = (await world.db.query(
      `SELECT channel, status FROM alert_deliveries WHERE owner_id = $1 AND kind = 'alert' ORDER BY channel`,
      [OWNER],
    )) as { channel: string; status: string }[];
    expect(statuses).toEqual([
      { channel: 'email', status: 'pending' },
      { channel: 'teams', status: 'cancelled' },
    ]);
    expect(pending).toBeDefined();
    expectError(
      await world.send('DELETE', `${CHANNELS_PATH}?channel=teams`, undefined, pro),
      404,
      'channel_not_found',
    );
    expectError(
      await world.send('DELETE', `${CHANNELS_PATH}?channel=fax`, undefined, pro),
      400,
      'invalid_request',
    );
    expectError(await world.send('DELETE', CHANNELS_PATH, undefined, pro), 400, 'invalid_request');
  });

  it('cancels pending deliveries when a channel is disabled', async () => {
    const reply = await put({
      channel: 'email',
      enabled: false,
      config: { to: 'ops@acme.example' },
    });
    expect(reply.status).toBe(200);
    const [row] = (await world.db.query(
      `SELECT status FROM alert_deliveries WHERE owner_id = $1 AND channel = 'email' AND kind = 'alert'`,
      [OWNER],
    )) as { status: string }[];
    expect(row!.status).toBe('cancelled');
  });
});
