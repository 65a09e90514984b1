// Port-arrival forecasts on a hand-built fixture: the daily job's issue recomputed by hand
// (statistical, ml, pipeline), the latest-issue list with its limits, and accuracy scored by hand.
import { JobDispatcher } from '@platform/queues';
import { mlForecast } from '@platform/maritime-domain';
import { expectErrorBody } from '@platform/testing';
import { ForecastIssuer } from '../src/pipeline/forecasts/forecast-issuer.service';
import { maritimeForFile } from './support/maritime-harness';
import { insertForecastFixture, ISSUE_DAY, rotterdamSeries } from './support/forecasts-fixtures';

const maritime = maritimeForFile();

interface Forecast {
  id: number;
  port: string;
  port_name: string;
  method: string;
  metric: string;
  issued_on: string;
  target_date: string;
  horizon_days: number;
  predicted: number;
  lower_80: number;
  upper_80: number;
  confidence: number;
  model_version: string;
}

interface ForecastList {
  forecasts: Forecast[];
  count: number;
  issued_on: string | null;
  limit_applied: number;
}

interface Accuracy {
  port: string;
  method: string;
  metric: string;
  window_days: number;
  horizon_days: number | null;
  n: number;
  n_mape: number;
  mae: number | null;
  mape_pct: number | null;
  directional_accuracy_pct: number | null;
  computed_at: string;
}

const app = () => maritime.harness.instances[0]!.app;

beforeAll(async () => {
  await insertForecastFixture(maritime.harness.db);
});

async function list(query: string): Promise<ForecastList> {
  const reply = await maritime.get<ForecastList>(`/api/v1/forecasts${query}`);
  expect(reply.status).toBe(200);
  return reply.body;
}

describe('forecasts-issue job', () => {
  it('issues today: 14 horizons x 2 ports x 3 methods, and records a job run', async () => {
    const outcome = await app()
      .get(JobDispatcher)
      .runNow<{ issued_on: string; rows: number }>('forecasts-issue');
    expect(outcome).toEqual({ acquired: true, result: { issued_on: ISSUE_DAY, rows: 84 } });
    const runs = (await maritime.harness.db.query(
      `SELECT status FROM job_runs WHERE job = 'forecasts-issue'`,
    )) as { status: string }[];
    expect(runs.map((r) => r.status)).toEqual(['succeeded']);
  });

  it('is idempotent and ignores data from the issue day on', async () => {
    const db = maritime.harness.db;
    const before = (await db.query(
      `SELECT method, target_date::text, predicted::text FROM forecasts
       WHERE issued_on = $1 ORDER BY 1, 2`,
      [ISSUE_DAY],
    )) as unknown[];
    const [port] = (await db.query(`SELECT id FROM ports WHERE slug = 'rotterdam'`)) as {
      id: string;
    }[];
    const [vessel] = (await db.query(`SELECT imo FROM port_calls ORDER BY id LIMIT 1`)) as {
      imo: string;
    }[];
    await db.query(
      `INSERT INTO port_calls (imo, port_id, arrived_at, departed_at)
       VALUES ($1, $2, '2026-03-31T05:00:00Z', '2026-03-31T06:00:00Z')`,
      [vessel!.imo, port!.id],
    );
    expect(await app().get(ForecastIssuer).issue(ISSUE_DAY)).toEqual({ rows: 84 });
    const after = (await db.query(
      `SELECT method, target_date::text, predicted::text FROM forecasts
       WHERE issued_on = $1 ORDER BY 1, 2`,
      [ISSUE_DAY],
    )) as unknown[];
    expect(after).toEqual(before);
    expect(after).toHaveLength(84);
  });
});

