// Destination prediction and reliability on a hand-built world whose counts are known: every
// probability below is recomputed by hand from the voyages in support/destinations-fixtures.
import { expectErrorBody } from '@platform/testing';
import { cellToChildren, cellToParent, latLngToCell } from 'h3-js';
import {
  buildDestinationWorld,
  CELL_X,
  CELL_Y,
  CELL_Z,
  MODERATE,
  RELIABLE,
  TRAINER,
  UNRELIABLE,
} from './support/destinations-fixtures';
import {
  nowOf,
  PredictReply,
  recomputeReliabilityNow,
  trainNow,
} from './support/destinations-support';
import { maritimeForFile } from './support/maritime-harness';

const maritime = maritimeForFile();
const UNKNOWN_MMSI = '351999999';
let key = '';

type Body = {
  mmsi?: string;
  active_h3_sequence: string[];
  draft_current?: number;
  draft_delta?: number;
};

async function predict(body: Body): Promise<PredictReply> {
  const reply = await maritime.send<PredictReply>(
    'POST',
    '/api/v1/predict-destination',
    { mmsi: UNKNOWN_MMSI, ...body },
    key,
  );
  expect(reply.status).toBe(200);
  return reply.body;
}

const pairs = (reply: PredictReply): [string, number][] =>
  reply.predictions.map((p) => [p.port, p.probability]);

/** X alone: rotterdam 8/12 and singapore 4/12 over both laden states. */
const X_ALL: [string, number][] = [
  ['rotterdam', 0.6667],
  ['singapore', 0.3333],
];
/** X laden: rotterdam 6/7, singapore 1/7. */
const X_LADEN: [string, number][] = [
  ['rotterdam', 0.8571],
  ['singapore', 0.1429],
];
/** X ballast: singapore 3/5, rotterdam 2/5. */
const X_BALLAST: [string, number][] = [
  ['singapore', 0.6],
  ['rotterdam', 0.4],
];

beforeAll(async () => {
  await buildDestinationWorld(maritime.harness.db, nowOf(maritime));
  key = await maritime.mintKey('starter');
});

describe('before training', () => {
  it('answers 503 model_unavailable', async () => {
    const reply = await maritime.send(
      'POST',
      '/api/v1/predict-destination',
      { mmsi: UNKNOWN_MMSI, active_h3_sequence: [CELL_X] },
      key,
    );
    expect(reply.status).toBe(503);
    expectErrorBody('code', reply.body, 'model_unavailable');
  });
});

