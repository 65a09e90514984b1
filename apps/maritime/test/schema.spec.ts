import { createDataSource, runMigrations } from '@platform/database';
import { isolateService, IsolatedServiceResources } from '@platform/testing';
import { DataSource, MigrationInterface, QueryRunner } from 'typeorm';
import { migrations } from '../src/migrations';

type Db = Pick<DataSource | QueryRunner, 'query'>;
type Row = Record<string, unknown>;

const H3_A = '8828308281fffff';
const H3_B = '882830828dfffff';
const checkViolation = { code: '23514' };

/** Completes six digits into a valid IMO number (check digit = weighted sum mod 10). */
function imo(firstSix: string): string {
  const sum = [...firstSix].reduce((acc, digit, i) => acc + (7 - i) * Number(digit), 0);
  return `${firstSix}${sum % 10}`;
}

/** The vessel's MMSI in these fixtures: Panama's MID 35x followed by the IMO. */
const mmsiOf = (vesselImo: string): string => `35${vesselImo}`;

async function first(db: Db, sql: string, params: unknown[] = []): Promise<Row> {
  const rows: Row[] = await db.query(sql, params);
  return rows[0];
}

async function insertVessel(db: Db, vesselImo: string, name: string, type = 'tanker') {
  const sql = 'INSERT INTO vessels (imo, mmsi, name, vessel_type) VALUES ($1, $2, $3, $4)';
  await db.query(sql, [vesselImo, mmsiOf(vesselImo), name, type]);
}

async function insertPosition(db: Db, vesselImo: string, ts: string, h3 = H3_A) {
  await db.query(
    `INSERT INTO ais_positions (imo, mmsi, ts, lat, lon, h3_r8, source)
     VALUES ($1, $2, $3, 1.2, 103.8, $4, 'satellite')`,
    [vesselImo, mmsiOf(vesselImo), ts, h3],
  );
}

async function partitionOf(db: Db, vesselImo: string, ts: string): Promise<unknown> {
  const sql =
    'SELECT tableoid::regclass::text AS part FROM ais_positions WHERE imo = $1 AND ts = $2';
  return (await first(db, sql, [vesselImo, ts])).part;
}

async function insertPort(db: Db, slug: string, unlocode: string): Promise<unknown> {
  const sql = `INSERT INTO ports (slug, name, unlocode, country_code, country_name, lat, lon, h3_r8)
    VALUES ($1, $1, $2, $3, 'Somewhere', 1.26, 103.78, $4) RETURNING id`;
  return (await first(db, sql, [slug, unlocode, unlocode.slice(0, 2), H3_A])).id;
}

