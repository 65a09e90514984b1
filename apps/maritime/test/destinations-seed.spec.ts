// Destination prediction and reliability on the small seed: request rejections, 503 before
// training, the trained model's holdout accuracy, predictions on the first halves of seeded
// voyages, reliability limits and order, and the two nightly jobs.
import { JobDispatcher } from '@platform/queues';
import { expectErrorBody } from '@platform/testing';
import { cellToParent } from 'h3-js';
import {
  nowOf,
  paddedBody,
  PredictReply,
  recomputeReliabilityNow,
  trainNow,
} from './support/destinations-support';
import { maritimeForFile } from './support/maritime-harness';
import { smallSeedTemplate } from './support/small-seed';

const maritime = maritimeForFile({ ...smallSeedTemplate });
let starter = '';
let lane: string[] = [];
const MMSI = '351000777';

interface SeedVoyage {
  cells: string[];
  dest: string;
  laden: boolean;
}

const predict = (body: unknown, key = starter) =>
  maritime.send<PredictReply & Record<string, unknown>>(
    'POST',
    '/api/v1/predict-destination',
    body,
    key,
  );

beforeAll(async () => {
  starter = await maritime.mintKey('starter');
  const [voyage] = (await maritime.harness.db.query(
    `SELECT h3_sequence FROM voyages WHERE status = 'completed' AND cardinality(h3_sequence) >= 8
     ORDER BY departed_at DESC, id LIMIT 1`,
  )) as { h3_sequence: string[] }[];
  lane = voyage!.h3_sequence.slice(0, Math.ceil(voyage!.h3_sequence.length / 2));
});

describe('without a model', () => {
  it('answers 503 model_unavailable on both model routes', async () => {
    // Whether or not the seed trained one, start from no model at all.
    await maritime.harness.db.query('DELETE FROM destination_models');
    const reply = await predict({ mmsi: MMSI, active_h3_sequence: lane });
    expect(reply.status).toBe(503);
    expectErrorBody('code', reply.body, 'model_unavailable');
    const model = await maritime.get('/api/v1/predict-destination/model');
    expect(model.status).toBe(503);
    expectErrorBody('code', model.body, 'model_unavailable');
  });
});

