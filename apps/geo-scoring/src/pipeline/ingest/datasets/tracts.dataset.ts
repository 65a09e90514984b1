// Census tracts. The metro is the one owning the centroid's cell.
import { cellOf, countUpserts, DatasetHandler, distinct } from './dataset';
import { Fields, GEOID, latLng, matching, num, optionalNum, str } from './fields';

interface Tract {
  geoid: string;
  name: string;
  countyName: string;
  stateAbbr: string;
  population: number;
  population5yAgo: number;
  medianHouseholdIncome: number | null;
  pctBachelors: number | null;
  jobs: number;
  lat: number;
  lng: number;
}

const COUNT = { integer: true, min: 0, max: 2_000_000_000 };

export const tractsDataset: DatasetHandler<Tract> = {
  name: 'tracts',
  followUp: 'population',
  parse: (f: Fields) => ({
    geoid: matching(f, 'geoid', GEOID, 'an 11-digit tract GEOID'),
    name: str(f, 'name', 200),
    countyName: str(f, 'county_name', 200),
    stateAbbr: matching(f, 'state_abbr', /^[A-Z]{2}$/, 'a 2-letter state code'),
    population: num(f, 'population', COUNT),
    population5yAgo: num(f, 'population_5y_ago', COUNT),
    medianHouseholdIncome: optionalNum(f, 'median_household_income', { min: 0 }),
    pctBachelors: optionalNum(f, 'pct_bachelors', { min: 0, max: 100 }),
    jobs: optionalNum(f, 'jobs', COUNT) ?? 0,
    ...latLng(f),
  }),
  point: (r) => r,
  key: (r) => r.geoid,
  async write(tx, rows) {
    const result = await tx.query<{ inserted: boolean }[]>(
      `INSERT INTO tracts (geoid, metro_slug, name, county_name, state_abbr, population,
         population_5y_ago, median_household_income, pct_bachelors, jobs, lat, lng)
       SELECT * FROM unnest($1::char(11)[], $2::text[], $3::text[], $4::text[], $5::char(2)[],
         $6::int[], $7::int[], $8::float8[], $9::float8[], $10::int[], $11::float8[], $12::float8[])
       ON CONFLICT (geoid) DO UPDATE SET metro_slug = EXCLUDED.metro_slug, name = EXCLUDED.name,
         county_name = EXCLUDED.county_name, state_abbr = EXCLUDED.state_abbr,
         population = EXCLUDED.population, population_5y_ago = EXCLUDED.population_5y_ago,
         median_household_income = EXCLUDED.median_household_income,
         pct_bachelors = EXCLUDED.pct_bachelors, jobs = EXCLUDED.jobs,
         lat = EXCLUDED.lat, lng = EXCLUDED.lng
       RETURNING (xmax = 0) AS inserted`,
      [
        rows.map((r) => r.record.geoid),
        rows.map((r) => cellOf(r).metroSlug),
        rows.map((r) => r.record.name),
        rows.map((r) => r.record.countyName),
        rows.map((r) => r.record.stateAbbr),
        rows.map((r) => r.record.population),
        rows.map((r) => r.record.population5yAgo),
        rows.map((r) => r.record.medianHouseholdIncome),
        rows.map((r) => r.record.pctBachelors),
        rows.map((r) => r.record.jobs),
        rows.map((r) => r.record.lat),
        rows.map((r) => r.record.lng),
      ],
    );
    return { ...countUpserts(result), metros: distinct(rows.map((r) => cellOf(r).metroSlug)) };
  },
};
