import {
  SANCTIONS_MATCH_STRENGTH,
  SANCTIONS_STRENGTH_SUB_SCORES,
  compareSanctionsMatches,
  isDirectSanctionsStrength,
  sanctionsStrengthOf,
  strongestSanctionsMatch,
  strongestSanctionsStrength,
} from './strength';
import type { SanctionsMatch } from './types';

const imo: SanctionsMatch = { match_type: 'direct_imo', matched_field: 'imo' };
const mmsi: SanctionsMatch = { match_type: 'mmsi', matched_field: 'mmsi' };
const current: SanctionsMatch = { match_type: 'name', matched_field: 'vessel_name' };
const former: SanctionsMatch = { match_type: 'name', matched_field: 'former_name' };
const owner: SanctionsMatch = { match_type: 'name', matched_field: 'owner' };
const manager: SanctionsMatch = { match_type: 'name', matched_field: 'manager' };

describe('sanctions match strength', () => {
  it('orders match types IMO > MMSI > name', () => {
    expect(SANCTIONS_MATCH_STRENGTH.direct_imo).toBeGreaterThan(SANCTIONS_MATCH_STRENGTH.mmsi);
    expect(SANCTIONS_MATCH_STRENGTH.mmsi).toBeGreaterThan(SANCTIONS_MATCH_STRENGTH.name);
  });

  it('orders every match, strongest first', () => {
    const ordered = [imo, mmsi, current, former, owner, manager];
    for (let i = 0; i + 1 < ordered.length; i += 1)
      expect(compareSanctionsMatches(ordered[i]!, ordered[i + 1]!)).toBeGreaterThan(0);
    expect(compareSanctionsMatches(owner, { ...owner })).toBe(0);
    expect(strongestSanctionsMatch([manager, former, owner])).toBe(former);
    expect(strongestSanctionsMatch([])).toBeNull();
  });

  it('maps matches to the risk factor strength and sub-score', () => {
    expect([imo, mmsi, current, former, owner, manager, null].map(sanctionsStrengthOf)).toEqual([
      'direct_imo',
      'mmsi',
      'vessel_name',
      'vessel_name',
      'company_name',
      'company_name',
      'none',
    ]);
    expect(SANCTIONS_STRENGTH_SUB_SCORES).toEqual({
      direct_imo: 100,
      mmsi: 90,
      vessel_name: 70,
      company_name: 60,
      none: 0,
    });
    expect(strongestSanctionsStrength([manager, mmsi, former])).toBe('mmsi');
    expect(strongestSanctionsStrength([])).toBe('none');
  });

  it('treats only IMO and MMSI matches as direct', () => {
    expect(isDirectSanctionsStrength('direct_imo')).toBe(true);
    expect(isDirectSanctionsStrength('mmsi')).toBe(true);
    for (const weaker of ['vessel_name', 'company_name', 'none'] as const)
      expect(isDirectSanctionsStrength(weaker)).toBe(false);
  });
});
