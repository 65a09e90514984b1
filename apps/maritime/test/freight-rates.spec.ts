// GET and POST /freight-rates: listing without submitters, validation of a submission, the
// 409 duplicate, and that submitted rates never feed earnings.
import { expectErrorBody } from '@platform/testing';
import { VoyageMetricsService } from '../src/pipeline/voyage-metrics/voyage-metrics.service';
import { maritimeForFile } from './support/maritime-harness';
import {
  insertVoyageMetricsFixture,
  VoyageMetricsFixture,
} from './support/voyage-metrics-fixtures';

const maritime = maritimeForFile();
let fixture: VoyageMetricsFixture;
let freeKey: string;

type Row = Record<string, unknown>;

const VALID = {
  vessel_type: 'bulk_carrier',
  route_code: 'NLRTM-SGSIN',
  origin_port: 'rotterdam',
  destination_port: 'singapore',
  rate_value: 41.25,
  rate_unit: 'usd_per_t',
  assessed_on: '2026-02-27',
};

beforeAll(async () => {
  fixture = await insertVoyageMetricsFixture(maritime.harness.db);
  freeKey = await maritime.mintKey('free', { owner: 'broker-7' });
});

describe('POST /api/v1/freight-rates', () => {
  it('needs a key', async () => {
    const reply = await maritime.send('POST', '/api/v1/freight-rates', VALID);
    expect(reply.status).toBe(401);
    expectErrorBody('code', reply.body, 'api_key_required');
  });

  it('records a rate under the key owner, as source user, and shows no submitter', async () => {
    const reply = await maritime.send<{ freight_rate: Row }>(
      'POST',
      '/api/v1/freight-rates',
      VALID,
      freeKey,
    );
    expect(reply.status).toBe(201);
    expect(reply.body.freight_rate).toMatchObject({
      vessel_type: 'bulk_carrier',
      route_code: 'NLRTM-SGSIN',
      origin_port: 'rotterdam',
      destination_port: 'singapore',
      rate_value: 41.25,
      rate_unit: 'usd_per_t',
      assessed_on: '2026-02-27',
      source: 'user',
    });
    expect(reply.body.freight_rate).not.toHaveProperty('submitted_by');
    const [stored] = (await maritime.harness.db.query(
      'SELECT submitted_by FROM freight_rates WHERE id = $1',
      [reply.body.freight_rate.id],
    )) as { submitted_by: string }[];
    expect(stored!.submitted_by).toBe('broker-7');
  });

  it('answers 409 freight_rate_exists for the same type, route, day and source', async () => {
    const again = await maritime.send('POST', '/api/v1/freight-rates', VALID, freeKey);
    expect(again.status).toBe(409);
    expectErrorBody('code', again.body, 'freight_rate_exists');
    const otherSource = await maritime.send(
      'POST',
      '/api/v1/freight-rates',
      { ...VALID, source: 'baltic_broker' },
      freeKey,
    );
    expect(otherSource.status).toBe(201);
  });

  it('accepts today and optional ports, refuses a future day', async () => {
    const today = await maritime.send(
      'POST',
      '/api/v1/freight-rates',
      {
        vessel_type: 'tanker',
        route_code: 'X1',
        rate_value: 9000,
        rate_unit: 'usd_per_day',
        assessed_on: '2026-03-31',
      },
      freeKey,
    );
    expect(today.status).toBe(201);
    expect(today.body).toMatchObject({
      freight_rate: { origin_port: null, destination_port: null },
    });
    const future = await maritime.send<{ details: { field: string }[] }>(
      'POST',
      '/api/v1/freight-rates',
      { ...VALID, assessed_on: '2026-04-01' },
      freeKey,
    );
    expect(future.status).toBe(400);
    expectErrorBody('code', future.body, 'invalid_request');
    expect(future.body.details.map((d) => d.field)).toEqual(['assessed_on']);
  });

  it.each([
    ['rate_value', { rate_value: 0 }],
    ['rate_value', { rate_value: 10_000_000.01 }],
    ['rate_value', { rate_value: 12.345 }],
    ['rate_value', { rate_value: '12' }],
    ['route_code', { route_code: 'nlrtm-sgsin' }],
    ['route_code', { route_code: 'A' }],
    ['route_code', { route_code: 'A'.repeat(33) }],
    ['rate_unit', { rate_unit: 'usd_per_week' }],
    ['vessel_type', { vessel_type: 'spaceship' }],
    ['assessed_on', { assessed_on: '2026-02-30' }],
    ['assessed_on', { assessed_on: '2026-02-27T00:00:00Z' }],
    ['assessed_on', { assessed_on: '0000-01-01' }],
    ['assessed_on', { assessed_on: '1899-12-31' }],
    ['source', { source: 'index' }],
    ['source', { source: 'Broker' }],
    ['origin_port', { origin_port: 'Not A Slug' }],
  ])('refuses a bad %s with 400 and its field in details', async (field, change) => {
    const reply = await maritime.send<{ details: { field: string }[] }>(
      'POST',
      '/api/v1/freight-rates',
      { ...VALID, assessed_on: '2026-02-20', ...change },
      freeKey,
    );
    expect(reply.status).toBe(400);
    expectErrorBody('code', reply.body, 'invalid_request');
    expect(reply.body.details.map((d) => d.field)).toContain(field);
  });

  it('refuses a missing field, an unknown field, and answers 404 for an unknown port', async () => {
    const { rate_unit: _dropped, ...missing } = VALID;
    expect((await maritime.send('POST', '/api/v1/freight-rates', missing, freeKey)).status).toBe(
      400,
    );
    const unknownField = await maritime.send(
      'POST',
      '/api/v1/freight-rates',
      { ...VALID, submitted_by: 'me' },
      freeKey,
    );
    expect(unknownField.status).toBe(400);
    const port = await maritime.send(
      'POST',
      '/api/v1/freight-rates',
      { ...VALID, assessed_on: '2026-02-21', destination_port: 'atlantis' },
      freeKey,
    );
    expect(port.status).toBe(404);
    expectErrorBody('code', port.body, 'port_not_found');
  });

  it('never lets a submitted rate feed earnings', async () => {
    // A user rate of 1,000 on V1's departure day would dwarf the index's 12.5.
    await maritime.send(
      'POST',
      '/api/v1/freight-rates',
      { ...VALID, rate_value: 1000, assessed_on: '2026-03-01', source: 'shipbroker' },
      freeKey,
    );
    await maritime.harness.instances[0]!.app.get(VoyageMetricsService).computeAll({ all: true });
    const [v1] = (await maritime.harness.db.query(
      'SELECT freight_rate_usd_t::float8 AS rate FROM voyage_earnings WHERE voyage_id = $1',
      [fixture.voyages.V1],
    )) as { rate: number }[];
    expect(v1!.rate).toBe(12.5);
  });
});