describe('GET /forecasts', () => {
  it('gives the statistical method as recomputed by hand', async () => {
    const body = await list('?port=rotterdam&method=statistical');
    expect(body.issued_on).toBe(ISSUE_DAY);
    expect(body.count).toBe(14);
    // σ of the residuals: 21 of them (03-10..03-30), all 0 but 03-24's 4 − 1 = 3:
    // Σr² − n·mean² = 9 − 9/21 = 60/7, σ = √(60/7/20) = √(3/7); half-width 1.2816·σ = 0.839.
    const [first] = body.forecasts;
    expect(first).toEqual({
      id: expect.any(Number),
      port: 'rotterdam',
      port_name: 'Rotterdam',
      method: 'statistical',
      metric: 'arrivals',
      issued_on: ISSUE_DAY,
      target_date: '2026-04-01',
      horizon_days: 1,
      // Wednesday: 03-25, 03-18, 03-11, 03-04 had 3 each.
      predicted: 3,
      lower_80: 2.16,
      upper_80: 3.84,
      confidence: 0.8,
      model_version: 'statistical-v1',
    });
    // Tuesday 04-07: 03-31 is not known yet, so 03-24 (4), 03-17, 03-10, 03-03 (1 each).
    expect(body.forecasts[6]).toMatchObject({
      target_date: '2026-04-07',
      horizon_days: 7,
      predicted: 1.75,
      lower_80: 0.91,
      upper_80: 2.59,
    });
    // Thursday 04-02: four plain days.
    expect(body.forecasts[1]).toMatchObject({ predicted: 1, lower_80: 0.16, upper_80: 1.84 });
  });

  it('gives the ml method as the ridge formula computes it from the same series', async () => {
    const body = await list('?port=rotterdam&method=ml');
    const series = rotterdamSeries();
    // The series starts on 03-03, a Tuesday; the issue is day 28.
    const expected = mlForecast(series, 28, 2);
    expect(expected.filter((f) => f.predicted > 0)).toHaveLength(14);
    expect(body.forecasts.map((f) => [f.predicted, f.lower_80, f.upper_80])).toEqual(
      expected.map((f) => [f.predicted, f.lower_80, f.upper_80]),
    );
    expect(body.forecasts.every((f) => f.model_version === 'ridge-v1')).toBe(true);
  });

  it('gives the pipeline method: the declared port at its reliability, on the ETA day', async () => {
    const body = await list('?port=rotterdam&method=pipeline');
    // No destination model is active, so only the 70 % of the declared port counts; 477 nm at
    // 8 kn is 59.6 h after 03-31 00:00, i.e. 04-02. Interval 0.7 ± 1.2816·√0.7.
    const nonZero = body.forecasts.filter((f) => f.predicted > 0);
    expect(nonZero).toEqual([
      expect.objectContaining({
        target_date: '2026-04-02',
        horizon_days: 2,
        predicted: 0.7,
        lower_80: 0,
        upper_80: 1.77,
        model_version: 'pipeline-v1+no-model',
      }),
    ]);
    const singapore = await list('?port=singapore&method=pipeline');
    expect(singapore.forecasts.every((f) => f.predicted === 0 && f.upper_80 === 0)).toBe(true);
  });

  it('orders the latest issue by target day, then port, and clamps limit to 200', async () => {
    const body = await list('?limit=500');
    expect(body.limit_applied).toBe(200);
    expect(body.count).toBe(84);
    const keys = body.forecasts.map((f) => `${f.target_date}|${f.port}|${f.method}`);
    expect(keys).toEqual([...keys].sort());
    expect(body.forecasts[0]).toMatchObject({ target_date: '2026-04-01', port: 'rotterdam' });
    expect(body.forecasts.every((f) => f.issued_on === ISSUE_DAY)).toBe(true);
    const short = await list('');
    expect(short.limit_applied).toBe(50);
    expect(short.count).toBe(50);
  });

  it('refuses a limit below 1 or not whole, and an unknown method, with details', async () => {
    for (const query of ['?limit=0', '?limit=1.5', '?limit=ten', '?limit=-3']) {
      const reply = await maritime.get(`/api/v1/forecasts${query}`);
      expect([query, reply.status]).toEqual([query, 400]);
      expectErrorBody('code', reply.body, 'invalid_request');
    }
    const method = await maritime.get<{ details: { field: string }[] }>(
      '/api/v1/forecasts?method=arima',
    );
    expect(method.status).toBe(400);
    expectErrorBody('code', method.body, 'invalid_request');
    expect(method.body.details.map((d) => d.field)).toContain('method');
  });

  it('answers 404 port_not_found for an unknown port', async () => {
    const reply = await maritime.get('/api/v1/forecasts?port=atlantis');
    expect(reply.status).toBe(404);
    expectErrorBody('code', reply.body, 'port_not_found');
  });
});

