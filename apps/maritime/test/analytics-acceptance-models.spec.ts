// Black-box acceptance of predict-destination on the small seed and its seeded model: the
// rejections, a valid answer's shape, and top-3 accuracy on the first halves of 50 seeded
// voyages (the latest departures, which the model held out).
import { expectErrorBody } from '@platform/testing';
import { cellToParent, getResolution, isValidCell } from 'h3-js';
import { maritimeForFile } from './support/maritime-harness';
import { smallSeedTemplate } from './support/small-seed';

const maritime = maritimeForFile({ ...smallSeedTemplate });
let key = '';
const MMSI = '351000777';

interface Prediction {
  port: string;
  probability: number;
}
type Body = Record<string, unknown>;

const predict = (body: unknown, withKey = key) =>
  maritime.send<{ predictions: Prediction[]; model: Body } & Body>(
    'POST',
    '/api/v1/predict-destination',
    body,
    withKey,
  );

/** A valid request padded with spaces to about `bytes` bytes. */
const padded = (body: Body, bytes: number): string => {
  const json = JSON.stringify(body);
  return json.slice(0, -1) + ' '.repeat(Math.max(0, bytes - json.length)) + '}';
};

function expectSortedKnown(predictions: readonly Prediction[], slugs: ReadonlySet<string>): void {
  expect(predictions.length).toBeGreaterThan(0);
  expect(predictions.length).toBeLessThanOrEqual(5);
  expect(predictions.reduce((s, p) => s + p.probability, 0)).toBeLessThanOrEqual(1 + 1e-4);
  for (let i = 1; i < predictions.length; i += 1) {
    const [a, b] = [predictions[i - 1]!, predictions[i]!];
    expect(
      a.probability > b.probability || (a.probability === b.probability && a.port < b.port),
    ).toBe(true);
  }
  for (const p of predictions) {
    expect(slugs.has(p.port)).toBe(true);
    expect(p.probability).toBeGreaterThan(0);
    expect(p.probability).toBeLessThanOrEqual(1);
  }
}

let slugs = new Set<string>();
let lane: string[] = [];

beforeAll(async () => {
  key = await maritime.mintKey('pro', { owner: 'acceptance-models' });
  const ports = await maritime.get<{ ports: { slug: string }[] }>('/api/v1/ports', key);
  slugs = new Set(ports.body.ports.map((p) => p.slug));
  const [voyage] = (await maritime.harness.db.query(
    `SELECT h3_sequence FROM voyages WHERE status = 'completed' AND cardinality(h3_sequence) >= 8
     ORDER BY departed_at DESC, id LIMIT 1`,
  )) as { h3_sequence: string[] }[];
  lane = voyage!.h3_sequence.slice(0, Math.ceil(voyage!.h3_sequence.length / 2));
});

describe('predict-destination', () => {
  it('has a seeded, active model', async () => {
    const model = await maritime.get<{ model: Body }>('/api/v1/predict-destination/model');
    expect(model.status).toBe(200);
    expect(model.body.model).toMatchObject({ version: expect.any(String) });
    expect(slugs.size).toBe(40);
  });

  it('rejects > 32 KB (413), 257 cells, a res-7 cell and a missing mmsi (400)', async () => {
    const large = await predict(padded({ mmsi: MMSI, active_h3_sequence: lane }, 33 * 1024));
    expect(large.status).toBe(413);
    expectErrorBody('code', large.body, 'payload_too_large');
    const cases: [Body, string][] = [
      [{ mmsi: MMSI, active_h3_sequence: Array(257).fill(lane[0]) }, 'active_h3_sequence'],
      [{ mmsi: MMSI, active_h3_sequence: [cellToParent(lane[0]!, 7)] }, 'active_h3_sequence'],
      [{ active_h3_sequence: lane }, 'mmsi'],
    ];
    for (const [body, field] of cases) {
      const reply = await predict(body);
      expect(reply.status).toBe(400);
      expectErrorBody('code', reply.body, 'invalid_request');
      const details = reply.body['details'] as { field: string }[];
      expect(details.map((d) => d.field)).toContain(field);
    }
  });

  it('answers at most 5 known ports, sorted, with Σp ≤ 1 + 1e-4', async () => {
    expect(lane.every((c) => isValidCell(c) && getResolution(c) === 8)).toBe(true);
    for (const body of [
      { mmsi: MMSI, active_h3_sequence: lane },
      { mmsi: MMSI, active_h3_sequence: lane, draft_current: 14 },
      { mmsi: MMSI, active_h3_sequence: lane, draft_delta: -2 },
      { mmsi: MMSI, active_h3_sequence: [lane[0]] },
    ]) {
      const reply = await predict(body);
      expect(reply.status).toBe(200);
      expectSortedKnown(reply.body.predictions, slugs);
      expect(typeof reply.body.model['fallback']).toBe('boolean');
    }
  });

  it('puts the true destination in the top 3 for ≥ 60 % of 50 seeded voyage first halves', async () => {
    const voyages = (await maritime.harness.db.query(
      `SELECT v.h3_sequence AS cells, p.slug AS dest, s.mmsi, v.laden
       FROM voyages v JOIN ports p ON p.id = v.dest_port_id JOIN vessels s ON s.imo = v.imo
       WHERE v.status = 'completed' AND cardinality(v.h3_sequence) >= 2
       ORDER BY v.departed_at DESC, v.id LIMIT 50`,
    )) as { cells: string[]; dest: string; mmsi: string; laden: boolean | null }[];
    expect(voyages).toHaveLength(50);
    let hits = 0;
    for (const voyage of voyages) {
      const reply = await predict({
        mmsi: voyage.mmsi,
        active_h3_sequence: voyage.cells.slice(0, Math.ceil(voyage.cells.length / 2)),
      });
      expect(reply.status).toBe(200);
      expectSortedKnown(reply.body.predictions, slugs);
      if (reply.body.predictions.slice(0, 3).some((p) => p.port === voyage.dest)) hits += 1;
    }
    expect(hits / voyages.length).toBeGreaterThanOrEqual(0.6);
  });
});
