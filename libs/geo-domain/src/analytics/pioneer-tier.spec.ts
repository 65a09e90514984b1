import {
  countsAsPrior,
  LicenceForPrior,
  naicsIndustryGroup,
  PioneerTier,
  pioneerTier,
} from './pioneer-tier';

const TODAY = '2025-06-15';

type TierCase = [string | null, number, string | null, PioneerTier, string];

describe('pioneerTier', () => {
  it.each<TierCase>([
    // [naics, prior, closeDate, expected, why]
    ['722511', 0, null, 'Pioneer', 'no prior'],
    ['722511', 1, null, 'Advanced', 'prior 1 ≤ 2'],
    ['722511', 2, null, 'Advanced', 'prior 2 ≤ 2'],
    ['722511', 3, null, 'Mature', 'prior 3 > 2'],
    [null, 0, null, 'None', 'no NAICS'],
    ['  ', 5, null, 'None', 'blank NAICS'],
    ['722511', 0, '2025-06-15', 'Dormant', 'closed today (≤ today)'],
    ['722511', 3, '2020-01-01', 'Dormant', 'closed in the past'],
    [null, 0, '2025-06-14', 'Dormant', 'Dormant beats None'],
    ['722511', 0, '2025-06-16', 'Pioneer', 'closes tomorrow: still open'],
  ])('%s prior %d close %s → %s (%s)', (naicsCode, priorCount, closeDate, expected) => {
    expect(pioneerTier({ naicsCode, priorCount, closeDate, today: TODAY })).toBe(expected);
  });

  it('rejects bad input', () => {
    const base = { naicsCode: '722511', closeDate: null, today: TODAY };
    expect(() => pioneerTier({ ...base, priorCount: -1 })).toThrow(RangeError);
    expect(() => pioneerTier({ ...base, priorCount: 0, today: '15/06/2025' })).toThrow(RangeError);
  });
});

describe('prior licences', () => {
  it('matches on the 4-digit NAICS industry group', () => {
    expect(naicsIndustryGroup('722511')).toBe('7225');
    expect(naicsIndustryGroup('72')).toBe('72');
    expect(naicsIndustryGroup(null)).toBeNull();
    expect(naicsIndustryGroup('')).toBeNull();
  });

  const licence: LicenceForPrior = {
    naicsCode: '722511',
    occurredAt: '2025-03-10T12:00:00Z',
    closeDate: null,
  };

  it('counts same-group licences opened earlier and still open then', () => {
    const other = (o: Partial<LicenceForPrior>): LicenceForPrior => ({
      ...licence,
      occurredAt: '2024-01-01T00:00:00Z',
      ...o,
    });
    expect(countsAsPrior(licence, other({ naicsCode: '722513' }))).toBe(true); // same 7225
    expect(countsAsPrior(licence, other({ naicsCode: '722410' }))).toBe(false); // 7224
    expect(countsAsPrior(licence, other({ closeDate: '2025-03-11' }))).toBe(true); // closed later
    expect(countsAsPrior(licence, other({ closeDate: '2025-03-10' }))).toBe(false); // closed that day
    expect(countsAsPrior(licence, other({ occurredAt: '2025-03-10T12:00:00Z' }))).toBe(false); // same instant
    expect(countsAsPrior(licence, other({ occurredAt: '2025-03-10T13:00:00Z' }))).toBe(false); // later
    expect(countsAsPrior({ ...licence, naicsCode: null }, other({}))).toBe(false); // no NAICS
  });
});
