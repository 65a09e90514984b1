// Exact rollup deltas of an ingest chunk
// (see docs/geo-scoring/ingestion.md#transactions-and-counts): what the previous versions of
// upserted records contributed is subtracted and what the new versions contribute is added, so a
// record re-ingested with another day, cell or type moves its contribution instead of doubling it.

export const EVENT_TYPES = ['visit', 'transaction', 'checkin', 'review'] as const;
export type EventType = (typeof EVENT_TYPES)[number];

export interface ActivityContribution {
  metroSlug: string;
  day: string;
  h3Index: string;
  h3R5: string;
  eventType: EventType;
}

export interface CrimeContribution {
  metroSlug: string;
  day: string;
  h3Index: string;
  h3R5: string;
  category: string;
  magnitude: number;
}

export interface ActivityR8Delta {
  metroSlug: string;
  day: string;
  h3Index: string;
  /** visits, transactions, checkins, reviews */
  counts: [number, number, number, number];
}

export interface CountDelta {
  day: string;
  h3R5: string;
  count: number;
}

export interface CrimeR8Delta {
  metroSlug: string;
  day: string;
  h3Index: string;
  category: string;
  count: number;
  magnitude: number;
}

export interface CrimeR5Delta extends CountDelta {
  magnitude: number;
}

/** Map values sorted by key, so concurrent ingests lock rollup rows in the same order. */
function sortedValues<T>(map: Map<string, T>): T[] {
  return [...map.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, v]) => v);
}

export function activityDeltas(
  removed: readonly ActivityContribution[],
  added: readonly ActivityContribution[],
): { r8: ActivityR8Delta[]; r5: CountDelta[] } {
  const r8 = new Map<string, ActivityR8Delta>();
  const r5 = new Map<string, CountDelta>();
  const apply = (c: ActivityContribution, sign: number): void => {
    const k8 = `${c.metroSlug}|${c.day}|${c.h3Index}`;
    const row8 = r8.get(k8) ?? {
      metroSlug: c.metroSlug,
      day: c.day,
      h3Index: c.h3Index,
      counts: [0, 0, 0, 0],
    };
    row8.counts[EVENT_TYPES.indexOf(c.eventType)] += sign;
    r8.set(k8, row8);
    const k5 = `${c.day}|${c.h3R5}`;
    const row5 = r5.get(k5) ?? { day: c.day, h3R5: c.h3R5, count: 0 };
    row5.count += sign;
    r5.set(k5, row5);
  };
  removed.forEach((c) => apply(c, -1));
  added.forEach((c) => apply(c, 1));
  return {
    r8: sortedValues(r8).filter((d) => d.counts.some((n) => n !== 0)),
    r5: sortedValues(r5).filter((d) => d.count !== 0),
  };
}

export function crimeDeltas(
  removed: readonly CrimeContribution[],
  added: readonly CrimeContribution[],
): { r8: CrimeR8Delta[]; r5: CrimeR5Delta[] } {
  const r8 = new Map<string, CrimeR8Delta>();
  const r5 = new Map<string, CrimeR5Delta>();
  const apply = (c: CrimeContribution, sign: number): void => {
    const k8 = `${c.metroSlug}|${c.day}|${c.h3Index}|${c.category}`;
    const row8 = r8.get(k8) ?? {
      metroSlug: c.metroSlug,
      day: c.day,
      h3Index: c.h3Index,
      category: c.category,
      count: 0,
      magnitude: 0,
    };
    row8.count += sign;
    row8.magnitude += sign * c.magnitude;
    r8.set(k8, row8);
    const k5 = `${c.day}|${c.h3R5}`;
    const row5 = r5.get(k5) ?? { day: c.day, h3R5: c.h3R5, count: 0, magnitude: 0 };
    row5.count += sign;
    row5.magnitude += sign * c.magnitude;
    r5.set(k5, row5);
  };
  removed.forEach((c) => apply(c, -1));
  added.forEach((c) => apply(c, 1));
  // A re-ingest with another magnitude only changes magnitude_sum: keep count-0 rows then.
  return {
    r8: sortedValues(r8).filter((d) => d.count !== 0 || d.magnitude !== 0),
    r5: sortedValues(r5).filter((d) => d.count !== 0 || d.magnitude !== 0),
  };
}
