// Zoning-board decisions of Boston, Cambridge, Somerville and Newton: outcome
// mix 45/15/20/8/7/5 %, conditions on approvals, 10% of them longer than 200 characters.
import { CONDITION_CLAUSES, VARIANCE_TYPES } from '../catalog/vocabulary';
import type { CopyValue } from '../copy-writer';
import { cellCdf, DAY_MS, isoDay, isoTime, streetAddress, type SeedContext } from '../context';
import { cumulative, Rng } from '@platform/geo-domain';
import { haversineKm, jitter } from '../world';

/** [jurisdiction, lat, lng, radius km, share] */
const JURISDICTIONS = [
  ['Boston', 42.325, -71.075, 7, 55],
  ['Cambridge', 42.375, -71.11, 2.2, 18],
  ['Somerville', 42.39, -71.1, 1.7, 14],
  ['Newton', 42.337, -71.209, 3.5, 13],
] as const;
const JURISDICTION_CDF = cumulative(JURISDICTIONS.map((j) => j[4]));
const OUTCOMES = [
  'Approved',
  'Granted',
  'Granted with Conditions',
  'Denied',
  'Withdrawn',
  'Pending',
] as const;
const OUTCOME_CDF = cumulative([45, 15, 20, 8, 7, 5]);

function caseNumber(jurisdiction: string, year: string, seq: number): string {
  const yy = year.slice(2);
  switch (jurisdiction) {
    case 'Boston':
      return `BOA-${1_400_000 + seq}`;
    case 'Cambridge':
      return `BZA-${String(200_000 + seq)}`;
    case 'Somerville':
      return `ZBA ${year}-${String(seq).padStart(4, '0')}`;
    default:
      return `#${seq}-${yy}`;
  }
}

export function* zbaRows(ctx: SeedContext): Generator<CopyValue[]> {
  const world = ctx.worlds.find((w) => w.entry.slug === 'bos');
  if (world === undefined) return;
  const rng = Rng.stream(ctx.seed, 'zba_decisions', 'bos');
  // Each cell belongs to the nearest jurisdiction whose radius covers it.
  const owner = world.cells.map((cell) => {
    let best = -1;
    let bestKm = Infinity;
    JURISDICTIONS.forEach(([, lat, lng, radius], j) => {
      const km = haversineKm(cell.lat, cell.lng, lat, lng);
      if (km <= radius && km < bestKm) {
        best = j;
        bestKm = km;
      }
    });
    return best;
  });
  const cdfs = JURISDICTIONS.map((_, j) =>
    cellCdf(world, (c) => (owner[world.cellIndex.get(c.h3) ?? -1] === j ? c.activity : 0)),
  );
  const drafts = Array.from({ length: ctx.profile.zbaDecisions }, () => {
    let j = rng.weighted(JURISDICTION_CDF);
    if (cdfs[j][cdfs[j].length - 1] === 0) j = 0;
    return {
      j,
      decided: ctx.asOfMs - rng.int(0, ctx.profile.zbaDays - 1) * DAY_MS,
      r: rng.float(),
    };
  });
  drafts.sort((a, b) => a.decided - b.decided || a.r - b.r);
  const seqs = JURISDICTIONS.map(() => 0);
  let id = 0;
  for (const draft of drafts) {
    const [jurisdiction] = JURISDICTIONS[draft.j];
    const cdf = cdfs[draft.j];
    const cell =
      world.cells[cdf[cdf.length - 1] > 0 ? rng.weighted(cdf) : rng.int(0, world.cells.length - 1)];
    const outcome = OUTCOMES[rng.weighted(OUTCOME_CDF)];
    const decided = isoDay(draft.decided);
    let conditions = '';
    const conditional =
      outcome === 'Granted with Conditions' ||
      ((outcome === 'Approved' || outcome === 'Granted') && rng.chance(0.25));
    if (conditional) {
      const clauses = rng.chance(0.1) ? 4 : 1;
      const picked: string[] = [];
      for (let k = 0; k < clauses; k++) picked.push(`${k + 1}. ${rng.pick(CONDITION_CLAUSES)}`);
      conditions = picked.join(' ');
    }
    const [lat, lng] = jitter(rng, cell.lat, cell.lng, 0.25);
    yield [
      ++id,
      jurisdiction,
      caseNumber(jurisdiction, decided.slice(0, 4), ++seqs[draft.j]),
      streetAddress(world, rng.int(1, 999), rng.int(0, 1000)),
      lat,
      lng,
      cell.h3,
      rng.pick(VARIANCE_TYPES),
      outcome,
      decided,
      conditions,
      isoTime(Math.min(ctx.asOfMs, draft.decided + rng.int(1, 10) * DAY_MS)),
    ];
  }
}

export const ZBA_COLUMNS = [
  'id',
  'jurisdiction',
  'case_number',
  'address',
  'lat',
  'lng',
  'h3_index',
  'variance_type',
  'outcome',
  'decision_date',
  'conditions',
  'source_loaded_at',
] as const;
