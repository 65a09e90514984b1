import { cellToChildren, gridDisk, latLngToCell } from 'h3-js';
import { jobsInCell, populationWeightedMean } from './raw-features';
import { buildRes7Inputs, buildRes8Inputs, LoadedCell, LoadedTractShare } from './cell-inputs';

const PARENT = latLngToCell(30.2672, -97.7431, 7);
const KIDS = cellToChildren(PARENT, 8).sort().slice(0, 3);

function loaded(h3: string, n: number): LoadedCell {
  return {
    h3Index: h3,
    h3R7: PARENT,
    lat: 30.2672,
    lng: -97.7431,
    volumeCount: n,
    hasNewRawRecords: false,
    counts: {
      activeLicences: n,
      licencesOpened365d: 1,
      licencesClosed365d: 0,
      population: 100 * n,
      residentialHousingUnits365d: 2,
      transactions90d: 3,
      permitValue365d: 1000,
      detectionSqft90d: 0,
      incidentMagnitude365d: 1.5,
      visits90d: 4,
      checkins90d: 0,
      reviews90d: 1,
    },
  };
}

const share = (
  geoid: string,
  weight: number,
  income: number,
  jobs: number,
  cellCount: number,
): LoadedTractShare => ({
  geoid,
  weight,
  population: 1000,
  population5yAgo: 900,
  medianHouseholdIncome: income,
  pctBachelors: 30,
  jobs,
  cellCount,
});

describe('buildRes7Inputs', () => {
  const cells = KIDS.map((h3, i) => loaded(h3, i + 1));
  const tracts = new Map<string, LoadedTractShare[]>([
    [KIDS[0], [share('00000000001', 0.25, 50000, 400, 4)]],
    [
      KIDS[1],
      [share('00000000001', 0.25, 50000, 400, 4), share('00000000002', 0.5, 90000, 100, 2)],
    ],
  ]);
  const locations = { transitStations: [], employmentCenters: [] };

  it('sums the children counts and keeps the jobs and population-weighted tract values', () => {
    const [parent] = buildRes7Inputs(cells, tracts, locations);
    expect(parent.h3Index).toBe(PARENT);
    expect(parent.volumeCount).toBe(6);
    expect(parent.inputs.activeLicences).toBe(6);
    expect(parent.inputs.population).toBe(600);
    expect(parent.inputs.visits90d).toBe(12);
    expect(parent.inputs.incidentMagnitude365d).toBe(4.5);
    const kids = buildRes8Inputs(cells, tracts, locations);
    const childJobs = kids.reduce((sum, k) => sum + jobsInCell(k.inputs.tracts), 0);
    expect(jobsInCell(parent.inputs.tracts)).toBeCloseTo(childJobs, 9); // 100 + 100 + 50
    // Residents from tract 1: 1000 × 0.5; tract 2: 1000 × 0.5 → income mean 70,000.
    expect(populationWeightedMean(parent.inputs.tracts, (t) => t.medianHouseholdIncome)).toBe(
      70000,
    );
  });

  it('counts transit stations within k=2 at each resolution', () => {
    const station = { lat: 30.2672, lng: -97.7431 };
    const res8 = buildRes8Inputs(
      [loaded(latLngToCell(station.lat, station.lng, 8), 1)],
      new Map(),
      { transitStations: [station, station], employmentCenters: [station] },
    );
    expect(res8[0].inputs.transitStationsK2).toBe(2);
    expect(res8[0].inputs.kmToNearestEmploymentCenter).toBeLessThan(0.5);
    const far = gridDisk(latLngToCell(station.lat, station.lng, 8), 3).find(
      (c) => !gridDisk(latLngToCell(station.lat, station.lng, 8), 2).includes(c),
    )!;
    expect(
      buildRes8Inputs([loaded(far, 1)], new Map(), {
        transitStations: [station],
        employmentCenters: [],
      })[0].inputs,
    ).toMatchObject({ transitStationsK2: 0, kmToNearestEmploymentCenter: null });
  });
});