describe('GET /forecasts/accuracy', () => {
  async function accuracy(query: string): Promise<{ accuracy: Accuracy[]; window_days: number }> {
    const reply = await maritime.get<{ accuracy: Accuracy[]; window_days: number }>(
      `/api/v1/forecasts/accuracy${query}`,
    );
    expect(reply.status).toBe(200);
    return reply.body;
  }

  it('scores the hand-built forecasts: MAE, MAPE over actual > 0, direction with ties', async () => {
    const body = await accuracy('?port=singapore&method=statistical');
    // Targets 03-01..03-30: five forecasts. Errors 1, 1.5, 0, 0, 0 → MAE 0.5. Actuals > 0 for
    // three (1, 1, 2) with ape 1.5, 0, 0 → 50 %. Direction vs the day before the issue:
    // (1 vs 1 → 0 / 0 vs 1 → −) no, (+ / 0) no, (− / −) yes, (+ / +) yes, (0 / 0) yes → 60 %.
    expect(body.accuracy).toEqual([
      {
        port: 'singapore',
        method: 'statistical',
        metric: 'arrivals',
        window_days: 90,
        horizon_days: null,
        n: 5,
        n_mape: 3,
        mae: 0.5,
        mape_pct: 50,
        directional_accuracy_pct: 60,
        computed_at: '2026-03-31T23:59:59.000Z',
      },
    ]);
  });

  it('filters by horizon', async () => {
    const one = await accuracy('?port=singapore&method=statistical&horizon=1');
    expect(one.accuracy[0]).toMatchObject({
      horizon_days: 1,
      n: 3,
      n_mape: 1,
      mae: 0.33,
      mape_pct: 0,
      directional_accuracy_pct: 66.67,
    });
    const two = await accuracy('?port=singapore&method=statistical&horizon=2');
    expect(two.accuracy[0]).toMatchObject({
      n: 2,
      n_mape: 2,
      mae: 0.75,
      mape_pct: 75,
      directional_accuracy_pct: 50,
    });
  });

  it('clamps window_days to 365 and echoes it; the older forecast then counts', async () => {
    const body = await accuracy('?port=singapore&method=statistical&window_days=1000');
    expect(body.window_days).toBe(365);
    // Adds 2025-12-01: predicted 4, actual 0, base 0 → error 4, no MAPE, direction + vs 0.
    expect(body.accuracy[0]).toMatchObject({
      window_days: 365,
      n: 6,
      n_mape: 3,
      mae: 1.08,
      mape_pct: 50,
      directional_accuracy_pct: 50,
    });
  });

  it('answers every port and method, with nulls where nothing was scored', async () => {
    const body = await accuracy('');
    expect(body.accuracy.map((a) => `${a.port}|${a.method}`)).toEqual([
      'rotterdam|pipeline',
      'rotterdam|statistical',
      'rotterdam|ml',
      'singapore|pipeline',
      'singapore|statistical',
      'singapore|ml',
    ]);
    expect(body.accuracy[0]).toMatchObject({
      n: 0,
      n_mape: 0,
      mae: null,
      mape_pct: null,
      directional_accuracy_pct: null,
    });
  });

  it('refuses horizon 0 and 15, window_days 0, and unknown methods; 404 for unknown ports', async () => {
    for (const query of [
      '?horizon=0',
      '?horizon=15',
      '?horizon=2.5',
      '?window_days=0',
      '?method=naive',
    ]) {
      const reply = await maritime.get(`/api/v1/forecasts/accuracy${query}`);
      expect([query, reply.status]).toEqual([query, 400]);
      expectErrorBody('code', reply.body, 'invalid_request');
    }
    const port = await maritime.get('/api/v1/forecasts/accuracy?port=atlantis');
    expect(port.status).toBe(404);
    expectErrorBody('code', port.body, 'port_not_found');
  });
});
