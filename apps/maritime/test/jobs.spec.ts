// maritime's jobs run in process the way a worker runs them (JobDispatcher.runNow): partitions,
// sanctions screening and risk recompute, each recorded in job_runs.
import { FixedClock } from '@platform/clock';
import { JobDispatcher } from '@platform/queues';
import { insertReference, insertVessels, testImo } from './support/fixtures';
import { maritimeForFile } from './support/maritime-harness';
import { giveEveryRiskFact } from './support/risk-fixtures';

const maritime = maritimeForFile({ env: { AIS_RETENTION_DAYS: '40' } });
const SANCTIONED = testImo(31);
const RISKY = testImo(32);
const PARTNER = testImo(33);

const dispatcher = (): JobDispatcher => maritime.harness.instances[0]!.app.get(JobDispatcher);

beforeAll(async () => {
  const db = maritime.harness.db;
  const { ports } = await insertReference(db);
  await insertVessels(db, [
    { imo: SANCTIONED, mmsi: '351000031', name: 'QUIET HARBOUR' },
    {
      imo: RISKY,
      mmsi: '351000999',
      name: 'OCEAN SHADOW',
      vessel_type: 'tanker',
      flag: 'KP',
      build_year: 2000,
    },
    { imo: PARTNER, mmsi: '351000033', name: 'PARTNER' },
  ]);
  await giveEveryRiskFact(db, RISKY, PARTNER, ports, (maritime.harness.clock as FixedClock).now());
});

async function runs(job: string): Promise<string[]> {
  const rows = (await maritime.harness.db.query(
    'SELECT status FROM job_runs WHERE job = $1 ORDER BY id',
    [job],
  )) as { status: string }[];
  return rows.map((r) => r.status);
}

describe('maritime jobs', () => {
  it('partitions-maintain creates today and the next seven days, and drops days past retention', async () => {
    const db = maritime.harness.db;
    await db.query(`SELECT mar_ensure_day_partition('2026-01-01')`);
    const outcome = await dispatcher().runNow<{ ensured: string[]; dropped: string[] }>(
      'partitions-maintain',
    );
    expect(outcome.acquired).toBe(true);
    if (!outcome.acquired) return;
    expect(outcome.result.ensured).toEqual([
      'ais_positions_p20260331',
      'ais_positions_p20260401',
      'ais_positions_p20260402',
      'ais_positions_p20260403',
      'ais_positions_p20260404',
      'ais_positions_p20260405',
      'ais_positions_p20260406',
      'ais_positions_p20260407',
    ]);
    expect(outcome.result.dropped).toEqual(['ais_positions_p20260101']);
    expect(await runs('partitions-maintain')).toEqual(['succeeded']);
  });

  it('sanctions-screen matches by IMO and name, alerts each new pair once', async () => {
    const db = maritime.harness.db;
    const [list] = (await db.query(
      `INSERT INTO sanctions_lists (source, name, published_at) VALUES ('uk_ofsi', 'UK list', '2026-03-01T00:00:00Z')
       RETURNING id`,
    )) as { id: string }[];
    await db.query(
      `INSERT INTO sanctions_entries (list_id, entity_name, entity_type, imo, vessel_name, name_norm)
       VALUES ($1, 'SOME OTHER NAME', 'vessel', $2, 'SOME OTHER NAME', 'SOME OTHER NAME')`,
      [list!.id, SANCTIONED],
    );
    const first = await dispatcher().runNow<{ new_matches: number; alerts_raised: number }>(
      'sanctions-screen',
    );
    expect(first).toMatchObject({ acquired: true, result: { new_matches: 1, alerts_raised: 1 } });
    const again = await dispatcher().runNow<{ new_matches: number; matches: number }>(
      'sanctions-screen',
    );
    expect(again).toMatchObject({ acquired: true, result: { new_matches: 0 } });
    const matches = (await db.query(
      'SELECT imo, match_type, matched_field FROM sanctions_matches ORDER BY imo',
    )) as Record<string, string>[];
    expect(matches).toContainEqual({
      imo: SANCTIONED,
      match_type: 'direct_imo',
      matched_field: 'imo',
    });
    const alerts = (await db.query(
      `SELECT imo, severity FROM platform_alerts WHERE type = 'sanctions_match'`,
    )) as Record<string, string>[];
    expect(alerts).toEqual([{ imo: SANCTIONED, severity: 'critical' }]);
    expect(await runs('sanctions-screen')).toEqual(['succeeded', 'succeeded']);
  });

  it('risk-recompute scores every vessel and raises dark_fleet once per vessel and week', async () => {
    const first = await dispatcher().runNow<{
      vessels: number;
      dark_fleet_alerts: number;
      tiers: Record<string, number>;
    }>('risk-recompute');
    expect(first).toMatchObject({ acquired: true, result: { vessels: 3, dark_fleet_alerts: 1 } });
    const second = await dispatcher().runNow<{ dark_fleet_alerts: number }>('risk-recompute');
    expect(second).toMatchObject({ result: { dark_fleet_alerts: 0 } });
    const [alert] = (await maritime.harness.db.query(
      `SELECT imo, dedupe_key FROM platform_alerts WHERE type = 'dark_fleet' AND dedupe_key LIKE 'dark_fleet:%'`,
    )) as { imo: string; dedupe_key: string }[];
    expect(alert).toEqual({ imo: RISKY, dedupe_key: `dark_fleet:${RISKY}:2026-W14` });
    const [sanctioned] = (await maritime.harness.db.query(
      'SELECT tier, tier_override FROM vessel_risk_scores WHERE imo = $1',
      [SANCTIONED],
    )) as { tier: string; tier_override: string | null }[];
    expect(sanctioned).toEqual({ tier: 'critical', tier_override: 'sanctions_direct_match' });
    expect(await runs('risk-recompute')).toEqual(['succeeded', 'succeeded']);
  });
});
