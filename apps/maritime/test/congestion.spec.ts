// Port congestion on hand-built port calls: the snapshot recomputed by hand (edges of the
// occupancy windows, baselines, the index and its levels), history by hour and by day, the
// refresh route and its job, and the hourly job's runs.
import { congestionIndex, congestionLevel } from '@platform/maritime-domain';
import { JobDispatcher, QueueRegistry } from '@platform/queues';
import { expectErrorBody } from '@platform/testing';
import { CongestionSnapshotService } from '../src/pipeline/congestion/congestion-snapshot.service';
import {
  EXPECTED_AT_SNAPSHOT,
  SNAPSHOT_AT,
  insertCongestionWorld,
} from './support/congestion-fixtures';
import { maritimeForFile } from './support/maritime-harness';

const maritime = maritimeForFile();
const app = () => maritime.harness.instances[0]!.app;

interface Snapshot {
  port: string;
  port_name: string;
  taken_at: string;
  congestion_index: number;
  level: string;
  vessels_waiting: number;
  vessels_at_berth: number;
  avg_wait_hours: number | null;
  baseline_waiting: number | null;
  baseline_wait_hours: number | null;
}

interface Period extends Omit<Snapshot, 'port' | 'port_name' | 'taken_at'> {
  period_start: string;
  snapshots: number;
}

let proKey = '';

beforeAll(async () => {
  await insertCongestionWorld(maritime.harness.db);
  proKey = await maritime.mintKey('pro');
});

async function jobRuns(): Promise<{ status: string; job_id: string | null; trigger: string }[]> {
  return (await maritime.harness.db.query(
    `SELECT status, job_id, trigger FROM job_runs WHERE job = 'congestion-snapshot' ORDER BY id`,
  )) as { status: string; job_id: string | null; trigger: string }[];
}

describe('congestion snapshots', () => {
  it('computes occupancy, waits, baselines and the index as worked out by hand', async () => {
    const written = await app().get(CongestionSnapshotService).snapshot(new Date(SNAPSHOT_AT));
    expect(written).toEqual({ ports: 5 });
    const reply = await maritime.get<{ congestion: Snapshot[]; count: number }>(
      '/api/v1/congestion',
    );
    expect(reply.status).toBe(200);
    expect(reply.body.count).toBe(5);
    const bySlug = Object.fromEntries(reply.body.congestion.map((s) => [s.port, s]));
    for (const [slug, expected] of Object.entries(EXPECTED_AT_SNAPSHOT))
      expect({ slug, ...bySlug[slug] }).toMatchObject({ slug, taken_at: SNAPSHOT_AT, ...expected });
    // most congested first
    expect(reply.body.congestion.map((s) => s.port)).toEqual([
      'edge-clamped',
      'rotterdam',
      'edge-eighty',
      'edge-below',
      'singapore',
    ]);
  });

  it('gives an index that recomputes from the returned fields, with its level', async () => {
    const reply = await maritime.get<{ congestion: Snapshot[] }>('/api/v1/congestion');
    for (const s of reply.body.congestion) {
      const index = congestionIndex({
        waiting: s.vessels_waiting,
        avgWaitH: s.avg_wait_hours,
        baselineWaiting: s.baseline_waiting,
        baselineWaitH: s.baseline_wait_hours,
      });
      expect({ port: s.port, index }).toEqual({ port: s.port, index: s.congestion_index });
      expect(congestionLevel(s.congestion_index)).toBe(s.level);
    }
  });

  it('answers one port, 404 for an unknown one and 400 for a malformed slug', async () => {
    const one = await maritime.get<{ congestion: Snapshot[]; count: number }>(
      '/api/v1/congestion?port=rotterdam',
    );
    expect(one.status).toBe(200);
    expect(one.body.count).toBe(1);
    expect(one.body.congestion[0]).toMatchObject({ port: 'rotterdam', port_name: 'Rotterdam' });
    const unknown = await maritime.get('/api/v1/congestion?port=atlantis');
    expect(unknown.status).toBe(404);
    expectErrorBody('code', unknown.body, 'port_not_found');
    const malformed = await maritime.get('/api/v1/congestion?port=Not%20A%20Slug');
    expect(malformed.status).toBe(400);
    expectErrorBody('code', malformed.body, 'invalid_request');
  });

  it('is idempotent: a snapshot taken again at the same instant replaces the row', async () => {
    const service = app().get(CongestionSnapshotService);
    expect(await service.snapshot(new Date(SNAPSHOT_AT), 'rotterdam')).toEqual({ ports: 1 });
    expect(await service.snapshot(new Date(SNAPSHOT_AT), 'atlantis')).toEqual({ ports: 0 });
    const [{ n }] = (await maritime.harness.db.query(
      'SELECT count(*)::int AS n FROM congestion_snapshots WHERE taken_at = $1',
      [SNAPSHOT_AT],
    )) as { n: number }[];
    expect(n).toBe(5);
  });
});

