import type { DecodedPosition } from '@platform/maritime-domain';
import { latLngToCell } from 'h3-js';

/**
 * A chunk's positions as parallel columns, filled in one pass and sent as PostgreSQL arrays.
 * Instants travel as epoch milliseconds: numbers serialise far faster than Date objects.
 */
export class PositionColumns {
  readonly imo: string[] = [];
  readonly mmsi: string[] = [];
  readonly epochMs: number[] = [];
  readonly lat: number[] = [];
  readonly lon: number[] = [];
  readonly h3: string[] = [];
  readonly sog: (number | null)[] = [];
  readonly cog: (number | null)[] = [];
  readonly heading: (number | null)[] = [];
  readonly navStatus: (number | null)[] = [];
  readonly draft: (number | null)[] = [];
  readonly source: string[] = [];
  /** UTC days of the fixes, for their partitions. */
  readonly days = new Set<string>();

  get length(): number {
    return this.imo.length;
  }

  push(p: DecodedPosition, imo: string, draft: number | null): void {
    const ms = p.timestamp.getTime();
    this.imo.push(imo);
    this.mmsi.push(p.mmsi);
    this.epochMs.push(ms);
    this.lat.push(p.lat);
    this.lon.push(p.lon);
    this.h3.push(latLngToCell(p.lat, p.lon, 8));
    this.sog.push(p.sogKn);
    this.cog.push(p.cogDeg);
    this.heading.push(p.heading);
    this.navStatus.push(p.navStatus);
    this.draft.push(draft);
    this.source.push(p.source);
    this.days.add(dayOf(ms));
  }
}

const DAY_MS = 86_400_000;
let cachedDay = -1;
let cachedDayText = '';

/** `YYYY-MM-DD` of an epoch instant, remembering the last day (fixes come in runs). */
function dayOf(ms: number): string {
  const day = Math.floor(ms / DAY_MS);
  if (day !== cachedDay) {
    cachedDay = day;
    cachedDayText = new Date(day * DAY_MS).toISOString().slice(0, 10);
  }
  return cachedDayText;
}
