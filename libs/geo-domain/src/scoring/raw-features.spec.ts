import {
  amenityDemand,
  businessVitality,
  developmentPipeline,
  jobsInCell,
  perThousandResidents,
  populationWeightedMean,
  safetyEnvironment,
  tractGrowth,
  zScores,
} from './raw-features';
import { tract } from './tract-share.fixture';

describe('per-cell raw features', () => {
  it('businessVitality = ln(1+active) + ln(1+opened) − 0.5·ln(1+closed)', () => {
    expect(businessVitality(0, 0, 0)).toBe(0);
    // ln 2 + ln 2 − 0.5·ln 2 = 1.5·ln 2 ≈ 1.0397208
    expect(businessVitality(1, 1, 1)).toBeCloseTo(1.5 * Math.LN2, 12);
    // ln 10 + ln 5 − 0.5·ln 10 = 0.5·2.3025851 + 1.6094379 = 1.1512925 + 1.6094379 ≈ 2.7607304
    expect(businessVitality(9, 4, 9)).toBeCloseTo(2.7607304, 6);
  });

  it('developmentPipeline = ln(1+value) + 0.5·ln(1+sqft)', () => {
    // ln 100 + 0.5·ln 10000 = 2·ln 10 + 2·ln 10 = 4·ln 10 ≈ 9.210340
    expect(developmentPipeline(99, 9999)).toBeCloseTo(4 * Math.LN10, 12);
  });

  it('amenityDemand = ln(1 + visits + checkins + reviews)', () => {
    // 1 + 5 + 3 + 1 = 10 → ln 10
    expect(amenityDemand(5, 3, 1)).toBeCloseTo(Math.LN10, 12);
  });

  it('safetyEnvironment = −(Σ magnitude per 1,000 residents), null under 100 residents', () => {
    // 12 / 4000 × 1000 = 3 → −3
    expect(safetyEnvironment(12, 4000)).toBe(-3);
    expect(safetyEnvironment(5, 99)).toBeNull();
    // boundary: 100 residents is enough; 5 / 100 × 1000 = 50 → −50
    expect(safetyEnvironment(5, 100)).toBe(-50);
    expect(Object.is(safetyEnvironment(0, 500), 0)).toBe(true);
  });

  it('rejects negative or non-finite counts', () => {
    expect(() => businessVitality(-1, 0, 0)).toThrow(RangeError);
    expect(() => amenityDemand(0, Number.NaN, 0)).toThrow(RangeError);
    expect(() => safetyEnvironment(1, -5)).toThrow(RangeError);
  });

  it('perThousandResidents is null for an uninhabited cell', () => {
    expect(perThousandResidents(3, 1500)).toBe(2); // 3 / 1500 × 1000
    expect(perThousandResidents(3, 0)).toBeNull();
  });
});

describe('tract helpers', () => {
  it('tractGrowth is weighted by the residents each tract has in the cell', () => {
    // A: 1100 residents × share 0.5 = 550 in the cell, growth 1100/1000 − 1 = 0.1
    // B: 800 × 0.25 = 200, growth 800/1000 − 1 = −0.2
    // (550·0.1 + 200·(−0.2)) / 750 = (55 − 40) / 750 = 0.02
    const growth = tractGrowth([
      tract({ population: 1100, population5yAgo: 1000, weight: 0.5 }),
      tract({ population: 800, population5yAgo: 1000, weight: 0.25 }),
    ]);
    expect(growth).toBeCloseTo(0.02, 12);
  });

  it('tractGrowth is null without tracts and 0 for a tract with no 5-year baseline', () => {
    expect(tractGrowth([])).toBeNull();
    expect(tractGrowth([tract({ population: 500, population5yAgo: 0 })])).toBe(0);
  });

  it('populationWeightedMean falls back to the plain mean when nobody lives there', () => {
    // weights 0 and 0 → (10 + 20) / 2 = 15
    const tracts = [
      tract({ population: 0, medianHouseholdIncome: 10 }),
      tract({ population: 0, medianHouseholdIncome: 20 }),
    ];
    expect(populationWeightedMean(tracts, (t) => t.medianHouseholdIncome)).toBe(15);
  });

  it('populationWeightedMean skips null values and is null when all are null', () => {
    // 1000 × 1 × 60000 only (the null tract is skipped) → 60000
    const tracts = [
      tract({ medianHouseholdIncome: 60000 }),
      tract({ medianHouseholdIncome: null }),
    ];
    expect(populationWeightedMean(tracts, (t) => t.medianHouseholdIncome)).toBe(60000);
    expect(
      populationWeightedMean([tract({ pctBachelors: null })], (t) => t.pctBachelors),
    ).toBeNull();
  });

  it('jobsInCell splits each tract’s jobs evenly over its cells', () => {
    // 1200 / 4 + 500 / 2 = 300 + 250 = 550
    expect(
      jobsInCell([tract({ jobs: 1200, cellCount: 4 }), tract({ jobs: 500, cellCount: 2 })]),
    ).toBe(550);
    expect(jobsInCell([])).toBe(0);
    expect(() => jobsInCell([tract({ cellCount: 0 })])).toThrow(RangeError);
  });
});

describe('zScores (population σ within the metro)', () => {
  it('standardises with the population σ', () => {
    // mean 40/8 = 5; squared deviations 9,1,1,1,0,0,4,16 = 32; σ = √(32/8) = 2
    expect(zScores([2, 4, 4, 4, 5, 5, 7, 9])).toEqual([-1.5, -0.5, -0.5, -0.5, 0, 0, 1, 2]);
  });

  it('ignores nulls in mean and σ and keeps them null', () => {
    // 1 and 3: mean 2, σ 1 → −1, +1
    expect(zScores([1, null, 3])).toEqual([-1, null, 1]);
  });

  it('gives exact zeros when σ = 0, even where the floating mean is off by an ulp', () => {
    expect(zScores([3, 3, 3])).toEqual([0, 0, 0]);
    expect(zScores([0.1, 0.1, 0.1])).toEqual([0, 0, 0]);
    expect(zScores([5])).toEqual([0]);
  });

  it('handles empty and all-null input, and rejects non-finite values', () => {
    expect(zScores([])).toEqual([]);
    expect(zScores([null])).toEqual([null]);
    expect(() => zScores([1, Infinity])).toThrow(RangeError);
  });
});