describe('with a trained model', () => {
  let trained: Awaited<ReturnType<typeof trainNow>>;

  beforeAll(async () => {
    trained = await trainNow(maritime);
    await recomputeReliabilityNow(maritime);
  });

  it('reports the holdout accuracy of the active model (top-3 ≥ 0.6)', async () => {
    expect(trained.activated).toBe(true);
    const reply = await maritime.get<{ model: Record<string, unknown> }>(
      '/api/v1/predict-destination/model',
    );
    expect(reply.status).toBe(200);
    expect(reply.body.model).toEqual({
      version: trained.version,
      trained_at: nowOf(maritime).toISOString(),
      voyages_train: trained.voyages_train,
      voyages_holdout: trained.voyages_holdout,
      top1_accuracy: trained.top1_acc,
      top3_accuracy: trained.top3_acc,
    });
    expect(trained.voyages_holdout).toBe(
      Math.floor((trained.voyages_train + trained.voyages_holdout) / 10),
    );
    expect(trained.voyages_holdout).toBeGreaterThan(50);
    expect(trained.top3_acc).toBeGreaterThanOrEqual(trained.top1_acc);
    expect(trained.top3_acc).toBeGreaterThanOrEqual(0.6);
  });

  it('rejects bodies over 32 KB, over 256 cells, non-res-8 cells and a missing mmsi', async () => {
    const large = await predict(paddedBody({ mmsi: MMSI, active_h3_sequence: lane }, 33 * 1024));
    expect(large.status).toBe(413);
    expectErrorBody('code', large.body, 'payload_too_large');
    const cell = lane[0]!;
    const many = await predict({ mmsi: MMSI, active_h3_sequence: Array(257).fill(cell) });
    expect(many.status).toBe(400);
    expect(many.body['details']).toEqual([
      expect.objectContaining({ field: 'active_h3_sequence' }),
    ]);
    const res7 = await predict({ mmsi: MMSI, active_h3_sequence: [cellToParent(cell, 7)] });
    expect(res7.status).toBe(400);
    expectErrorBody('code', res7.body, 'invalid_request');
    const noMmsi = await predict({ active_h3_sequence: lane });
    expect(noMmsi.status).toBe(400);
    const details = noMmsi.body['details'] as { field: string }[];
    expect(details.length).toBeGreaterThan(0);
    expect(details.every((d) => d.field === 'mmsi')).toBe(true);
    for (const body of [
      { mmsi: MMSI, active_h3_sequence: [] },
      { mmsi: MMSI, active_h3_sequence: ['not-a-cell'] },
      { mmsi: '123456789', active_h3_sequence: lane },
      { mmsi: MMSI, active_h3_sequence: lane, draft_current: 'deep' },
      { mmsi: MMSI, active_h3_sequence: lane, extra: true },
    ]) {
      const reply = await predict(body);
      expect(reply.status).toBe(400);
      expectErrorBody('code', reply.body, 'invalid_request');
    }
  });

  it('takes exactly 256 cells and a body just under 32 KB', async () => {
    const full = await predict({ mmsi: MMSI, active_h3_sequence: Array(256).fill(lane[0]) });
    expect(full.status).toBe(200);
    const near = await predict(paddedBody({ mmsi: MMSI, active_h3_sequence: lane }, 32 * 1024));
    expect(near.status).toBe(200);
  });

  it('needs a starter key', async () => {
    const anonymous = await predict({ mmsi: MMSI, active_h3_sequence: lane }, '');
    expect(anonymous.status).toBe(401);
    const free = await predict(
      { mmsi: MMSI, active_h3_sequence: lane },
      await maritime.mintKey('free'),
    );
    expect(free.status).toBe(403);
    expectErrorBody('code', free.body, 'plan_upgrade_required');
  });

  it('answers at most 5 ports, sorted, summing to at most 1, all known to /ports', async () => {
    const reply = await predict({ mmsi: MMSI, active_h3_sequence: lane, draft_current: 12 });
    expect(reply.status).toBe(200);
    const { predictions, model } = reply.body;
    expect(predictions.length).toBeGreaterThan(0);
    expect(predictions.length).toBeLessThanOrEqual(5);
    const sum = predictions.reduce((s, p) => s + p.probability, 0);
    expect(sum).toBeLessThanOrEqual(1 + 1e-4);
    for (let i = 1; i < predictions.length; i += 1) {
      const [a, b] = [predictions[i - 1]!, predictions[i]!];
      expect(
        a.probability > b.probability || (a.probability === b.probability && a.port < b.port),
      ).toBe(true);
    }
    const ports = await maritime.get<{ ports: { slug: string }[] }>('/api/v1/ports');
    const slugs = new Set(ports.body.ports.map((p) => p.slug));
    for (const p of predictions) {
      expect(slugs.has(p.port)).toBe(true);
      expect(Number(p.probability.toFixed(4))).toBe(p.probability);
    }
    expect(model).toMatchObject({ version: expect.any(String), fallback: false });
    expect(model.cells_total).toBe(lane.filter((c, i) => i === 0 || lane[i - 1] !== c).length);
    expect(model.cells_used).toBeGreaterThan(0);
  });

  it('puts the true destination in the top 3 for at least 60 % of 50 seeded voyages', async () => {
    const voyages = (await maritime.harness.db.query(
      `SELECT v.h3_sequence AS cells, p.slug AS dest, v.laden
       FROM voyages v JOIN ports p ON p.id = v.dest_port_id
       WHERE v.status = 'completed' AND v.laden IS NOT NULL AND cardinality(v.h3_sequence) >= 2
       ORDER BY v.departed_at DESC, v.id LIMIT 50`,
    )) as SeedVoyage[];
    expect(voyages).toHaveLength(50);
    let hits = 0;
    for (const voyage of voyages) {
      const half = voyage.cells.slice(0, Math.ceil(voyage.cells.length / 2));
      const reply = await predict({
        mmsi: MMSI,
        active_h3_sequence: half,
        draft_current: voyage.laden ? 30 : 1,
      });
      expect(reply.status).toBe(200);
      if (reply.body.predictions.slice(0, 3).some((p) => p.port === voyage.dest)) hits += 1;
    }
    expect(hits / voyages.length).toBeGreaterThanOrEqual(0.6);
  });

  it('lists reliability least reliable first, with tier and limit checks', async () => {
    const reply = await maritime.get<{
      reliability: { imo_number: string; reliability_pct: number; tier: string }[];
      count: number;
      limit_applied: number;
    }>('/api/v1/destination-reliability?limit=1000');
    expect(reply.status).toBe(200);
    expect(reply.body.limit_applied).toBe(500);
    const rows = reply.body.reliability;
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.length).toBeLessThanOrEqual(500);
    expect(reply.body.count).toBe(rows.length);
    for (let i = 1; i < rows.length; i += 1) {
      const [a, b] = [rows[i - 1]!, rows[i]!];
      expect(
        a.reliability_pct < b.reliability_pct ||
          (a.reliability_pct === b.reliability_pct && a.imo_number < b.imo_number),
      ).toBe(true);
    }
    const byDefault = await maritime.get<{ limit_applied: number }>(
      '/api/v1/destination-reliability',
    );
    expect(byDefault.body.limit_applied).toBe(100);
    const reliable = await maritime.get<{ reliability: { tier: string }[] }>(
      '/api/v1/destination-reliability?tier=reliable&limit=500',
    );
    expect(reliable.status).toBe(200);
    expect(reliable.body.reliability.every((r) => r.tier === 'reliable')).toBe(true);
    for (const bad of ['limit=0', 'limit=2.5', 'limit=abc', 'tier=great', 'vessel=9999999']) {
      const refused = await maritime.get(`/api/v1/destination-reliability?${bad}`);
      expect(refused.status).toBe(400);
      expectErrorBody('code', refused.body, 'invalid_request');
    }
  });

  it('runs destination-train and reliability-recompute as jobs, each recorded in job_runs', async () => {
    const dispatcher = maritime.harness.instances[0]!.app.get(JobDispatcher);
    const train = await dispatcher.runNow<{ version: string; activated: boolean }>(
      'destination-train',
    );
    expect(train).toMatchObject({ acquired: true, result: { version: `${trained.version}.2` } });
    const reliability = await dispatcher.runNow<{ vessels: number }>('reliability-recompute');
    expect(reliability).toMatchObject({ acquired: true, result: { vessels: expect.any(Number) } });
    const runs = (await maritime.harness.db.query(
      `SELECT job, status FROM job_runs WHERE job IN ('destination-train', 'reliability-recompute')
       ORDER BY id`,
    )) as { job: string; status: string }[];
    expect(runs).toEqual([
      { job: 'destination-train', status: 'succeeded' },
      { job: 'reliability-recompute', status: 'succeeded' },
    ]);
  });
});