describe('after training', () => {
  beforeAll(async () => {
    await trainNow(maritime);
    await recomputeReliabilityNow(maritime);
  });

  it('reports the counts and holdout accuracy of the model', async () => {
    const reply = await maritime.get<{ model: Record<string, unknown> }>(
      '/api/v1/predict-destination/model',
    );
    expect(reply.status).toBe(200);
    // 23 voyages: the 2 latest held out; [X] → rotterdam is a hit, [Z] → santos misses singapore.
    expect(reply.body.model).toMatchObject({
      voyages_train: 21,
      voyages_holdout: 2,
      top1_accuracy: 0.5,
      top3_accuracy: 0.5,
      trained_at: nowOf(maritime).toISOString(),
    });
    const counts = (await maritime.harness.db.query(
      `SELECT res, laden, p.slug, n FROM destination_model_counts c
       JOIN ports p ON p.id = c.dest_port_id WHERE res = 0 ORDER BY laden, slug`,
    )) as { res: number; laden: boolean; slug: string; n: number }[];
    expect(counts.map((c) => [c.laden, c.slug, c.n])).toEqual([
      [false, 'rotterdam', 2],
      [false, 'singapore', 3],
      [true, 'rotterdam', 6],
      [true, 'santos', 9],
      [true, 'singapore', 1],
    ]);
  });

  it('without draft information uses both laden states: n(p)/N', async () => {
    const reply = await predict({ active_h3_sequence: [CELL_X] });
    expect(pairs(reply)).toEqual(X_ALL);
    expect(reply.predictions[0]).toMatchObject({ port: 'rotterdam', port_name: 'Rotterdam' });
    expect(reply.model).toMatchObject({ cells_used: 1, cells_total: 1, fallback: false });
  });

  it('(1) draft_delta ≤ −1.0 means ballast, whatever the draft', async () => {
    expect(
      pairs(await predict({ active_h3_sequence: [CELL_X], draft_delta: -1, draft_current: 14 })),
    ).toEqual(X_BALLAST);
  });

  it('(2) draft_delta ≥ +1.0 means laden', async () => {
    expect(
      pairs(await predict({ active_h3_sequence: [CELL_X], draft_delta: 1, draft_current: 2 })),
    ).toEqual(X_LADEN);
  });

  it('(3) a known vessel is laden iff draft ≥ 0.75 × its design draft (12 m → 9 m)', async () => {
    const cells = [CELL_X];
    expect(
      pairs(await predict({ mmsi: TRAINER.mmsi, active_h3_sequence: cells, draft_current: 9 })),
    ).toEqual(X_LADEN);
    expect(
      pairs(await predict({ mmsi: TRAINER.mmsi, active_h3_sequence: cells, draft_current: 8.9 })),
    ).toEqual(X_BALLAST);
  });

  it('(4) an unknown vessel with only a draft is laden iff ≥ 10 m', async () => {
    const cells = [CELL_X];
    expect(pairs(await predict({ active_h3_sequence: cells, draft_current: 9.5 }))).toEqual(
      X_BALLAST,
    );
    expect(pairs(await predict({ active_h3_sequence: cells, draft_current: 10 }))).toEqual(X_LADEN);
    expect(
      pairs(await predict({ active_h3_sequence: cells, draft_current: 12, draft_delta: -0.5 })),
    ).toEqual(X_LADEN);
  });

  it('(5) a small draft change alone leaves the state unknown', async () => {
    expect(pairs(await predict({ active_h3_sequence: [CELL_X], draft_delta: 0.5 }))).toEqual(X_ALL);
  });

  it('uses both states when the laden subset has fewer than 3 voyages', async () => {
    // Z: 5 laden voyages to santos, none in ballast.
    expect(pairs(await predict({ active_h3_sequence: [CELL_Z], draft_delta: -2 }))).toEqual([
      ['santos', 1],
    ]);
  });

  it('weighs cells by recency after collapsing repeats: S(p) = Σ w_i·n_i(p)/N_i', async () => {
    const reply = await predict({ active_h3_sequence: [CELL_X, CELL_X, CELL_Z] });
    const w1 = 0.5 ** ((2 - 1) / 32); // X is cell 1 of 2, Z (weight 1) the last
    const scores = { santos: 1, rotterdam: (w1 * 8) / 12, singapore: (w1 * 4) / 12 };
    const sum = scores.santos + scores.rotterdam + scores.singapore;
    expect(pairs(reply)).toEqual([
      ['santos', Number((1 / sum).toFixed(4))],
      ['rotterdam', Number((scores.rotterdam / sum).toFixed(4))],
      ['singapore', Number((scores.singapore / sum).toFixed(4))],
    ]);
    expect(pairs(reply)).toEqual([
      ['santos', 0.5054],
      ['rotterdam', 0.3297],
      ['singapore', 0.1649],
    ]);
    expect(reply.model).toMatchObject({ cells_used: 2, cells_total: 2, fallback: false });
  });

  it('uses the res-4 parent when the res-5 parent has no counts', async () => {
    const x5 = cellToParent(CELL_X, 5);
    const sibling = cellToChildren(cellToParent(CELL_X, 4), 8).find(
      (c) => cellToParent(c, 5) !== x5,
    )!;
    const reply = await predict({ active_h3_sequence: [sibling] });
    expect(pairs(reply)).toEqual(X_ALL);
    expect(reply.model.cells_used).toBe(1);
  });

  it('falls back to the prior when no cell has 5 voyages', async () => {
    // Y has only 4 voyages. Prior: rotterdam 8, santos 9, singapore 4 of 21.
    const reply = await predict({ active_h3_sequence: [CELL_Y] });
    expect(pairs(reply)).toEqual([
      ['santos', 0.4286],
      ['rotterdam', 0.381],
      ['singapore', 0.1905],
    ]);
    expect(reply.model).toMatchObject({ cells_used: 0, cells_total: 1, fallback: true });
    // Laden prior: rotterdam 6, santos 9, singapore 1 of 16.
    const laden = await predict({ active_h3_sequence: [CELL_Y], draft_delta: 3 });
    expect(pairs(laden)).toEqual([
      ['santos', 0.5625],
      ['rotterdam', 0.375],
      ['singapore', 0.0625],
    ]);
  });

  it('never predicts the port whose radius contains the last cell', async () => {
    const inRotterdam = latLngToCell(51.95, 4.05, 8);
    const reply = await predict({ active_h3_sequence: [CELL_X, inRotterdam] });
    expect(pairs(reply)).toEqual([['singapore', 1]]);
    expect(reply.model).toMatchObject({ cells_used: 1, cells_total: 2, fallback: false });
  });

  it('computes declared-destination reliability by hand', async () => {
    const reply = await maritime.get<{ reliability: Record<string, unknown>[] }>(
      '/api/v1/destination-reliability',
    );
    expect(reply.status).toBe(200);
    const computedAt = nowOf(maritime).toISOString();
    expect(reply.body.reliability).toEqual([
      expect.objectContaining({
        imo_number: TRAINER.imo,
        voyages: 23,
        matched: 0,
        reliability_pct: 0,
        tier: 'unreliable',
      }),
      {
        imo_number: UNRELIABLE,
        vessel_name: 'UNRELIABLE',
        voyages: 4,
        matched: 1,
        reliability_pct: 25,
        tier: 'unreliable',
        last_declared_destination: null,
        last_actual_port: 'rotterdam',
        computed_at: computedAt,
      },
      {
        imo_number: MODERATE,
        vessel_name: 'MODERATE',
        voyages: 3,
        matched: 2,
        reliability_pct: 66.67,
        tier: 'moderate',
        last_declared_destination: 'FOR ORDERS',
        last_actual_port: 'rotterdam',
        computed_at: computedAt,
      },
      expect.objectContaining({
        imo_number: RELIABLE,
        voyages: 5,
        matched: 5,
        reliability_pct: 100,
        tier: 'reliable',
      }),
    ]);
  });

  it('filters reliability by vessel and tier, and applies the limit', async () => {
    const one = await maritime.get<{ reliability: { imo_number: string }[] }>(
      `/api/v1/destination-reliability?vessel=${MODERATE}`,
    );
    expect(one.body.reliability.map((r) => r.imo_number)).toEqual([MODERATE]);
    const unreliable = await maritime.get<{ reliability: { imo_number: string }[] }>(
      '/api/v1/destination-reliability?tier=unreliable',
    );
    expect(unreliable.body.reliability.map((r) => r.imo_number)).toEqual([TRAINER.imo, UNRELIABLE]);
    const limited = await maritime.get<{
      reliability: unknown[];
      limit_applied: number;
      count: number;
    }>('/api/v1/destination-reliability?limit=1');
    expect(limited.body).toMatchObject({ limit_applied: 1, count: 1 });
    const bad = await maritime.get<{ details: { field: string }[] }>(
      '/api/v1/destination-reliability?tier=excellent',
    );
    expect(bad.status).toBe(400);
    expect(bad.body.details).toEqual([expect.objectContaining({ field: 'tier' })]);
  });
});
