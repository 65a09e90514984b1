// The small seed on real PostgreSQL: the same rows for the same seed and as-of in two databases,
// identifiers that pass their rules over the whole fleet, the fleet mix and the risk-tier spread,
// and the command's refusals.
import { createTestDatabase } from '@platform/database';
import { isValidImo, mmsiMid, PROFILES } from '@platform/maritime-domain';
import { testEnvironment } from '@platform/testing';
import { migrations } from '../src/migrations';
import { seedCommand } from '../src/pipeline/seed/seed.command';
import { seedChecksums } from '../src/pipeline/seed/seed-database';
import { maritimeForFile } from './support/maritime-harness';
import { SMALL_SEED, SMALL_SEED_AS_OF, smallSeedTemplate } from './support/small-seed';

jest.setTimeout(180_000);
const maritime = maritimeForFile({ ...smallSeedTemplate, replicas: 0 });

function capture(): {
  out: string[];
  err: string[];
  io: { out(l: string): void; err(l: string): void };
} {
  const out: string[] = [];
  const err: string[] = [];
  return { out, err, io: { out: (l) => out.push(l), err: (l) => err.push(l) } };
}

describe('maritime seed (small profile)', () => {
  it('gives identical rows in two databases for the same seed and as-of (the command, --reset --force)', async () => {
    const other = await createTestDatabase({
      serverUrl: testEnvironment().TEST_DATABASE_URL,
      service: 'maritime_seed_twin',
      migrations,
    });
    try {
      const run = capture();
      const args = [
        '--profile',
        'small',
        '--seed',
        String(SMALL_SEED),
        '--as-of',
        SMALL_SEED_AS_OF,
      ];
      // The twin's name ends in a random suffix, not in "maritime": --reset needs --force.
      expect(
        await seedCommand.run(
          [...args, '--reset', '--force', '--checksum', '--quiet'],
          { DATABASE_URL: other.url },
          run.io,
        ),
      ).toBe(0);
      const ours = await seedChecksums(maritime.harness.resources.database.url);
      expect(run.out).toEqual(ours);
      expect(ours.find((l) => l.startsWith('ports '))).toMatch(/^ports 40 [0-9a-f]{32}$/);
      expect(ours.find((l) => l.startsWith('ais_positions '))).toMatch(/^ais_positions \d{5,} /);
      expect(run.err.join('\n')).toMatch(/^seeded profile small \(seed 42, as-of /m);
    } finally {
      await other.drop();
    }
  });

  it('writes valid, unique IMO numbers and MMSIs whose MID is their flag’s', async () => {
    const vessels = (await maritime.harness.db.query(
      `SELECT v.imo, v.mmsi, f.mids FROM vessels v JOIN flag_states f ON f.iso2 = v.flag`,
    )) as { imo: string; mmsi: string; mids: number[] }[];
    expect(vessels).toHaveLength(PROFILES.small.vessels);
    expect(vessels.every((v) => isValidImo(v.imo))).toBe(true);
    expect(new Set(vessels.map((v) => v.mmsi)).size).toBe(vessels.length);
    expect(vessels.every((v) => /^[2-7]\d{8}$/.test(v.mmsi))).toBe(true);
    expect(vessels.filter((v) => !v.mids.includes(mmsiMid(v.mmsi)))).toEqual([]);
  });

  it('has the 40 ports, the fleet mix and the risk-tier spread within 5 points', async () => {
    const [ports] = (await maritime.harness.db.query('SELECT count(*)::int AS n FROM ports')) as {
      n: number;
    }[];
    expect(ports!.n).toBe(40);
    const mix = (await maritime.harness.db.query(
      'SELECT vessel_type, count(*)::int AS n FROM vessels GROUP BY 1',
    )) as { vessel_type: string; n: number }[];
    const share = Object.fromEntries(
      mix.map((m) => [m.vessel_type, (100 * m.n) / PROFILES.small.vessels]),
    );
    const expected = {
      bulk_carrier: 30,
      tanker: 20,
      container: 18,
      chemical_tanker: 8,
      general_cargo: 8,
      lng_carrier: 4,
      cargo: 4,
      fishing: 3,
      passenger: 2,
      service: 2,
      other: 1,
    };
    for (const [type, pct] of Object.entries(expected))
      expect([type, Math.abs((share[type] ?? 0) - pct) <= 2]).toEqual([type, true]);
    const tiers = (await maritime.harness.db.query(
      'SELECT tier, count(*)::int AS n FROM vessel_risk_scores GROUP BY 1',
    )) as { tier: string; n: number }[];
    const tierShare = Object.fromEntries(
      tiers.map((t) => [t.tier, (100 * t.n) / PROFILES.small.vessels]),
    );
    for (const [tier, pct] of Object.entries({ low: 75, medium: 15, high: 7, critical: 3 }))
      expect([tier, Math.abs((tierShare[tier] ?? 0) - pct) <= 5]).toEqual([tier, true]);
  });

  it('keeps every AIS-window dark gap consistent with the positions around it', async () => {
    const gaps = (await maritime.harness.db.query(
      `SELECT d.imo, d.started_at, d.ended_at FROM dark_events d
       WHERE d.started_at >= (SELECT min(ts) FROM ais_positions) AND d.ended_at IS NOT NULL LIMIT 20`,
    )) as { imo: string; started_at: Date; ended_at: Date }[];
    expect(gaps.length).toBeGreaterThan(0);
    for (const gap of gaps) {
      const [inside] = (await maritime.harness.db.query(
        'SELECT count(*)::int AS n FROM ais_positions WHERE imo = $1 AND ts > $2 AND ts < $3',
        [gap.imo, gap.started_at, gap.ended_at],
      )) as { n: number }[];
      expect(inside!.n).toBe(0);
    }
  });

  it('refuses a database that holds vessels unless --reset, and --reset on a foreign name without --force', async () => {
    const env = { DATABASE_URL: maritime.harness.resources.database.url };
    const args = ['--profile', 'small', '--as-of', SMALL_SEED_AS_OF, '--quiet'];
    const again = capture();
    expect(await seedCommand.run(args, env, again.io)).toBe(1);
    expect(again.err.join('\n')).toContain('--reset');
    const reset = capture();
    expect(await seedCommand.run([...args, '--reset'], env, reset.io)).toBe(1);
    expect(reset.err.join('\n')).toMatch(/does not end in maritime.*--force/);
    const bad = capture();
    expect(await seedCommand.run(['--profile', 'huge'], env, bad.io)).toBe(2);
    expect(bad.err[0]).toContain('--profile must be one of small, default, large');
  });
});
