// Set-based loading of the engine inputs of one metro as of D
// (see docs/geo-scoring/scoring-engine.md#inputs-and-windows). Every window is bounded above by D,
// so the seed can replay past days over data that runs beyond them.
import { LatLng, LoadedCell, LoadedTractShare, MetroLocations } from '@platform/geo-domain';
import { Injectable } from '@nestjs/common';
import { rowsOf } from '@platform/database';
import { TransactionalRepository } from '../../platform/database/transactional-repository';

interface CellRow {
  h3_index: string;
  h3_r7: string;
  lat: number;
  lng: number;
  population: number;
  active: number;
  opened: number;
  closed: number;
  licence_fresh: boolean | null;
  permits: number;
  permit_value: number;
  housing_units: number;
  incidents: number;
  magnitude: number;
  visits: number;
  transactions: number;
  checkins: number;
  reviews: number;
  detection_sqft: number;
  fresh: boolean;
}

/**
 * $1 metro, $2 D, $3 previous as_of ('-infinity' when none). Windows: (D−365, D] for licences
 * opened/closed, permits and incidents; (D−90, D] for activity; detections first seen by D and
 * last seen after D−90. Licences: active = opened by D and not closed by D. "Fresh" = a record
 * dated in (previous as_of, D] (isTouched). Activity and crime come from the daily rollups.
 */
const CELL_INPUTS_SQL = `
WITH b AS (
  SELECT $2::date AS d,
         (($2::date + 1)::timestamp AT TIME ZONE 'UTC') AS d_end,
         (($2::date - 364)::timestamp AT TIME ZONE 'UTC') AS year_start,
         $3::date AS prev
),
lic AS (
  SELECT l.h3_index,
    count(*) FILTER (WHERE l.close_date IS NULL OR l.close_date > b.d)::float8 AS active,
    count(*) FILTER (WHERE l.occurred_at >= b.year_start)::float8 AS opened,
    count(*) FILTER (WHERE l.close_date > b.d - 365 AND l.close_date <= b.d)::float8 AS closed,
    bool_or((l.occurred_at AT TIME ZONE 'UTC')::date > b.prev
      OR (l.close_date > b.prev AND l.close_date <= b.d)) AS fresh
  FROM business_licenses l CROSS JOIN b
  WHERE l.metro_slug = $1 AND l.occurred_at < b.d_end
  GROUP BY l.h3_index
),
per AS (
  SELECT p.h3_index,
    count(*)::float8 AS permits,
    coalesce(sum(p.value), 0)::float8 AS permit_value,
    coalesce(sum(p.housing_units) FILTER (WHERE p.work_class = 'residential'), 0)::float8
      AS housing_units
  FROM permits p CROSS JOIN b
  WHERE p.metro_slug = $1 AND p.filed_date > b.d - 365 AND p.filed_date <= b.d
  GROUP BY p.h3_index
),
crime AS (
  SELECT cr.h3_index, sum(cr.incident_count)::float8 AS incidents,
    sum(cr.magnitude_sum)::float8 AS magnitude
  FROM crime_daily_r8 cr CROSS JOIN b
  WHERE cr.metro_slug = $1 AND cr.day > b.d - 365 AND cr.day <= b.d
  GROUP BY cr.h3_index
),
act AS (
  SELECT a.h3_index, sum(a.visits)::float8 AS visits, sum(a.transactions)::float8 AS transactions,
    sum(a.checkins)::float8 AS checkins, sum(a.reviews)::float8 AS reviews
  FROM activity_daily_r8 a CROSS JOIN b
  WHERE a.metro_slug = $1 AND a.day > b.d - 90 AND a.day <= b.d
  GROUP BY a.h3_index
),
det AS (
  SELECT cd.h3_index, sum(cd.estimated_area_sqft)::float8 AS detection_sqft
  FROM construction_detections cd CROSS JOIN b
  WHERE cd.metro_slug = $1 AND cd.first_detected <= b.d AND cd.last_detected > b.d - 90
  GROUP BY cd.h3_index
),
fresh AS (
  SELECT p.h3_index FROM permits p CROSS JOIN b
    WHERE p.metro_slug = $1 AND p.filed_date > b.prev AND p.filed_date <= b.d
  UNION
  SELECT cr.h3_index FROM crime_daily_r8 cr CROSS JOIN b
    WHERE cr.metro_slug = $1 AND cr.day > b.prev AND cr.day <= b.d
  UNION
  SELECT a.h3_index FROM activity_daily_r8 a CROSS JOIN b
    WHERE a.metro_slug = $1 AND a.day > b.prev AND a.day <= b.d
  UNION
  SELECT cd.h3_index FROM construction_detections cd CROSS JOIN b
    WHERE cd.metro_slug = $1 AND ((cd.first_detected > b.prev AND cd.first_detected <= b.d)
      OR (cd.last_detected > b.prev AND cd.last_detected <= b.d))
)
SELECT c.h3_index, c.h3_r7, c.lat, c.lng,
  coalesce(pop.population, 0)::float8 AS population,
  coalesce(lic.active, 0) AS active, coalesce(lic.opened, 0) AS opened,
  coalesce(lic.closed, 0) AS closed, lic.fresh AS licence_fresh,
  coalesce(per.permits, 0) AS permits, coalesce(per.permit_value, 0) AS permit_value,
  coalesce(per.housing_units, 0) AS housing_units,
  coalesce(crime.incidents, 0) AS incidents, coalesce(crime.magnitude, 0) AS magnitude,
  coalesce(act.visits, 0) AS visits, coalesce(act.transactions, 0) AS transactions,
  coalesce(act.checkins, 0) AS checkins, coalesce(act.reviews, 0) AS reviews,
  coalesce(det.detection_sqft, 0) AS detection_sqft,
  (fresh.h3_index IS NOT NULL) AS fresh
FROM cells c
LEFT JOIN cell_population pop ON pop.h3_index = c.h3_index
LEFT JOIN lic ON lic.h3_index = c.h3_index
LEFT JOIN per ON per.h3_index = c.h3_index
LEFT JOIN crime ON crime.h3_index = c.h3_index
LEFT JOIN act ON act.h3_index = c.h3_index
LEFT JOIN det ON det.h3_index = c.h3_index
LEFT JOIN fresh ON fresh.h3_index = c.h3_index
WHERE c.metro_slug = $1
ORDER BY c.h3_index`;