describe('maritime schema', () => {
  let resources: IsolatedServiceResources;
  let db: DataSource;
  let firstRun: string[];
  const names = migrations.map((migration) => new migration().name);

  beforeAll(async () => {
    // An empty database: the migrations under test run here, not in a template.
    resources = await isolateService({
      service: 'maritime',
      migrations: [],
      redisPrefixBase: 'mar:',
    });
    const url = resources.database.url;
    firstRun = await runMigrations({ url, migrations, applicationName: 'schema-test' });
    db = createDataSource({ url, migrations, applicationName: 'schema-test', poolSize: 3 });
    await db.initialize();
  }, 120_000);

  afterAll(async () => {
    await db?.destroy();
    await resources?.release();
  });

  it('applies every migration to an empty database, in order', () => {
    expect(firstRun).toEqual(names);
  });

  it('reverts every migration with down() and applies them again', async () => {
    for (const migration of [...migrations].reverse()) {
      // TypeORM wraps an undo in a transaction unless told otherwise.
      const instance: MigrationInterface = new migration();
      const transaction = instance.transaction === false ? 'none' : 'each';
      await db.undoLastMigration({ transaction });
    }
    // Everything but TypeORM's own bookkeeping table is gone.
    const left = await first(
      db,
      `SELECT
        (SELECT coalesce(array_agg(c.relname::text), '{}') FROM pg_class c
         WHERE c.relnamespace = current_schema()::regnamespace
           AND c.oid <> 'migrations'::regclass
           AND c.oid <> pg_get_serial_sequence('migrations', 'id')::regclass
           AND NOT EXISTS (SELECT 1 FROM pg_index i
             WHERE i.indexrelid = c.oid AND i.indrelid = 'migrations'::regclass)) AS relations,
        (SELECT coalesce(array_agg(proname::text), '{}') FROM pg_proc
         WHERE pronamespace = current_schema()::regnamespace) AS functions,
        (SELECT count(*)::int FROM migrations) AS executed`,
    );
    expect(left).toEqual({ relations: [], functions: [], executed: 0 });
    const url = resources.database.url;
    expect(await runMigrations({ url, migrations, applicationName: 'schema-test' })).toEqual(names);
  }, 60_000);

  it('imo_valid checks seven digits and the check digit; NULL stays NULL', async () => {
    const inputs = ['9074729', '1234567', '9999999', '123456', '12a4567', '12345678', '', null];
    const rows: Row[] = await db.query(
      `SELECT imo_valid(input) AS valid
       FROM unnest($1::text[]) WITH ORDINALITY AS t(input, n) ORDER BY n`,
      [inputs],
    );
    const verdicts = rows.map((row) => String(row.valid)).join(' ');
    expect(verdicts).toBe('true true false false false false false null');
  });

  it('refuses a vessel or a position with a bad IMO, and an unknown vessel type', async () => {
    await expect(insertVessel(db, '9999999', 'BAD CHECK')).rejects.toMatchObject({
      ...checkViolation,
      constraint: 'vessels_imo_check',
    });
    await expect(insertVessel(db, '123456', 'SIX DIGITS')).rejects.toMatchObject(checkViolation);
    await expect(insertPosition(db, '9999999', '2001-02-03T00:00:00Z')).rejects.toMatchObject({
      ...checkViolation,
      constraint: 'ais_positions_imo_check',
    });
    await expect(insertVessel(db, imo('100001'), 'NO TYPE', 'submarine')).rejects.toMatchObject(
      checkViolation,
    );
  });

  describe('ais_positions day partitions', () => {
    const vesselImo = imo('200001');

    beforeAll(() => insertVessel(db, vesselImo, 'PARTITION TEST'));

    it('creates a day partition once, also under concurrent callers, and rows land in it', async () => {
      const ensure = () => first(db, `SELECT mar_ensure_day_partition('2001-02-03') AS name`);
      const created = await Promise.all([ensure(), ensure(), ensure()]);
      expect(new Set(created.map((row) => row.name))).toEqual(new Set(['ais_positions_p20010203']));
      for (const ts of ['2001-02-03T00:00:00Z', '2001-02-03T23:59:59.999Z']) {
        await insertPosition(db, vesselImo, ts);
        expect(await partitionOf(db, vesselImo, ts)).toBe('ais_positions_p20010203');
      }
    });

    it('moves rows of the day out of the default partition when it creates the day', async () => {
      const ts = '2001-02-04T06:00:00Z';
      await insertPosition(db, vesselImo, ts);
      expect(await partitionOf(db, vesselImo, ts)).toBe('ais_positions_default');
      await db.query(`SELECT mar_ensure_day_partition('2001-02-04')`);
      expect(await partitionOf(db, vesselImo, ts)).toBe('ais_positions_p20010204');
      const stillDefault = await first(db, 'SELECT count(*)::int AS n FROM ais_positions_default');
      expect(stillDefault).toEqual({ n: 0 });
    });

    it('drops the partitions before a day, and that old part of the default one', async () => {
      await insertPosition(db, vesselImo, '2001-01-15T00:00:00Z');
      const dropped: Row[] = await db.query(
        `SELECT name FROM mar_drop_day_partitions_before('2001-02-04') AS name`,
      );
      expect(dropped).toEqual([{ name: 'ais_positions_p20010203' }]);
      const state = await first(
        db,
        `SELECT to_regclass('ais_positions_p20010203') IS NULL AS gone,
          to_regclass('ais_positions_p20010204') IS NOT NULL AS kept,
          (SELECT array_agg(ts::text) FROM ais_positions WHERE imo = $1) AS left`,
        [vesselImo],
      );
      expect(state).toEqual({ gone: true, kept: true, left: ['2001-02-04 06:00:00+00'] });
    });
  });

  it('refuses UPDATE and DELETE of rule versions, risk weight sets and case evidence', async () => {
    await db.query(
      `WITH key AS (
         INSERT INTO api_keys (key_sha256, prefix, owner_id, plan)
         VALUES (sha256('k'::bytea), 'mk_abcde', 'owner-i', 'supply_chain_risk') RETURNING id),
       weights AS (
         INSERT INTO risk_weight_sets (owner_id, version, weights, created_by_key_id)
         SELECT 'owner-i', 1, '{"gap_duration": 0.2}', id FROM key),
       rule AS (
         INSERT INTO alert_rules (owner_id, name, expression)
         VALUES ('owner-i', 'r', '{"kind": "group", "operator": "and", "conditions": []}')
         RETURNING id)
       INSERT INTO alert_rule_versions (rule_id, version, snapshot) SELECT id, 1, '{}' FROM rule`,
    );
    const vesselImo = imo('300001');
    await insertVessel(db, vesselImo, 'CASE TEST');
    const caseFile = await first(
      db,
      `WITH c AS (
         INSERT INTO case_files (owner_id, imo, motif_alert_uid, motif_name, detected_at,
           severity, confidence)
         VALUES ('owner-i', $1, 'dark_event:1', 'single_dark_event', '2001-02-03Z', 'warning', 0.8)
         RETURNING id)
       INSERT INTO case_evidence (case_id, ord, item_id, kind, occurred_at, title, narrative,
         confidence, severity)
       SELECT id, 0, 'dark_event:1', 'dark_event', '2001-02-03Z', 't', 'n', 0.8, 'warning' FROM c
       RETURNING case_id AS id`,
      [vesselImo],
    );
    for (const statement of [
      `UPDATE alert_rule_versions SET notes = 'x'`,
      'DELETE FROM alert_rule_versions',
      `UPDATE risk_weight_sets SET weights = '{}'`,
      'DELETE FROM risk_weight_sets',
      `UPDATE case_evidence SET title = 'changed'`,
      'DELETE FROM case_evidence',
    ]) {
      await expect(db.query(statement)).rejects.toMatchObject({ code: '23001' });
    }
    // A rule with versions is only ever deleted softly.
    await expect(db.query('DELETE FROM alert_rules')).rejects.toMatchObject({ code: '23503' });
    // Evidence goes only together with its case.
    await db.query('DELETE FROM case_files WHERE id = $1', [caseFile.id]);
    expect(await first(db, 'SELECT count(*)::int AS n FROM case_evidence')).toEqual({ n: 0 });
  });

  describe('alert views', () => {
    const vesselImo = '9074729';
    const otherImo = '1234567';
    let ids: Row;

    beforeAll(async () => {
      await insertVessel(db, vesselImo, 'NORDIC STAR');
      await insertVessel(db, otherImo, 'OCEAN GRACE');
      const portA = await insertPort(db, 'alpha-port', 'SGAAA');
      const portB = await insertPort(db, 'beta-port', 'SGBBB');
      const detected = `'warning', 0.9, '2001-03-01T12:00:00Z'`;
      ids = await first(
        db,
        `WITH platform AS (
           INSERT INTO platform_alerts (type, product, imo, title, metadata, dedupe_key, severity,
             confidence, occurred_at)
           VALUES ('sanctions_match', 'maritime', $1, 'Sanctions match',
             '{"imo_number": "0000000"}', 'sm:1', 'critical', 1, '2001-03-01T10:00:00Z')
           RETURNING id),
         river AS (
           INSERT INTO platform_alerts (type, product, entity_id, title, dedupe_key, severity,
             confidence, occurred_at)
           VALUES ('river_level', 'supply_chain', 'kaub', 'Low water', 'rl:kaub', 'warning', 1,
             '2001-03-01T09:00:00Z')
           RETURNING id),
         dark AS (
           INSERT INTO dark_events (imo, started_at, ended_at, start_lat, start_lon, severity,
             confidence, occurred_at)
           VALUES ($1, '2001-03-01T00:00Z', '2001-03-01T12:30Z', 25, 56, ${detected})
           RETURNING id),
         spoofing AS (
           INSERT INTO spoofing_alerts (imo, mmsi, kind, implied_speed_kn, severity, confidence,
             occurred_at)
           VALUES ($1, '359074729', 'impossible_speed', 88.5, ${detected}) RETURNING id),
         locus AS (
           INSERT INTO locus_alerts (imo, kind, port_id, started_at, severity, confidence,
             occurred_at)
           VALUES ($1, 'port_entry', $3, '2001-03-01T11:00Z', 'info', 1, '2001-03-01T11:00Z')
           RETURNING id),
         sts AS (
           INSERT INTO sts_events (imo_a, imo_b, started_at, lat, lon, severity, confidence,
             occurred_at)
           VALUES ($2, $1, '2001-03-02T00:00Z', 36.6, 22.8, ${detected}) RETURNING id),
         voyage AS (
           INSERT INTO voyages (imo, origin_port_id, dest_port_id, declared_port_id,
             declared_destination, departed_at, arrived_at, status)
           VALUES ($1, $3, $4, $3, 'ALPHA', '2001-02-01Z', '2001-02-10Z', 'completed')
           RETURNING id),
         deception AS (
           INSERT INTO route_deceptions (voyage_id, imo, declared_destination, declared_port_id,
             actual_port_id, deviation_nm, severity, confidence, occurred_at)
           SELECT id, $1, 'ALPHA', $3, $4, 120.5, ${detected} FROM voyage RETURNING id),
         draft AS (
           INSERT INTO draft_anomalies (imo, voyage_id, draft_before_m, draft_after_m, lat, lon,
             severity, confidence, occurred_at)
           SELECT $1, id, 9.5, 14, 10, 60, ${detected} FROM voyage RETURNING id)
       SELECT (SELECT id FROM platform) AS platform, (SELECT id FROM river) AS river,
         (SELECT id FROM dark) AS dark, (SELECT id FROM spoofing) AS spoofing,
         (SELECT id FROM locus) AS locus, (SELECT id FROM sts) AS sts,
         (SELECT id FROM deception) AS deception, (SELECT id FROM draft) AS draft`,
        [vesselImo, otherImo, portA, portB],
      );
    });

    it('unified_alerts has one row per source, uid <source>:<id> and vessel metadata', async () => {
      const rows: Row[] = await db.query(
        `SELECT uid, source, source_id, product, event_type, entity_id, imo, metadata
         FROM unified_alerts ORDER BY occurred_at DESC, source_id DESC`,
      );
      for (const row of rows) expect(row.uid).toBe(`${row.source}:${row.source_id}`);
      const bySource = new Map(rows.map((row) => [`${row.source}:${row.event_type}`, row]));
      expect([...bySource.keys()].sort()).toEqual([
        'dark_event:dark_event',
        'locus_alert:port_entry',
        'platform:river_level',
        'platform:sanctions_match',
        'spoofing_alert:spoofing',
      ]);
      // Stored metadata cannot shadow the vessel's own IMO and name.
      const vessel = { imo_number: vesselImo, vessel_name: 'NORDIC STAR' };
      expect(bySource.get('platform:sanctions_match')).toMatchObject({
        uid: `platform:${ids.platform}`,
        entity_id: vesselImo,
        metadata: vessel,
      });
      expect(bySource.get('dark_event:dark_event')).toMatchObject({
        uid: `dark_event:${ids.dark}`,
        metadata: { ...vessel, gap_hours: 12.5, ongoing: false },
      });
      expect(bySource.get('spoofing_alert:spoofing')).toMatchObject({
        uid: `spoofing_alert:${ids.spoofing}`,
        metadata: { ...vessel, kind: 'impossible_speed' },
      });
      expect(bySource.get('locus_alert:port_entry')).toMatchObject({
        uid: `locus_alert:${ids.locus}`,
        metadata: { ...vessel, port: 'alpha-port' },
      });
      const river = bySource.get('platform:river_level');
      expect(river).toMatchObject({ uid: `platform:${ids.river}`, product: 'supply_chain' });
      expect(river).toMatchObject({ entity_id: 'kaub', imo: null });
      expect(river?.metadata).not.toHaveProperty('imo_number');
    });

    it('unified_alerts pages merge the per-source index scans instead of sorting', async () => {
      // With sorting priced out, a branch the planner could not flatten would still show a Sort.
      const runner = db.createQueryRunner();
      await runner.startTransaction();
      try {
        await runner.query('SET LOCAL enable_sort = off');
        await runner.query('SET LOCAL enable_seqscan = off');
        const plan: Row[] = await runner.query(
          `EXPLAIN (COSTS OFF) SELECT uid, title, metadata FROM unified_alerts
           WHERE (occurred_at, source_id) < ($1, $2)
           ORDER BY occurred_at DESC, source_id DESC LIMIT 25`,
          ['2001-03-02T00:00:00Z', 1000],
        );
        const text = plan.map((row) => row['QUERY PLAN']).join('\n');
        expect(text).toContain('Merge Append');
        expect(text).not.toMatch(/->\s+(Incremental )?Sort\s*$/m);
      } finally {
        await runner.rollbackTransaction();
        await runner.release();
      }
    });

    it('vessel_signals lists each signal kind of a vessel with its row id as text', async () => {
      const rows: Row[] = await db.query(
        'SELECT signal_type, signal_id FROM vessel_signals WHERE imo = $1',
        [vesselImo],
      );
      expect(rows.map((row) => `${row.signal_type}:${row.signal_id}`).sort()).toEqual([
        `dark_event:${ids.dark}`,
        `destination_deception:${ids.deception}`,
        `draft_anomaly:${ids.draft}`,
        `spoofing:${ids.spoofing}`,
        `sts_transfer:${ids.sts}`,
      ]);
      // The other vessel of the transfer sees it too, under the same id.
      const other: Row[] = await db.query('SELECT signal_id FROM vessel_signals WHERE imo = $1', [
        otherImo,
      ]);
      expect(other).toEqual([{ signal_id: ids.sts }]);
    });
  });

  describe('materialized views', () => {
    it('density_daily is populated on an empty database and reads as no rows', async () => {
      const view = await first(
        db,
        `SELECT relispopulated AS populated, (SELECT count(*)::int FROM density_daily) AS n
         FROM pg_class WHERE oid = 'density_daily'::regclass`,
      );
      expect(view).toEqual({ populated: true, n: 0 });
    });

    it('density_daily refreshes concurrently and counts distinct vessel-hours per cell', async () => {
      const [bulkA, bulkB, tanker] = [imo('400001'), imo('400002'), imo('400003')];
      await insertVessel(db, bulkA, 'BULK A', 'bulk_carrier');
      await insertVessel(db, bulkB, 'BULK B', 'bulk_carrier');
      await insertVessel(db, tanker, 'TANKER C', 'tanker');
      // The view's window ends at the database's current UTC day, so "yesterday" has to come
      // from the database; one transaction keeps now() fixed across the inserts and the refresh.
      const runner = db.createQueryRunner();
      await runner.startTransaction();
      try {
        const { day } = await first(
          runner,
          `SELECT to_char((now() AT TIME ZONE 'UTC')::date - 1, 'YYYY-MM-DD') AS day`,
        );
        await runner.query('SELECT mar_ensure_day_partition($1::date)', [day]);
        const positions: [string, string, string][] = [
          [bulkA, '03:10', H3_A],
          [bulkA, '03:40', H3_A],
          [bulkA, '05:00', H3_A],
          [bulkA, '05:30', H3_B],
          [bulkB, '03:20', H3_A],
          [tanker, '04:00', H3_A],
        ];
        for (const [vesselImo, time, h3] of positions) {
          await insertPosition(runner, vesselImo, `${day}T${time}:00Z`, h3);
        }
        // Today is outside the window (the row waits in the default partition).
        await runner.query(
          `INSERT INTO ais_positions (imo, mmsi, ts, lat, lon, h3_r8, source)
           VALUES ($1, $2, now(), 1.2, 103.8, $3, 'terrestrial')`,
          [bulkA, mmsiOf(bulkA), H3_A],
        );
        await runner.query('REFRESH MATERIALIZED VIEW CONCURRENTLY density_daily');
        const cells: Row[] = await runner.query(
          `SELECT concat_ws(' ', day, vessel_type, h3_r8, positions_count, unique_vessels) AS cell
           FROM density_daily ORDER BY vessel_type, positions_count DESC, h3_r8`,
        );
        await runner.commitTransaction();
        expect(cells.map((row) => row.cell)).toEqual([
          `${day} bulk_carrier ${H3_A} 3 2`,
          `${day} bulk_carrier ${H3_B} 1 1`,
          `${day} tanker ${H3_A} 1 1`,
        ]);
      } finally {
        if (runner.isTransactionActive) await runner.rollbackTransaction();
        await runner.release();
      }
    });

    it('route_flows_monthly sums laden completed voyages and refreshes concurrently', async () => {
      const vesselImo = imo('500001');
      await insertVessel(db, vesselImo, 'FLOW TEST', 'bulk_carrier');
      const origin = await insertPort(db, 'flow-origin', 'AUPHX');
      const dest = await insertPort(db, 'flow-dest', 'CNQDX');
      const voyage = `INSERT INTO voyages (imo, origin_port_id, dest_port_id, departed_at,
          arrived_at, status, laden, cargo_t)
        VALUES ($1, $2, $3, $4, $5, 'completed', $6, $7)`;
      const laden = [vesselImo, origin, dest, '1999-03-01Z', '1999-03-11T12:00Z', true, 8e4];
      await db.query(voyage, laden);
      await db.query(voyage, [vesselImo, dest, origin, '1999-03-12Z', '1999-03-22Z', false, 0]);
      await db.query('REFRESH MATERIALIZED VIEW CONCURRENTLY route_flows_monthly');
      const flows: Row[] = await db.query(
        `SELECT concat_ws(' ', period, vessel_type, voyages, tonnage_mt, avg_transit_days) AS flow
         FROM route_flows_monthly WHERE origin_port_id = $1`,
        [origin],
      );
      expect(flows).toEqual([{ flow: '1999-03-01 bulk_carrier 1 0.080000 10.50' }]);
    });
  });

  describe('user data constraints', () => {
    it('keeps categories per owner: one name per parent, parents of the same owner only', async () => {
      const category = `INSERT INTO watchlist_categories (owner_id, name, parent_id)
        VALUES ($1, $2, $3) RETURNING id`;
      const top = await first(db, category, ['owner-w', 'Tankers', null]);
      const duplicate = db.query(category, ['owner-w', 'TANKERS', null]);
      await expect(duplicate).rejects.toMatchObject({ code: '23505' });
      const foreignParent = db.query(category, ['owner-x', 'Child', top.id]);
      await expect(foreignParent).rejects.toMatchObject({ code: '23503' });
      const child = await first(db, category, ['owner-w', 'Child', top.id]);
      const vesselImo = imo('600001');
      await insertVessel(db, vesselImo, 'WATCHED');
      await db.query(
        'INSERT INTO watchlist_entries (owner_id, imo, category_id) VALUES ($1, $2, $3)',
        ['owner-w', vesselImo, child.id],
      );
      await db.query('DELETE FROM watchlist_categories WHERE id = $1', [child.id]);
      const entry = await first(
        db,
        'SELECT owner_id, category_id, notify_on FROM watchlist_entries WHERE imo = $1',
        [vesselImo],
      );
      expect(entry).toEqual({
        owner_id: 'owner-w',
        category_id: null,
        notify_on: ['port_entry', 'port_departure', 'dark_event', 'sanctions_match'],
      });
    });

    it('makes at most one alert or watchlist delivery per owner, alert and channel', async () => {
      const delivery = `INSERT INTO alert_deliveries (owner_id, channel, kind, alert_uid, payload)
        VALUES ('owner-d', 'webhook', $1, 'platform:1', '{}')`;
      await db.query(delivery, ['alert']);
      await expect(db.query(delivery, ['watchlist'])).rejects.toMatchObject({ code: '23505' });
      await db.query(delivery, ['test']);
    });

    it('job_runs has exactly the columns the jobs write', async () => {
      const columns: Row[] = await db.query(
        `SELECT column_name || ' ' || data_type AS col FROM information_schema.columns
         WHERE table_name = 'job_runs' ORDER BY ordinal_position`,
      );
      expect(columns.map((row) => row.col).join(', ')).toBe(
        'id bigint, job text, job_id text, trigger text, status text, ' +
          'started_at timestamp with time zone, finished_at timestamp with time zone, ' +
          'duration_ms integer, result jsonb, error text',
      );
      const run = `INSERT INTO job_runs (job, status) VALUES ('density-refresh', $1)`;
      await expect(db.query(run, ['done'])).rejects.toMatchObject(checkViolation);
    });
  });
});
