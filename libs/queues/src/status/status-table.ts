import type { QueueStatsRow } from '../queue-stats';

export interface ServiceQueues {
  service: string;
  /** The service's Redis key prefix (`mar:`). */
  prefix: string;
  rows: QueueStatsRow[];
}

const COLUMNS = [
  'QUEUE',
  'WAITING',
  'PRIORITIZED',
  'ACTIVE',
  'DELAYED',
  'FAILED',
  'DEAD-LETTERED',
  'OLDEST WAITING',
] as const;

/** `42s`, `4m 12s`, `2h 3m`, `3d 4h`; `-` when nothing waits. */
export function formatAge(seconds: number): string {
  const s = Math.floor(seconds);
  if (s <= 0) return '-';
  if (s < 60) return `${s}s`;
  if (s < 3600) return `${Math.floor(s / 60)}m ${s % 60}s`;
  if (s < 86_400) return `${Math.floor(s / 3600)}h ${Math.floor((s % 3600) / 60)}m`;
  return `${Math.floor(s / 86_400)}d ${Math.floor((s % 86_400) / 3600)}h`;
}

/** One block per service: a heading, then a column-aligned line per queue. */
export function statusTable(services: readonly ServiceQueues[]): string[] {
  const lines: string[] = [];
  for (const { service, prefix, rows } of services) {
    if (lines.length > 0) lines.push('');
    lines.push(`${service} (Redis prefix ${prefix})`);
    if (rows.length === 0) {
      lines.push('  no queues found');
      continue;
    }
    const cells = rows.map((row) => [
      row.queue,
      String(row.waiting),
      String(row.prioritized),
      String(row.active),
      String(row.delayed),
      String(row.failed),
      row.deadLettered === undefined ? '-' : String(row.deadLettered),
      row.waiting === 0 ? '-' : formatAge(row.oldestWaitingAgeSeconds),
    ]);
    const widths = COLUMNS.map((title, i) =>
      Math.max(title.length, ...cells.map((line) => (line[i] ?? '').length)),
    );
    // Names left-aligned, numbers right-aligned, as a terminal reader scans them.
    const render = (line: readonly string[]): string =>
      `  ${line
        .map((cell, i) => (i === 0 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0)))
        .join('  ')}`;
    lines.push(render(COLUMNS), ...cells.map(render));
  }
  return lines;
}

/** The same numbers as JSON, field names as in the API (snake_case). */
export function statusJson(services: readonly ServiceQueues[]): string {
  return JSON.stringify({
    services: services.map(({ service, prefix, rows }) => ({
      service,
      prefix,
      queues: rows.map((row) => ({
        queue: row.queue,
        waiting: row.waiting,
        prioritized: row.prioritized,
        active: row.active,
        delayed: row.delayed,
        failed: row.failed,
        dead_lettered: row.deadLettered ?? null,
        oldest_waiting_age_seconds: row.oldestWaitingAgeSeconds,
      })),
    })),
  });
}
