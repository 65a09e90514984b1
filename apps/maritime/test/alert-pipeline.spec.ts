// The whole alert pipeline with queue workers on: AIS ingest → ais-derive finds a dark gap → the
// derive job asks for an evaluation → alert-evaluate matches a rule → one delivery per channel →
// the delivery worker sends each to its peer (an HTTPS receiver for webhook, Slack and Teams, an
// SMTP sink for email).
import { FixedClock } from '@platform/clock';
import { encodePositionReport, formatTagBlock } from '@platform/maritime-domain';
import { fetchJson, harnessForFile, waitFor } from '@platform/testing';
import { ApiKeysService } from '../src/platform/api-keys/api-keys.service';
import { ChannelPeers, mailHeader, startWithChannelPeers } from './support/alert-channels-support';
import { insertReference, insertVessels, testImo } from './support/fixtures';

const file = harnessForFile<ChannelPeers>(() => startWithChannelPeers({ QUEUE_WORKERS: 'true' }));

const OWNER = 'pipeline-owner';
const IMO = testImo(61);
const MMSI = '351000061';
const SECRET = 'pipeline-webhook-secret-0001';
const url = (): string => file.current.harness.instances[0]!.url;
const send = (method: string, path: string, body: unknown, key: string) =>
  fetchJson(`${url()}${path}`, {
    method,
    headers: { 'content-type': 'application/json', 'x-api-key': key },
    body: JSON.stringify(body),
  });
let admin: string;

beforeAll(async () => {
  const { harness, receiver } = file.current;
  await insertReference(harness.db);
  await insertVessels(harness.db, [
    { imo: IMO, mmsi: MMSI, name: 'GOES DARK', vessel_type: 'tanker' },
  ]);
  admin = (
    await harness.instances[0]!.app.get(ApiKeysService).create({
      ownerId: OWNER,
      plan: 'admin',
      rateLimitPerMin: null,
    })
  ).key;
  const channels: [string, Record<string, unknown>][] = [
    ['webhook', { url: `${receiver.url}/hook`, secret: SECRET }],
    ['slack', { webhook_url: `${receiver.url}/slack/T01/B02/pipeline` }],
    ['teams', { webhook_url: `${receiver.url}/teams` }],
    ['email', { to: 'ops@acme.example' }],
  ];
  for (const [channel, config] of channels) {
    const reply = await send(
      'PUT',
      '/api/v1/alerts/channels',
      { channel, enabled: true, config },
      admin,
    );
    expect([200, 201]).toContain(reply.status);
  }
  const rule = await send(
    'POST',
    '/api/v1/alerts/rules',
    {
      name: 'dark tankers',
      severity_override: 'critical',
      expression: {
        kind: 'group',
        operator: 'and',
        conditions: [
          { kind: 'condition', field: 'event_type', op: 'eq', value: 'dark_event' },
          { kind: 'condition', field: 'imo_number', op: 'eq', value: IMO },
        ],
      },
    },
    admin,
  );
  expect(rule.status).toBe(201);
});

it('a dark gap found in ingested AIS reaches the webhook, Slack, Teams and email once each', async () => {
  const { harness, receiver, smtp } = file.current;
  const start = Math.floor((harness.clock as FixedClock).nowMs() / 1000) - 20 * 3600;
  // A 9-hour silence at sea between fixes, and the one since the last fix: two dark events,
  // the second held back by the rule's dedupe window.
  const fixes = [0, 0.25, 0.5, 9.5, 9.75].map(
    (h, i) =>
      `${formatTagBlock({ c: start + h * 3600, s: 'sat-1' })}${encodePositionReport({
        mmsi: MMSI,
        lat: 20 + i * 0.01,
        lon: 60,
      })}`,
  );
  const ingest = await fetchJson(`${url()}/api/v1/ais/ingest`, {
    method: 'POST',
    headers: { 'content-type': 'text/plain', 'x-api-key': admin },
    body: fixes.join('\n'),
  });
  expect(ingest.body).toMatchObject({ positions_inserted: 5 });

  const delivered = async () =>
    (await harness.db.query(
      `SELECT channel, status, kind FROM alert_deliveries WHERE owner_id = $1 ORDER BY channel`,
      [OWNER],
    )) as { channel: string; status: string; kind: string }[];
  await waitFor(
    async () => {
      const rows = await delivered();
      return rows.length === 4 && rows.every((row) => row.status === 'delivered');
    },
    30_000,
    'four delivered deliveries',
  );
  expect(await delivered()).toEqual(
    ['email', 'slack', 'teams', 'webhook'].map((channel) => ({
      channel,
      status: 'delivered',
      kind: 'alert',
    })),
  );
  const matches = (await harness.db.query(`SELECT suppressed FROM rule_matches ORDER BY id`)) as {
    suppressed: boolean;
  }[];
  expect(matches.map((m) => m.suppressed)).toEqual([false, true]);

  expect(receiver.receivedAt('/hook')).toHaveLength(1);
  const hook = JSON.parse(receiver.receivedAt('/hook')[0]!.body) as {
    type: string;
    data: {
      alert: Record<string, unknown>;
      rule: Record<string, unknown>;
      vessel: Record<string, unknown>;
    };
  };
  expect(hook).toMatchObject({
    type: 'alert.matched',
    data: {
      alert: { source: 'dark_event', event_type: 'dark_event', severity: 'critical' },
      rule: { name: 'dark tankers', version: 1 },
      vessel: { imo_number: IMO, name: 'GOES DARK' },
    },
  });
  expect(receiver.receivedAt('/hook')[0]!.headers['x-service-signature']).toMatch(/^v1,/);
  expect(receiver.receivedAt('/slack/T01/B02/pipeline')).toHaveLength(1);
  expect(JSON.parse(receiver.receivedAt('/slack/T01/B02/pipeline')[0]!.body)).toMatchObject({
    text: expect.stringMatching(/^\[CRITICAL\] /),
  });
  expect(receiver.receivedAt('/teams')).toHaveLength(1);
  expect(JSON.parse(receiver.receivedAt('/teams')[0]!.body)).toMatchObject({ type: 'message' });
  expect(smtp.messages).toHaveLength(1);
  expect(smtp.messages[0]!.to).toEqual(['ops@acme.example']);
  expect(mailHeader(smtp.messages[0]!.raw, 'subject')).toMatch(/^\[Maritime\]\[CRITICAL\] /);
});
