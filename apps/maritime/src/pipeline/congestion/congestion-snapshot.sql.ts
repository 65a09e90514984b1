/**
 * One statement writes the congestion snapshots of a set of ports at the hourly instants
 * $1, $1+1h, …, $2 (a single instant when $1 = $2), from port_calls alone:
 *
 * - Occupancy at an instant x is swept, not probed: waiting(x) = #arrivals ≤ x − #waits ended
 *   ≤ x (a wait ends at berthing, or at departure for a call that never berthed), at_berth(x) =
 *   #berthings ≤ x − #departures ≤ x of berthed calls. The window frame ends at the probe's peers, so every
 *   event at exactly x counts: `arrived ≤ x < berthed` holds exactly.
 * - avg_wait_h_7d(t) = the mean hours from arrival to berth over the calls berthed in
 *   (t − 7 d, t], from a window frame of 168 hours less one microsecond (timestamps have
 *   microsecond resolution, so the frame's start is open); null when none berthed.
 * - Baselines depend on t's UTC day T and use the 82 UTC days T−89 … T−8 (every whole day inside
 *   (t − 90 d, t − 7 d]): baseline_waiting = the median of the days' mean hourly waiting count
 *   (sampled at each UTC hour), baseline_wait_h = the median hours from arrival to berth of the
 *   calls berthed on those days.
 * - The index and level are computed from the values as stored (2 decimals), so the index can
 *   be recomputed from what the API returns. Weights, cap and level bands come from
 *   @platform/maritime-domain as parameters.
 *
 * Parameters: $1 first instant, $2 last instant, $3 port slug or null (all ports), $4 weight of
 * waiting, $5 weight of wait, $6 index cap, $7 level names, $8 level lower bounds.
 */