interface TractRow {
  h3_index: string;
  geoid: string;
  weight: number;
  population: number;
  population_5y_ago: number;
  median_household_income: number | null;
  pct_bachelors: number | null;
  jobs: number;
  cell_count: number;
}

const TRACT_SHARES_SQL = `
SELECT ct.h3_index, ct.geoid, ct.weight, t.population, t.population_5y_ago,
  t.median_household_income, t.pct_bachelors, t.jobs, n.cell_count
FROM cells c
JOIN cell_tracts ct ON ct.h3_index = c.h3_index
JOIN tracts t ON t.geoid = ct.geoid
JOIN (
  SELECT geoid, count(*)::int AS cell_count FROM cell_tracts
  WHERE geoid IN (SELECT ct2.geoid FROM cell_tracts ct2 JOIN cells c2 USING (h3_index)
                  WHERE c2.metro_slug = $1)
  GROUP BY geoid
) n ON n.geoid = ct.geoid
WHERE c.metro_slug = $1
ORDER BY ct.h3_index, ct.geoid`;

@Injectable()
export class ScoreInputsRepository extends TransactionalRepository {
  /** One row per cell of the metro, ascending h3_index. */
  async loadCells(
    metroSlug: string,
    asOf: string,
    previousAsOf: string | null,
  ): Promise<LoadedCell[]> {
    const rows = await rowsOf<CellRow>(this.db, CELL_INPUTS_SQL, [
      metroSlug,
      asOf,
      previousAsOf ?? '-infinity',
    ]);
    return rows.map((r) => ({
      h3Index: r.h3_index,
      h3R7: r.h3_r7,
      lat: r.lat,
      lng: r.lng,
      counts: {
        activeLicences: r.active,
        licencesOpened365d: r.opened,
        licencesClosed365d: r.closed,
        population: r.population,
        residentialHousingUnits365d: r.housing_units,
        transactions90d: r.transactions,
        permitValue365d: r.permit_value,
        detectionSqft90d: r.detection_sqft,
        incidentMagnitude365d: r.magnitude,
        visits90d: r.visits,
        checkins90d: r.checkins,
        reviews90d: r.reviews,
      },
      volumeCount:
        r.active + r.permits + r.incidents + r.visits + r.transactions + r.checkins + r.reviews,
      hasNewRawRecords: r.fresh || r.licence_fresh === true,
    }));
  }

  /** Tract shares per cell of the metro. */
  async loadTractShares(metroSlug: string): Promise<Map<string, LoadedTractShare[]>> {
    const rows = await rowsOf<TractRow>(this.db, TRACT_SHARES_SQL, [metroSlug]);
    const byCell = new Map<string, LoadedTractShare[]>();
    for (const r of rows) {
      const list = byCell.get(r.h3_index) ?? [];
      list.push({
        geoid: r.geoid,
        weight: r.weight,
        population: r.population,
        population5yAgo: r.population_5y_ago,
        medianHouseholdIncome: r.median_household_income,
        pctBachelors: r.pct_bachelors,
        jobs: r.jobs,
        cellCount: r.cell_count,
      });
      byCell.set(r.h3_index, list);
    }
    return byCell;
  }

  async loadLocations(metroSlug: string): Promise<MetroLocations> {
    const rows = await rowsOf<LatLng & { kind: string }>(
      this.db,
      `SELECT kind, lat, lng FROM named_locations
       WHERE metro_slug = $1 AND kind IN ('transit_station', 'employment_center')
       ORDER BY id`,
      [metroSlug],
    );
    const pick = (kind: string): LatLng[] =>
      rows.filter((r) => r.kind === kind).map(({ lat, lng }) => ({ lat, lng }));
    return {
      transitStations: pick('transit_station'),
      employmentCenters: pick('employment_center'),
    };
  }
}
