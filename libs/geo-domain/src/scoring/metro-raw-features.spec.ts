import { CellRawInputs, metroRawFeatures } from './metro-raw-features';
import { tract } from './tract-share.fixture';

function cell(overrides: Partial<CellRawInputs>): CellRawInputs {
  return {
    activeLicences: 0,
    licencesOpened365d: 0,
    licencesClosed365d: 0,
    tracts: [],
    population: 0,
    residentialHousingUnits365d: 0,
    transactions90d: 0,
    permitValue365d: 0,
    detectionSqft90d: 0,
    transitStationsK2: 0,
    kmToNearestEmploymentCenter: 5,
    incidentMagnitude365d: 0,
    visits90d: 0,
    checkins90d: 0,
    reviews90d: 0,
    ...overrides,
  };
}

// Two cells, so every z-score is ±1 (two distinct values a > b: mean (a+b)/2, σ = (a−b)/2).
const X = cell({
  activeLicences: 1,
  licencesOpened365d: 1,
  licencesClosed365d: 1,
  tracts: [
    tract({
      population: 1000,
      population5yAgo: 800,
      medianHouseholdIncome: 80000,
      pctBachelors: 0.5,
      jobs: 400,
      cellCount: 2,
    }),
  ],
  population: 1000,
  residentialHousingUnits365d: 10,
  transactions90d: 100,
  permitValue365d: 99,
  detectionSqft90d: 9999,
  transitStationsK2: 3,
  kmToNearestEmploymentCenter: 1,
  incidentMagnitude365d: 20,
  visits90d: 5,
  checkins90d: 3,
  reviews90d: 1,
});
const Y = cell({
  tracts: [
    tract({
      population: 2000,
      population5yAgo: 2000,
      medianHouseholdIncome: 40000,
      pctBachelors: 0.2,
      jobs: 100,
      cellCount: 1,
    }),
  ],
  population: 2000,
});

describe('metroRawFeatures', () => {
  it('computes the eight groups of a two-cell metro', () => {
    const [x, y] = metroRawFeatures([X, Y]);
    // business_vitality: X 1.5·ln 2; Y 0.
    expect(x.business_vitality).toBeCloseTo(1.5 * Math.LN2, 12);
    expect(y.business_vitality).toBe(0);
    // population_momentum: housing per 1,000: X 10/1000·1000 = 10, Y 0 → z +1 / −1.
    // X: (1000/800 − 1) + 0.5·1 = 0.25 + 0.5 = 0.75; Y: 0 + 0.5·(−1) = −0.5.
    expect(x.population_momentum).toBeCloseTo(0.75, 12);
    expect(y.population_momentum).toBeCloseTo(-0.5, 12);
    // demographics: income 80k vs 40k → ±1; bachelors 0.5 vs 0.2 → ±1 → X 2, Y −2.
    expect(x.demographics).toBeCloseTo(2, 12);
    expect(y.demographics).toBeCloseTo(-2, 12);
    // economic_strength: jobs X 400/2 = 200 vs Y 100 → ln 201 > ln 101 → ±1;
    // transactions ln 101 vs ln 1 → ±1 → X 2, Y −2.
    expect(x.economic_strength).toBeCloseTo(2, 12);
    expect(y.economic_strength).toBeCloseTo(-2, 12);
    // development_pipeline: X ln 100 + 0.5·ln 10000 = 4·ln 10; Y 0.
    expect(x.development_pipeline).toBeCloseTo(4 * Math.LN10, 12);
    expect(y.development_pipeline).toBe(0);
    // accessibility: transit 3 vs 0 → +1/−1; km 1 vs 5 → −1/+1 → X 1 − (−1) = 2; Y −2.
    expect(x.accessibility).toBeCloseTo(2, 12);
    expect(y.accessibility).toBeCloseTo(-2, 12);
    // safety_environment: X −(20/1000·1000) = −20; Y −(0) = 0.
    expect(x.safety_environment).toBe(-20);
    expect(y.safety_environment).toBe(0);
    // amenity_demand: X ln(1+5+3+1) = ln 10; Y 0.
    expect(x.amenity_demand).toBeCloseTo(Math.LN10, 12);
    expect(y.amenity_demand).toBe(0);
  });

  it('nulls tract groups for a cell without tract, and safety under 100 residents', () => {
    const Z = cell({ population: 50 });
    const [x, , z] = metroRawFeatures([X, Y, Z]);
    expect(z.population_momentum).toBeNull();
    expect(z.demographics).toBeNull();
    expect(z.safety_environment).toBeNull();
    expect(z.business_vitality).toBe(0);
    // The housing z only runs over cells with a tract, so X keeps 0.75.
    expect(x.population_momentum).toBeCloseTo(0.75, 12);
  });

  it('treats unknown z inputs as the metro mean (0)', () => {
    // X uninhabited: no housing rate → z term 0 → momentum = growth = 0.25.
    // No employment centre anywhere: the km z is 0 for both; transit still ±1.
    const [x, y] = metroRawFeatures([
      { ...X, population: 0, kmToNearestEmploymentCenter: null },
      { ...Y, kmToNearestEmploymentCenter: null },
    ]);
    expect(x.population_momentum).toBeCloseTo(0.25, 12);
    expect(x.accessibility).toBeCloseTo(1, 12);
    expect(y.accessibility).toBeCloseTo(-1, 12);
  });

  it('returns [] for an empty metro', () => {
    expect(metroRawFeatures([])).toEqual([]);
  });
});
