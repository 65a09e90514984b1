import type { CellTractShare } from './raw-features';

/** A tract share for tests: one whole tract of 1,000 people with neutral demographics. */
export function tract(overrides: Partial<CellTractShare>): CellTractShare {
  return {
    weight: 1,
    population: 1000,
    population5yAgo: 1000,
    medianHouseholdIncome: 50000,
    pctBachelors: 0.3,
    jobs: 0,
    cellCount: 1,
    ...overrides,
  };
}
