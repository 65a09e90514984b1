import type { SanctionsMatch, SanctionsMatchedField, SanctionsMatchType } from './types';

/** Ordering of match types: a higher number is a stronger match. */
export const SANCTIONS_MATCH_STRENGTH: Readonly<Record<SanctionsMatchType, number>> = {
  direct_imo: 3,
  mmsi: 2,
  name: 1,
};

/**
 * Ordering of matched fields, used to break ties inside a match type: the current name beats a
 * former name, and the owner beats the manager.
 */
export const SANCTIONS_FIELD_STRENGTH: Readonly<Record<SanctionsMatchedField, number>> = {
  imo: 6,
  mmsi: 5,
  vessel_name: 4,
  former_name: 3,
  owner: 2,
  manager: 1,
};

/** Positive when `a` is the stronger match, negative when `b` is, 0 when they are equally strong. */
export function compareSanctionsMatches(a: SanctionsMatch, b: SanctionsMatch): number {
  return (
    SANCTIONS_MATCH_STRENGTH[a.match_type] - SANCTIONS_MATCH_STRENGTH[b.match_type] ||
    SANCTIONS_FIELD_STRENGTH[a.matched_field] - SANCTIONS_FIELD_STRENGTH[b.matched_field]
  );
}

/** The strongest of several matches (the first of equals), or null when there are none. */
export function strongestSanctionsMatch<M extends SanctionsMatch>(matches: Iterable<M>): M | null {
  let best: M | null = null;
  for (const match of matches)
    if (best === null || compareSanctionsMatches(match, best) > 0) best = match;
  return best;
}

/**
 * The sanctions evidence the risk score reads, from strongest to none: the vessel's IMO, one of
 * its MMSIs, its current or a former name, or the name of its owner or manager.
 */
export type SanctionsStrength = 'direct_imo' | 'mmsi' | 'vessel_name' | 'company_name' | 'none';

export const SANCTIONS_STRENGTHS: readonly SanctionsStrength[] = [
  'direct_imo',
  'mmsi',
  'vessel_name',
  'company_name',
  'none',
];

/** The sanctions_match risk factor's sub-score for each strength. */
export const SANCTIONS_STRENGTH_SUB_SCORES: Readonly<Record<SanctionsStrength, number>> = {
  direct_imo: 100,
  mmsi: 90,
  vessel_name: 70,
  company_name: 60,
  none: 0,
};

/** The risk-factor strength of one match (null → none). */
export function sanctionsStrengthOf(match: SanctionsMatch | null): SanctionsStrength {
  if (match === null) return 'none';
  switch (match.matched_field) {
    case 'imo':
      return 'direct_imo';
    case 'mmsi':
      return 'mmsi';
    case 'vessel_name':
    case 'former_name':
      return 'vessel_name';
    case 'owner':
    case 'manager':
      return 'company_name';
  }
}

/** The risk-factor strength of the strongest of a vessel's matches across all entries. */
export function strongestSanctionsStrength(matches: Iterable<SanctionsMatch>): SanctionsStrength {
  return sanctionsStrengthOf(strongestSanctionsMatch(matches));
}

/** True for the strengths that force the critical risk tier (IMO or MMSI identity matches). */
export function isDirectSanctionsStrength(strength: SanctionsStrength): boolean {
  return strength === 'direct_imo' || strength === 'mmsi';
}
