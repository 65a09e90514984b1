/**
 * P&I cover per policy year (20 February to 20 February, the International Group's year), from
 * the vessel's cover level: continuous cover with one club (sometimes an IG club in earlier years
 * before moving to a fixed-premium insurer), cover that was not renewed this year (lapsed), or
 * none at all (never covered, or lapsed more than a year ago).
 */
import { hashUnit } from '../prng';
import { PI_CLUBS } from '../reference/pi-clubs';
import type { Row } from '../tables';
import { DAY_MS, isoDay, utcYear } from '../time';
import type { Vessel } from '../types';
import type { RegistryPlan } from './plan';

export interface PiPolicyRow {
  vessel: number;
  club: number;
  igMember: boolean;
  clubTier: 'low' | 'medium' | 'high';
  policyYear: number;
  inceptionMs: number;
  expiryMs: number;
}

const policyStart = (year: number): number => Date.UTC(year, 1, 20);

export function policyYearOf(ms: number): number {
  const year = utcYear(ms);
  return ms >= policyStart(year) ? year : year - 1;
}

const IG_CLUBS = PI_CLUBS.map((c, i) => ({ c, i }))
  .filter((x) => x.c.igMember)
  .map((x) => x.i);

export function policiesFor(
  vessel: Vessel,
  plan: RegistryPlan,
  historyStartMs: number,
  asOfMs: number,
): PiPolicyRow[] {
  const current = policyYearOf(asOfMs);
  const first = policyYearOf(historyStartMs) - 1;
  let last = current;
  if (plan.pi === 'lapsed') last = current - 1;
  if (plan.pi === 'none') {
    // Half never had cover; the others lost it more than a year before asOf.
    const olderCover = hashUnit(plan.historyKey, 1) < 0.5;
    last = current - 2;
    if (!olderCover || policyStart(last + 1) >= asOfMs - 366 * DAY_MS) return [];
  }
  // Some fixed-premium entrants were with an International Group club in earlier years.
  const downgraded = !PI_CLUBS[plan.club]?.igMember && hashUnit(plan.historyKey, 2) < 0.3;
  const switchYear = first + Math.floor(hashUnit(plan.historyKey, 3) * (last - first + 1));
  const earlierClub = IG_CLUBS[
    Math.floor(hashUnit(plan.historyKey, 4) * IG_CLUBS.length)
  ] as number;
  const rows: PiPolicyRow[] = [];
  for (let year = first; year <= last; year += 1) {
    const club = downgraded && year < switchYear ? earlierClub : plan.club;
    const def = PI_CLUBS[club];
    if (def === undefined) continue;
    rows.push({
      vessel: vessel.index,
      club,
      igMember: def.igMember,
      clubTier: def.riskTier,
      policyYear: year,
      inceptionMs: policyStart(year),
      expiryMs: policyStart(year + 1),
    });
  }
  return rows;
}

export function piCoverageRows(
  vessels: readonly Vessel[],
  policies: readonly PiPolicyRow[],
): Row[] {
  return policies.map((p, i) => [
    i + 1,
    (vessels[p.vessel] as Vessel).imo,
    p.club + 1,
    'owners_entry',
    p.policyYear,
    isoDay(p.inceptionMs),
    isoDay(p.expiryMs),
    null,
    (vessels[p.vessel] as Vessel).gt,
    'seed',
    null,
  ]);
}