describe('congestion history', () => {
  beforeAll(async () => {
    // Two days of hourly snapshots: 2026-03-30T00:00Z … 2026-03-31T23:00Z.
    const backfill = await app()
      .get(CongestionSnapshotService)
      .backfill(new Date('2026-04-01T00:00:00Z'), 2);
    expect(backfill).toEqual({ rows: 5 * 48 });
  });

  it('gives hourly rows newest first, and daily rows that are the means of the hours', async () => {
    const hours = await maritime.get<{ history: Period[]; count: number; limit_applied: number }>(
      '/api/v1/congestion/history?port=rotterdam&from=2026-03-30&interval=hour&limit=100',
    );
    expect(hours.status).toBe(200);
    expect(hours.body).toMatchObject({ port: 'rotterdam', interval: 'hour', count: 48 });
    expect(hours.body.limit_applied).toBe(100);
    expect(hours.body.history[0]!.period_start).toBe('2026-03-31T23:00:00.000Z');
    expect(hours.body.history.at(-1)!.period_start).toBe('2026-03-30T00:00:00.000Z');
    const noon = hours.body.history.find((p) => p.period_start === SNAPSHOT_AT)!;
    expect(noon).toMatchObject({ snapshots: 1, ...EXPECTED_AT_SNAPSHOT['rotterdam'] });

    const days = await maritime.get<{ history: Period[] }>(
      '/api/v1/congestion/history?port=rotterdam&from=2026-03-30&interval=day',
    );
    expect(days.status).toBe(200);
    expect(days.body.history.map((p) => p.period_start)).toEqual([
      '2026-03-31T00:00:00.000Z',
      '2026-03-30T00:00:00.000Z',
    ]);
    for (const day of days.body.history) {
      const inDay = hours.body.history.filter(
        (h) => h.period_start.slice(0, 10) === day.period_start.slice(0, 10),
      );
      expect(inDay).toHaveLength(24);
      expect(day.snapshots).toBe(24);
      const mean = (pick: (p: Period) => number) =>
        inDay.reduce((sum, p) => sum + pick(p), 0) / inDay.length;
      expect(day.congestion_index).toBeCloseTo(
        mean((p) => p.congestion_index),
        1,
      );
      expect(day.vessels_waiting).toBeCloseTo(
        mean((p) => p.vessels_waiting),
        2,
      );
      expect(day.vessels_at_berth).toBeCloseTo(
        mean((p) => p.vessels_at_berth),
        2,
      );
      expect(day.level).toBe(congestionLevel(day.congestion_index));
    }
    // Waiting on 30 March: D 00:00-05:00 (6 h), E 10:00-19:00 (10 h) → 16/24
    expect(days.body.history[1]!.vessels_waiting).toBeCloseTo(16 / 24, 2);
  });

  it('defaults to 30 days and 90 rows, clamps the limit and echoes it', async () => {
    const standard = await maritime.get<{ count: number; limit_applied: number; window: unknown }>(
      '/api/v1/congestion/history?port=rotterdam',
      proKey,
    );
    expect(standard.status).toBe(200);
    // Only the 48 backfilled hours (plus none older) exist in the default 30 days.
    expect(standard.body).toMatchObject({
      count: 48,
      limit_applied: 90,
      window: { from: '2026-03-01T23:59:59.000Z', to: '2026-03-31T23:59:59.000Z' },
    });
    const clamped = await maritime.get<{ count: number; limit_applied: number }>(
      '/api/v1/congestion/history?port=rotterdam&limit=5000',
      proKey,
    );
    expect(clamped.body).toMatchObject({ count: 48, limit_applied: 1000 });
    const five = await maritime.get<{ history: Period[]; limit_applied: number }>(
      '/api/v1/congestion/history?port=rotterdam&limit=5',
    );
    expect(five.body.limit_applied).toBe(5);
    expect(five.body.history.map((p) => p.period_start.slice(11, 13))).toEqual([
      '23',
      '22',
      '21',
      '20',
      '19',
    ]);
    for (const bad of ['limit=0', 'limit=1.5', 'limit=-3', 'limit=ten'])
      expect((await maritime.get(`/api/v1/congestion/history?port=rotterdam&${bad}`)).status).toBe(
        400,
      );
  });

  it('refuses a missing port, an unknown interval, an unknown port and a reversed window', async () => {
    const missing = await maritime.get<{ details: { field: string }[] }>(
      '/api/v1/congestion/history',
    );
    expect(missing.status).toBe(400);
    expectErrorBody('code', missing.body, 'invalid_request');
    expect(missing.body.details.map((d) => d.field)).toContain('port');
    const interval = await maritime.get<{ details: { field: string }[] }>(
      '/api/v1/congestion/history?port=rotterdam&interval=week',
    );
    expect(interval.status).toBe(400);
    expect(interval.body.details.map((d) => d.field)).toContain('interval');
    const unknown = await maritime.get('/api/v1/congestion/history?port=atlantis');
    expect(unknown.status).toBe(404);
    expectErrorBody('code', unknown.body, 'port_not_found');
    const reversed = await maritime.get(
      '/api/v1/congestion/history?port=rotterdam&from=2026-03-31&to=2026-03-30',
    );
    expect(reversed.status).toBe(400);
  });

  it('holds a free caller to 7 days of history: an older explicit from is 403', async () => {
    const anonymous = await maritime.get(
      '/api/v1/congestion/history?port=rotterdam&from=2026-03-20',
    );
    expect(anonymous.status).toBe(403);
    expectErrorBody('code', anonymous.body, 'history_depth_exceeded');
    const starter = await maritime.get(
      '/api/v1/congestion/history?port=rotterdam&from=2026-03-20',
      await maritime.mintKey('starter'),
    );
    expect(starter.status).toBe(200);
    const bounded = await maritime.get<{ window: { from: string } }>(
      '/api/v1/congestion/history?port=rotterdam',
    );
    // the default 30 days are cut to the plan's 7 days before now
    expect(bounded.body.window.from).toBe('2026-03-24T23:59:59.000Z');
  });
});

