import { JobDispatcher, JobRunner, withAdvisoryLock } from '@platform/queues';
import { cellToLatLng, gridDisk, gridDistance, latLngToCell } from 'h3-js';
import { JOB_QUEUES } from '../src/jobs/job-queues';
import { LicenceTiersModule } from '../src/pipeline/licence-tiers/licence-tiers.module';
import { LicenceTiersService } from '../src/pipeline/licence-tiers/licence-tiers.service';
import { pipelineProvider } from './support/pipeline-context';
import { waitFor } from '@platform/testing';
import { GeoHarness, readCacheMessageDrops, startGeo } from './support/geo-harness';

const TODAY = '2026-03-10';

interface Licence {
  sourceId: string;
  cell: string;
  naics: string | null;
  tier: string;
  occurredAt: string;
  closeDate?: string;
  loadedAt: string;
}

describe('licence-tiers job', () => {
  let geo: GeoHarness;
  // Three cells: B touches A; C is far from both.
  const a = latLngToCell(30.27, -97.74, 8);
  const b = gridDisk(a, 1).find((cell) => cell !== a)!;
  const c = latLngToCell(30.4, -97.6, 8);

  const insert = async (licences: Licence[]): Promise<void> => {
    for (const l of licences) {
      const [lat, lng] = cellToLatLng(l.cell);
      await geo.db.query(
        `INSERT INTO business_licenses (source_id, business_name, address, metro_slug, lat, lng,
           h3_index, naics_code, pioneer_tier, occurred_at, close_date, source_loaded_at)
         VALUES ($1, $1, $1, 'atx', $2, $3, $4, $5, $6, $7, $8, $9)`,
        [
          l.sourceId,
          lat,
          lng,
          l.cell,
          l.naics,
          l.tier,
          l.occurredAt,
          l.closeDate ?? null,
          l.loadedAt,
        ],
      );
    }
  };

  const tiers = async (): Promise<Record<string, string>> =>
    Object.fromEntries(
      (
        (await geo.db.query(
          'SELECT source_id, pioneer_tier FROM business_licenses ORDER BY source_id',
        )) as { source_id: string; pioneer_tier: string }[]
      ).map((r) => [r.source_id, r.pioneer_tier]),
    );

  beforeAll(async () => {
    geo = await startGeo({ replicas: 0 });
    await geo.db.query(`INSERT INTO metros (slug, name, state, center_lat, center_lng, radius_km)
      VALUES ('atx', 'Austin', 'TX', 30.27, -97.74, 20)`);
    expect(gridDistance(a, c)).toBeGreaterThan(3);
    // Tiers as ingest computed them when each row was loaded.
    await insert([
      // In C, loaded long ago: only the close_date rule can touch them.
      {
        sourceId: 'closed-yesterday',
        cell: c,
        naics: '445110',
        tier: 'Pioneer',
        occurredAt: '2025-01-01T00:00:00Z',
        closeDate: '2026-03-09',
        loadedAt: '2025-01-02T00:00:00Z',
      },
      {
        sourceId: 'closed-today',
        cell: c,
        naics: null,
        tier: 'None',
        occurredAt: '2025-01-01T00:00:00Z',
        closeDate: TODAY,
        loadedAt: '2025-01-02T00:00:00Z',
      },
      {
        sourceId: 'closes-tomorrow',
        cell: c,
        naics: '446110',
        tier: 'Pioneer',
        occurredAt: '2025-02-01T00:00:00Z',
        closeDate: '2026-03-11',
        loadedAt: '2025-02-02T00:00:00Z',
      },
      // In B, loaded on time: a restaurant with no earlier one nearby, and a bar (other group).
      {
        sourceId: 'later-restaurant',
        cell: b,
        naics: '722511',
        tier: 'Pioneer',
        occurredAt: '2026-02-01T10:00:00Z',
        loadedAt: '2026-02-02T00:00:00Z',
      },
      {
        sourceId: 'later-bar',
        cell: b,
        naics: '722410',
        tier: 'Pioneer',
        occurredAt: '2026-02-03T10:00:00Z',
        loadedAt: '2026-02-04T00:00:00Z',
      },
      // In A, loaded yesterday though issued in January: same 4-digit group 7225 as the
      // restaurant in B, so it is a prior of that one.
      {
        sourceId: 'late-restaurant',
        cell: a,
        naics: '722513',
        tier: 'Pioneer',
        occurredAt: '2026-01-15T10:00:00Z',
        loadedAt: '2026-03-09T12:00:00Z',
      },
    ]);
  });

  afterAll(async () => {
    await geo.close();
  });

  it('turns closed licences Dormant and recomputes the neighbours of a late licence', async () => {
    const result = await (
      await pipelineProvider(geo.db, LicenceTiersModule, LicenceTiersService)
    ).run(TODAY);
    expect(result).toEqual({ dormant: 2, recomputed: 1 });
    expect(await tiers()).toEqual({
      'closed-today': 'Dormant',
      'closed-yesterday': 'Dormant',
      'closes-tomorrow': 'Pioneer',
      'late-restaurant': 'Pioneer',
      'later-bar': 'Pioneer',
      'later-restaurant': 'Advanced',
    });
  });

  it('changes nothing on a second run', async () => {
    const before = await tiers();
    expect(
      await (await pipelineProvider(geo.db, LicenceTiersModule, LicenceTiersService)).run(TODAY),
    ).toEqual({
      dormant: 0,
      recomputed: 0,
    });
    expect(await tiers()).toEqual(before);
  });

  it('turns a licence Dormant on the day its close_date arrives', async () => {
    expect(
      await (
        await pipelineProvider(geo.db, LicenceTiersModule, LicenceTiersService)
      ).run('2026-03-11'),
    ).toEqual({
      dormant: 1,
      recomputed: 0,
    });
    expect((await tiers())['closes-tomorrow']).toBe('Dormant');
  });

  it('skips the run while another replica holds the job lock', async () => {
    // A replica that runs jobs only when asked: the job reads today from the clock.
    const { app } = await geo.startInstance({ QUEUE_WORKERS: 'false' });
    geo.clock.set(`${TODAY}T02:30:00Z`);
    const run = () => app.get(JobDispatcher).runNow(JOB_QUEUES.licenceTiers);
    const outcome = await withAdvisoryLock(
      geo.db,
      app.get(JobRunner).lockName(JOB_QUEUES.licenceTiers),
      run,
    );
    expect(outcome).toEqual({ acquired: true, result: { acquired: false } });
    expect(await run()).toEqual({
      acquired: true,
      result: { dormant: 0, recomputed: 0 },
    });
    expect(
      await geo.db.query(
        `SELECT status, result FROM job_runs WHERE job = 'licence-tiers' ORDER BY id`,
      ),
    ).toEqual([
      { status: 'skipped', result: null },
      { status: 'succeeded', result: { dormant: 0, recomputed: 0 } },
    ]);
  });

  it('tells every replica to drop its read cache when it changed a tier (nearby shows tiers)', async () => {
    const { app } = await geo.startInstance({ QUEUE_WORKERS: 'false' });
    await insert([
      {
        sourceId: 'closes-on-the-12th',
        cell: c,
        naics: '445110',
        tier: 'Pioneer',
        occurredAt: '2025-01-01T00:00:00Z',
        closeDate: '2026-03-12',
        loadedAt: '2025-01-02T00:00:00Z',
      },
    ]);
    geo.clock.set('2026-03-12T02:30:00Z');
    const before = await readCacheMessageDrops(app);
    expect(await app.get(JobDispatcher).runNow(JOB_QUEUES.licenceTiers)).toEqual({
      acquired: true,
      result: { dormant: 1, recomputed: 0 },
    });
    await waitFor(
      async () => (await readCacheMessageDrops(app)) > before,
      5_000,
      'the read-cache invalidation of the licence-tiers run',
    );
  });
});
