import {
  amenityDemand,
  businessVitality,
  CellTractShare,
  developmentPipeline,
  jobsInCell,
  ln1p,
  perThousandResidents,
  populationWeightedMean,
  safetyEnvironment,
  tractGrowth,
  zScores,
} from './raw-features';
import { SignalVector } from './signal-groups';

/**
 * Assembles the eight raw features (see docs/geo-scoring/scoring-engine.md#raw-features) for all
 * cells of ONE metro at ONE resolution. It is metro-level because four groups contain z-scores
 * standardised within the metro. At res 7 the caller passes the children's summed counts and the
 * tract shares of the parent.
 */

export interface CellRawInputs {
  activeLicences: number;
  licencesOpened365d: number;
  licencesClosed365d: number;
  /** The cell's tracts; empty = "cell has no tract" (population_momentum, demographics null). */
  tracts: readonly CellTractShare[];
  /** cell_population.population (Σ tract population × share). */
  population: number;
  residentialHousingUnits365d: number;
  transactions90d: number;
  permitValue365d: number;
  detectionSqft90d: number;
  /** transit_station named locations in gridDisk(cell, 2). */
  transitStationsK2: number;
  /** Null when the metro has no employment_center location. */
  kmToNearestEmploymentCenter: number | null;
  incidentMagnitude365d: number;
  visits90d: number;
  checkins90d: number;
  reviews90d: number;
}

/** A null z-term (value unknown for this cell) contributes the metro mean, i.e. 0. */
function zOrZero(z: number | null): number {
  return z ?? 0;
}

export function metroRawFeatures(cells: readonly CellRawInputs[]): SignalVector[] {
  const hasTract = cells.map((c) => c.tracts.length > 0);

  // population_momentum: growth + 0.5·z(housing units per 1,000 residents). The z runs over
  // the cells where the group is defined (those with a tract); an uninhabited cell has no rate.
  const housingRate = zScores(
    cells.map((c, i) =>
      hasTract[i] ? perThousandResidents(c.residentialHousingUnits365d, c.population) : null,
    ),
  );

  // demographics: z(income) + z(pct_bachelors) on population-weighted tract values.
  const income = zScores(
    cells.map((c) => populationWeightedMean(c.tracts, (t) => t.medianHouseholdIncome)),
  );
  const bachelors = zScores(
    cells.map((c) => populationWeightedMean(c.tracts, (t) => t.pctBachelors)),
  );

  // economic_strength: z(ln(1+jobs)) + z(ln(1+transactions 90 d)).
  const jobs = zScores(cells.map((c) => ln1p('jobs', jobsInCell(c.tracts))));
  const transactions = zScores(cells.map((c) => ln1p('transactions', c.transactions90d)));

  // accessibility: z(transit stations within k=2) − z(km to the nearest employment centre).
  const transit = zScores(cells.map((c) => c.transitStationsK2));
  const employmentKm = zScores(cells.map((c) => c.kmToNearestEmploymentCenter));

  return cells.map((c, i) => {
    const growth = tractGrowth(c.tracts);
    return {
      business_vitality: businessVitality(
        c.activeLicences,
        c.licencesOpened365d,
        c.licencesClosed365d,
      ),
      population_momentum:
        hasTract[i] && growth !== null ? growth + 0.5 * zOrZero(housingRate[i]) : null,
      demographics:
        hasTract[i] && (income[i] !== null || bachelors[i] !== null)
          ? zOrZero(income[i]) + zOrZero(bachelors[i])
          : null,
      economic_strength: zOrZero(jobs[i]) + zOrZero(transactions[i]),
      development_pipeline: developmentPipeline(c.permitValue365d, c.detectionSqft90d),
      accessibility: zOrZero(transit[i]) - zOrZero(employmentKm[i]),
      safety_environment: safetyEnvironment(c.incidentMagnitude365d, c.population),
      amenity_demand: amenityDemand(c.visits90d, c.checkins90d, c.reviews90d),
    };
  });
}