describe('congestion refresh and the congestion-snapshot job', () => {
  it('needs a key, checks the port, and gives one job per port and minute', async () => {
    const anonymous = await maritime.send('POST', '/api/v1/congestion/refresh', {});
    expect(anonymous.status).toBe(401);
    expectErrorBody('code', anonymous.body, 'api_key_required');
    const unknown = await maritime.send(
      'POST',
      '/api/v1/congestion/refresh',
      { port: 'atlantis' },
      proKey,
    );
    expect(unknown.status).toBe(404);
    expectErrorBody('code', unknown.body, 'port_not_found');
    const extra = await maritime.send(
      'POST',
      '/api/v1/congestion/refresh',
      { ports: ['x'] },
      proKey,
    );
    expect(extra.status).toBe(400);

    const first = await maritime.send(
      'POST',
      '/api/v1/congestion/refresh',
      { port: 'rotterdam' },
      proKey,
    );
    const again = await maritime.send(
      'POST',
      '/api/v1/congestion/refresh',
      { port: 'rotterdam' },
      proKey,
    );
    const all = await maritime.send('POST', '/api/v1/congestion/refresh', {}, proKey);
    const bare = await maritime.send('POST', '/api/v1/congestion/refresh', '', proKey);
    expect(first.status).toBe(202);
    expect(first.body).toEqual({
      job_id: 'congestion-refresh:rotterdam:2026-03-31T23:59Z',
      status: 'queued',
    });
    expect(again.body).toEqual(first.body);
    expect(all.body).toEqual({
      job_id: 'congestion-refresh:all:2026-03-31T23:59Z',
      status: 'queued',
    });
    expect(bare.body).toEqual(all.body);

    const queue = app().get(QueueRegistry).queue('congestion-snapshot');
    const jobs = await queue.getJobs(['waiting']);
    expect(jobs.map((j) => j.id).sort()).toEqual([
      'congestion-refresh_all_2026-03-31T23_59Z',
      'congestion-refresh_rotterdam_2026-03-31T23_59Z',
    ]);
  });

  it('runs a refresh at its minute and the hourly run at the whole hour, each recorded', async () => {
    const queue = app().get(QueueRegistry).queue('congestion-snapshot');
    const job = await queue.getJob('congestion-refresh_rotterdam_2026-03-31T23_59Z');
    const dispatcher = app().get(JobDispatcher);
    const refresh = await dispatcher.runNow('congestion-snapshot', {
      id: job!.id,
      name: job!.name,
      data: job!.data,
    });
    expect(refresh).toEqual({
      acquired: true,
      result: { taken_at: '2026-03-31T23:59:00.000Z', port: 'rotterdam', ports: 1 },
    });
    const hourly = await dispatcher.runNow('congestion-snapshot', { name: 'scheduled' });
    expect(hourly).toEqual({
      acquired: true,
      result: { taken_at: '2026-03-31T23:00:00.000Z', port: null, ports: 5 },
    });
    expect(await jobRuns()).toEqual([
      {
        status: 'succeeded',
        job_id: 'congestion-refresh_rotterdam_2026-03-31T23_59Z',
        trigger: 'refresh',
      },
      { status: 'succeeded', job_id: null, trigger: 'scheduled' },
    ]);

    // A pro key sees the refresh at once; an anonymous caller sees data 15 minutes old.
    const pro = await maritime.get<{ congestion: Snapshot[] }>(
      '/api/v1/congestion?port=rotterdam',
      proKey,
    );
    expect(pro.body.congestion[0]!.taken_at).toBe('2026-03-31T23:59:00.000Z');
    const anonymous = await maritime.get<{ congestion: Snapshot[] }>(
      '/api/v1/congestion?port=rotterdam',
    );
    expect(anonymous.body.congestion[0]!.taken_at).toBe('2026-03-31T23:00:00.000Z');
  });
});