export const WRITE_SNAPSHOTS_SQL = `
WITH sel AS (
  SELECT id FROM ports WHERE $3::text IS NULL OR slug = $3
),
snap AS (
  SELECT generate_series($1::timestamptz, $2::timestamptz, interval '1 hour') AS t
),
snap_day AS (
  SELECT DISTINCT (t AT TIME ZONE 'UTC')::date AS day FROM snap
),
bounds AS (
  SELECT ((min(day) - 89)::timestamp AT TIME ZONE 'UTC') AS b0,
         ((max(day) - 7)::timestamp AT TIME ZONE 'UTC') AS b1
  FROM snap_day
),
grid AS (
  SELECT generate_series(b0, b1 - interval '1 hour', interval '1 hour') AS t FROM bounds
),
calls AS (
  SELECT c.port_id, c.arrived_at, c.berthed_at, c.departed_at
  FROM port_calls c JOIN sel ON sel.id = c.port_id CROSS JOIN bounds b
  WHERE c.arrived_at <= $2::timestamptz
    AND (c.departed_at IS NULL OR c.departed_at > b.b0 - interval '168 hours')
),
probe AS (
  SELECT 1 AS kind, t AS ts FROM snap
  UNION ALL SELECT 2, t FROM grid
),
sweep AS (
  SELECT port_id, arrived_at AS ts, 0 AS kind, 1 AS dw, 0 AS db, 0::numeric AS sw, 0 AS nb
  FROM calls
  UNION ALL
  SELECT port_id, coalesce(berthed_at, departed_at), 0, -1, 0, 0, 0
  FROM calls WHERE coalesce(berthed_at, departed_at) IS NOT NULL
  UNION ALL
  SELECT port_id, berthed_at, 0, 0, 1, extract(epoch FROM berthed_at - arrived_at) / 3600, 1
  FROM calls WHERE berthed_at IS NOT NULL
  UNION ALL
  SELECT port_id, departed_at, 0, 0, -1, 0, 0
  FROM calls WHERE berthed_at IS NOT NULL AND departed_at IS NOT NULL
  UNION ALL
  SELECT sel.id, p.ts, p.kind, 0, 0, 0, 0 FROM sel CROSS JOIN probe p
),
probed AS MATERIALIZED (
  SELECT * FROM (
    SELECT port_id, kind, ts,
           sum(dw) OVER upto AS waiting, sum(db) OVER upto AS at_berth,
           sum(sw) OVER week AS wait_sum, sum(nb) OVER week AS berths
    FROM sweep
    WINDOW upto AS (PARTITION BY port_id ORDER BY ts
                    RANGE BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW),
           week AS (PARTITION BY port_id ORDER BY ts
                    RANGE BETWEEN interval '167:59:59.999999' PRECEDING AND CURRENT ROW)
  ) w WHERE kind > 0
),
daily AS (
  SELECT port_id, (ts AT TIME ZONE 'UTC')::date AS day, avg(waiting) AS mean_waiting
  FROM probed WHERE kind = 2 GROUP BY 1, 2
),
base_waiting AS (
  SELECT d.port_id, sd.day,
         percentile_cont(0.5) WITHIN GROUP (ORDER BY d.mean_waiting::float8) AS v
  FROM snap_day sd JOIN daily d ON d.day BETWEEN sd.day - 89 AND sd.day - 8
  GROUP BY 1, 2
),
base_wait AS (
  SELECT c.port_id, sd.day,
         percentile_cont(0.5) WITHIN GROUP (
           ORDER BY (extract(epoch FROM c.berthed_at - c.arrived_at) / 3600)::float8) AS v
  FROM snap_day sd
  JOIN port_calls c ON c.port_id IN (SELECT id FROM sel)
   AND c.berthed_at >= ((sd.day - 89)::timestamp AT TIME ZONE 'UTC')
   AND c.berthed_at < ((sd.day - 7)::timestamp AT TIME ZONE 'UTC')
   AND c.arrived_at < ((sd.day - 7)::timestamp AT TIME ZONE 'UTC')
  GROUP BY 1, 2
),
baseline AS MATERIALIZED (
  SELECT bw.port_id, bw.day, round(bw.v::numeric, 2) AS base_waiting,
         round(bh.v::numeric, 2) AS base_wait
  FROM base_waiting bw LEFT JOIN base_wait bh ON bh.port_id = bw.port_id AND bh.day = bw.day
),
measured AS (
  SELECT a.port_id, a.ts AS t, a.waiting::int AS waiting, a.at_berth::int AS at_berth,
         CASE WHEN a.berths > 0 THEN round(a.wait_sum / a.berths, 2) END AS avg_wait,
         b.base_waiting, b.base_wait
  FROM probed a
  LEFT JOIN baseline b ON b.port_id = a.port_id AND b.day = (a.ts AT TIME ZONE 'UTC')::date
  WHERE a.kind = 1
),
scored AS (
  SELECT m.*,
         round(least($6::numeric, greatest(0::numeric, 100 * (
           $4::numeric * m.waiting / greatest(coalesce(m.base_waiting, 0), 1)
           + $5::numeric * coalesce(m.avg_wait, 0) / greatest(coalesce(m.base_wait, 0), 1)))), 1)
           AS idx
  FROM measured m
),
written AS (
  INSERT INTO congestion_snapshots (port_id, taken_at, vessels_waiting, vessels_at_berth,
    avg_wait_h_7d, baseline_waiting, baseline_wait_h, congestion_index, level)
  SELECT s.port_id, s.t, s.waiting, s.at_berth, s.avg_wait, s.base_waiting, s.base_wait, s.idx,
         (SELECT b.name FROM unnest($7::text[], $8::numeric[]) AS b(name, lower_bound)
          WHERE s.idx >= b.lower_bound ORDER BY b.lower_bound DESC LIMIT 1)
  FROM scored s
  ON CONFLICT (port_id, taken_at) DO UPDATE SET
    vessels_waiting = excluded.vessels_waiting, vessels_at_berth = excluded.vessels_at_berth,
    avg_wait_h_7d = excluded.avg_wait_h_7d, baseline_waiting = excluded.baseline_waiting,
    baseline_wait_h = excluded.baseline_wait_h, congestion_index = excluded.congestion_index,
    level = excluded.level
  RETURNING 1
)
SELECT count(*)::int AS n FROM written`;
