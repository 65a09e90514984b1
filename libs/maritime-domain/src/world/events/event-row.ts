/** Helpers shared by the event tables: rounding, severities and id assignment in time order. */
import type { Row } from '../tables';

export type Severity = 'critical' | 'warning' | 'info';

export const round = (value: number, digits: number): number => {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
};

/** A row without its id, with the instant it is ordered by. */
export interface PendingRow {
  occurredMs: number;
  /** Tie-breaker after the instant (vessel index, then kind…). */
  order: number;
  cells: readonly Row[number][];
}

/** Sorts by detection time and numbers the rows from 1, the id going first. */
export function numberRows(pending: PendingRow[]): Row[] {
  pending.sort((a, b) => a.occurredMs - b.occurredMs || a.order - b.order);
  return pending.map((p, i) => [i + 1, ...p.cells]);
}

export const zoneId = (zone: number | null): number | null => (zone === null ? null : zone + 1);
export const portId = (port: number): number => port + 1;
