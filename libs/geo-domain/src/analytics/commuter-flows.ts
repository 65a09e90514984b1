import { round2 } from '../scoring/rounding';

/**
 * Commuter-flow shares (see docs/geo-scoring/analytics.md#commuter-flows). One side (inbound or
 * outbound) of a tract: `rows` are all the flows of the latest year with the tract at that end,
 * keyed by the OTHER end's GEOID. The total covers every row (the intra-tract flow included) while
 * only `limit` rows are listed, so pct is a share of the full total, not of the page.
 */

export interface FlowRow {
  /** GEOID of the other end (origin_tract for inbound, dest_tract for outbound). */
  tract: string;
  /** LODES S000 workers, > 0. */
  workers: number;
}

export interface FlowShare extends FlowRow {
  /** 100 × workers / total, 2 decimals. */
  pct: number;
}

export interface FlowShares {
  /** total_workers (inbound) or total_residents_working (outbound). */
  total: number;
  flows: FlowShare[];
}

/** workers DESC, then tract ASC (GEOIDs are fixed-width digits, so string order is numeric). */
function byWorkersThenTract(a: FlowRow, b: FlowRow): number {
  if (a.workers !== b.workers) return b.workers - a.workers;
  return a.tract < b.tract ? -1 : a.tract > b.tract ? 1 : 0;
}

export function flowShares(rows: readonly FlowRow[], limit: number): FlowShares {
  if (!Number.isInteger(limit) || limit < 0) {
    throw new RangeError(`limit must be an integer ≥ 0, got ${limit}`);
  }
  let total = 0;
  for (const row of rows) {
    if (!Number.isInteger(row.workers) || row.workers <= 0) {
      throw new RangeError(`workers must be a positive integer, got ${row.workers} (${row.tract})`);
    }
    total += row.workers;
  }
  const flows = [...rows]
    .sort(byWorkersThenTract)
    .slice(0, limit)
    .map((row) => ({
      tract: row.tract,
      workers: row.workers,
      pct: round2((100 * row.workers) / total),
    }));
  return { total, flows };
}

export interface TractNameParts {
  /** tracts.name, e.g. "Census Tract 12.03". */
  name: string;
  /** tracts.county_name, e.g. "Travis County". */
  countyName: string;
  /** tracts.state_abbr, e.g. "TX". */
  stateAbbr: string;
}

/** "Census Tract 12.03, Travis County, TX"; null when the tract is not in `tracts`. */
export function tractDisplayName(tract: TractNameParts | null | undefined): string | null {
  if (tract === null || tract === undefined) return null;
  return `${tract.name}, ${tract.countyName}, ${tract.stateAbbr}`;
}

const GEOID_PATTERN = /^\d{11}$/;
const TRACT_CODE_PATTERN = /^\d{6}$/;

/**
 * Census-style tract name from the 6-digit tract code or the 11-digit GEOID (state 2 + county 3
 * + tract 6): "001203" → "Census Tract 12.03", "001200" → "Census Tract 12" (a 00 suffix is
 * not printed, as the Census Bureau does), "000100" → "Census Tract 1".
 */
export function censusTractName(codeOrGeoid: string): string {
  let code: string;
  if (GEOID_PATTERN.test(codeOrGeoid)) code = codeOrGeoid.slice(5);
  else if (TRACT_CODE_PATTERN.test(codeOrGeoid)) code = codeOrGeoid;
  else throw new RangeError(`not a tract code or GEOID: ${JSON.stringify(codeOrGeoid)}`);
  const base = String(Number(code.slice(0, 4)));
  const suffix = code.slice(4);
  return `Census Tract ${suffix === '00' ? base : `${base}.${suffix}`}`;
}