describe('GET /api/v1/freight-rates', () => {
  it('lists index and submitted rates newest first, public, without submitters', async () => {
    const reply = await maritime.get<{
      freight_rates: Row[];
      count: number;
      limit_applied: number;
    }>('/api/v1/freight-rates');
    expect(reply.status).toBe(200);
    expect(reply.body.limit_applied).toBe(50);
    const days = reply.body.freight_rates.map((r) => r.assessed_on as string);
    expect([...days].sort().reverse()).toEqual(days);
    expect(new Set(reply.body.freight_rates.map((r) => r.source))).toEqual(
      new Set(['index', 'user', 'baltic_broker', 'shipbroker']),
    );
    for (const rate of reply.body.freight_rates) expect(rate).not.toHaveProperty('submitted_by');
  });

  it('filters by vessel type and route code', async () => {
    const tanker = await maritime.get<{ freight_rates: Row[] }>(
      '/api/v1/freight-rates?vessel_type=tanker',
    );
    expect(tanker.body.freight_rates.map((r) => r.route_code)).toEqual(['X1']);
    const route = await maritime.get<{ freight_rates: Row[] }>(
      '/api/v1/freight-rates?vessel_type=bulk_carrier&route_code=NLRTM-SGSIN',
    );
    expect(route.body.freight_rates.length).toBeGreaterThanOrEqual(5);
    for (const r of route.body.freight_rates) expect(r.route_code).toBe('NLRTM-SGSIN');
    const bad = await maritime.get<{ details: { field: string }[] }>(
      '/api/v1/freight-rates?vessel_type=all',
    );
    expect(bad.status).toBe(400);
    expect(bad.body.details.map((d) => d.field)).toEqual(['vessel_type']);
  });

  it('clamps the limit to 200 and echoes it; 0 is 400', async () => {
    const clamped = await maritime.get<{ limit_applied: number }>(
      '/api/v1/freight-rates?limit=999',
    );
    expect(clamped.status).toBe(200);
    expect(clamped.body.limit_applied).toBe(200);
    const two = await maritime.get<{ freight_rates: Row[] }>('/api/v1/freight-rates?limit=2');
    expect(two.body.freight_rates).toHaveLength(2);
    for (const bad of ['0', '2.5']) {
      const reply = await maritime.get(`/api/v1/freight-rates?limit=${bad}`);
      expect(reply.status).toBe(400);
      expectErrorBody('code', reply.body, 'invalid_request');
    }
  });
});
