import { assertIsoDate } from './dates';

/**
 * Business-licence pioneer tier (see docs/geo-scoring/analytics.md#pioneer-tier), computed on
 * insert and refreshed by the daily `licence-tiers` job (a licence turns Dormant once its
 * close_date has passed).
 */

export const PIONEER_TIERS = ['Pioneer', 'Advanced', 'Mature', 'Dormant', 'None'] as const;

export type PioneerTier = (typeof PIONEER_TIERS)[number];

/** Up to this many earlier open same-industry licences nearby, a licence is still "Advanced". */
export const ADVANCED_MAX_PRIOR = 2;

export interface PioneerTierInput {
  /** null or blank = the licence has no NAICS code. */
  naicsCode: string | null;
  /** Prior same-industry licences (see countsAsPrior), ≥ 0. */
  priorCount: number;
  closeDate: string | null;
  /** Today's UTC date. */
  today: string;
}

/**
 * First matching rule wins: Dormant if close_date ≤ today (a closed business is dormant even
 * without a NAICS code); None if no NAICS; Pioneer if prior = 0; Advanced if prior ≤ 2;
 * Mature otherwise.
 */
export function pioneerTier(input: PioneerTierInput): PioneerTier {
  const { naicsCode, priorCount, closeDate, today } = input;
  assertIsoDate('today', today);
  if (!Number.isInteger(priorCount) || priorCount < 0) {
    throw new RangeError(`priorCount must be an integer ≥ 0, got ${priorCount}`);
  }
  if (closeDate !== null) {
    assertIsoDate('closeDate', closeDate);
    if (closeDate <= today) return 'Dormant';
  }
  if (naicsCode === null || naicsCode.trim() === '') return 'None';
  if (priorCount === 0) return 'Pioneer';
  if (priorCount <= ADVANCED_MAX_PRIOR) return 'Advanced';
  return 'Mature';
}

/**
 * The industry key prior licences are matched on: the 4-digit NAICS industry group. A code
 * shorter than 4 digits (a 2- or 3-digit sector) is its own key; null for no code.
 */
export function naicsIndustryGroup(naicsCode: string | null): string | null {
  if (naicsCode === null) return null;
  const code = naicsCode.trim();
  return code === '' ? null : code.slice(0, 4);
}

export interface LicenceForPrior {
  naicsCode: string | null;
  /** Issue timestamp (ISO 8601 UTC). */
  occurredAt: string;
  closeDate: string | null;
}

/**
 * Whether `other` (already known to be in gridDisk(cell, 1)) is a prior of `licence`: same
 * 4-digit NAICS group, opened strictly before it, and still open at that time — no close_date,
 * or a close_date after the new licence's UTC issue date (the same "open" test as
 * `close_date > today` for active licences).
 */
export function countsAsPrior(licence: LicenceForPrior, other: LicenceForPrior): boolean {
  const group = naicsIndustryGroup(licence.naicsCode);
  if (group === null || naicsIndustryGroup(other.naicsCode) !== group) return false;
  const openedAt = Date.parse(licence.occurredAt);
  const otherOpenedAt = Date.parse(other.occurredAt);
  if (Number.isNaN(openedAt) || Number.isNaN(otherOpenedAt)) {
    throw new RangeError('occurredAt must be an ISO 8601 timestamp');
  }
  if (otherOpenedAt >= openedAt) return false;
  if (other.closeDate === null) return true;
  assertIsoDate('closeDate', other.closeDate);
  return other.closeDate > new Date(openedAt).toISOString().slice(0, 10);
}

/**
 * The tier of `licence` among its neighbours: priors are counted over `nearby(c)`
 * for every cell c of `disk` (gridDisk(licence cell, 1)); `isSame` leaves out other versions of
 * the licence itself. Counting stops once the licence is Mature, since more priors change nothing.
 */
export function pioneerTierAmong<T extends LicenceForPrior>(
  licence: LicenceForPrior,
  disk: readonly string[],
  nearby: (cell: string) => Iterable<T>,
  today: string,
  isSame: (other: T) => boolean = () => false,
): PioneerTier {
  let priorCount = 0;
  if (naicsIndustryGroup(licence.naicsCode) !== null) {
    search: for (const cell of disk) {
      for (const other of nearby(cell)) {
        if (isSame(other) || !countsAsPrior(licence, other)) continue;
        if (++priorCount > ADVANCED_MAX_PRIOR) break search;
      }
    }
  }
  return pioneerTier({
    naicsCode: licence.naicsCode,
    priorCount,
    closeDate: licence.closeDate,
    today,
  });
}
