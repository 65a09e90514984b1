// An independent, loop-by-loop recomputation of one congestion snapshot from port calls, to
// check the set-based SQL on seeded data.
import {
  congestionIndex,
  congestionLevel,
  congestionMedian,
  roundTo,
} from '@platform/maritime-domain';
import type { DataSource } from 'typeorm';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

interface CallTimes {
  arrived: number;
  berthed: number | null;
  departed: number | null;
}

const round2 = (x: number): number => roundTo(x, 2);

function waitingAt(calls: readonly CallTimes[], t: number): number {
  return calls.filter((c) => {
    const end = c.berthed ?? c.departed ?? Infinity;
    return c.arrived <= t && t < end;
  }).length;
}

export async function recomputeSnapshot(
  db: DataSource,
  portId: string,
  takenAt: Date,
): Promise<Record<string, number | string | null>> {
  const rows = (await db.query(
    `SELECT arrived_at, berthed_at, departed_at FROM port_calls WHERE port_id = $1::bigint`,
    [portId],
  )) as { arrived_at: Date; berthed_at: Date | null; departed_at: Date | null }[];
  const calls: CallTimes[] = rows.map((r) => ({
    arrived: r.arrived_at.getTime(),
    berthed: r.berthed_at?.getTime() ?? null,
    departed: r.departed_at?.getTime() ?? null,
  }));
  const t = takenAt.getTime();
  const atBerth = calls.filter(
    (c) => c.berthed !== null && c.berthed <= t && t < (c.departed ?? Infinity),
  ).length;
  const waitH = (c: CallTimes): number => ((c.berthed as number) - c.arrived) / HOUR_MS;
  const week = calls.filter(
    (c) => c.berthed !== null && c.berthed > t - 7 * DAY_MS && c.berthed <= t,
  );
  const avgWait = week.length === 0 ? null : week.reduce((s, c) => s + waitH(c), 0) / week.length;
  const day = Math.floor(t / DAY_MS) * DAY_MS;
  const dailyMeans: number[] = [];
  for (let d = day - 89 * DAY_MS; d <= day - 8 * DAY_MS; d += DAY_MS) {
    let sum = 0;
    for (let h = 0; h < 24; h += 1) sum += waitingAt(calls, d + h * HOUR_MS);
    dailyMeans.push(sum / 24);
  }
  const baselineWaits = calls
    .filter(
      (c) => c.berthed !== null && c.berthed >= day - 89 * DAY_MS && c.berthed < day - 7 * DAY_MS,
    )
    .map(waitH);
  const baseWaiting = congestionMedian(dailyMeans);
  const baseWait = congestionMedian(baselineWaits);
  const shown = {
    vessels_waiting: waitingAt(calls, t),
    vessels_at_berth: atBerth,
    avg_wait_hours: avgWait === null ? null : round2(avgWait),
    baseline_waiting: baseWaiting === null ? null : round2(baseWaiting),
    baseline_wait_hours: baseWait === null ? null : round2(baseWait),
  };
  const index = congestionIndex({
    waiting: shown.vessels_waiting,
    avgWaitH: shown.avg_wait_hours,
    baselineWaiting: shown.baseline_waiting,
    baselineWaitH: shown.baseline_wait_hours,
  });
  return { ...shown, congestion_index: index, level: congestionLevel(index) };
}
