// GET /pi-clubs and /pi-coverage on hand-built entries: what each club has entered today, the
// status of each entry on the test clock's day (2026-03-31), filters and limits.
import { expectErrorBody } from '@platform/testing';
import { maritimeForFile } from './support/maritime-harness';
import { insertPiWorld, PI_VESSELS } from './support/pi-fixtures';

const maritime = maritimeForFile();

type Body = Record<string, unknown>;

beforeAll(async () => {
  await insertPiWorld(maritime.harness.db);
});

describe('GET /pi-clubs', () => {
  it('is public and counts the vessels and tonnage entered today, once per vessel', async () => {
    const reply = await maritime.get<{ clubs: Body[]; count: number; as_of: string; tier: string }>(
      '/api/v1/pi-clubs',
    );
    expect(reply.status).toBe(200);
    expect([reply.body.count, reply.body.as_of, reply.body.tier]).toEqual([
      4,
      '2026-03-31',
      'free',
    ]);
    // International Group clubs first, then by slug.
    expect(
      reply.body.clubs.map((c) => [
        c.slug,
        c.ig_member,
        c.risk_tier,
        c.vessels_entered,
        c.gt_entered,
      ]),
    ).toEqual([
      // xray (30,000 once across its two entries) + yankee 12,345
      ['gard', true, 'low', 2, 42_345],
      // zulu's cover expired on 2026-02-20
      ['skuld', true, 'low', 0, 0],
      ['kestrel-reef', false, 'medium', 0, 0],
      // whiskey was cancelled on 2026-03-01; victor's cancellation is still ahead
      ['sable-current', false, 'high', 1, 8_000],
    ]);
    expect(reply.body.clubs[0]).toEqual({
      id: expect.any(Number),
      slug: 'gard',
      name: 'Gard P. & I. (Bermuda) Ltd',
      ig_member: true,
      type: 'mutual',
      risk_tier: 'low',
      aliases: ['Gard', 'Gard AS'],
      vessels_entered: 2,
      gt_entered: 42_345,
    });
  });
});

describe('GET /pi-coverage', () => {
  it('shows each entry with its status today', async () => {
    const status = async (imo: string): Promise<unknown[]> => {
      const reply = await maritime.get<{ coverage: Body[] }>(`/api/v1/pi-coverage?vessel=${imo}`);
      expect(reply.status).toBe(200);
      return reply.body.coverage.map((c) => [c.club_slug, c.cover_type, c.status]);
    };
    const v = PI_VESSELS;
    expect(await status(v.xray)).toEqual([
      ['gard', 'charterers', 'active'],
      ['gard', 'owners_entry', 'active'],
    ]);
    expect(await status(v.zulu)).toEqual([['skuld', 'owners_entry', 'expired']]);
    expect(await status(v.whiskey)).toEqual([['sable-current', 'owners_entry', 'cancelled']]);
    expect(await status(v.victor)).toEqual([['sable-current', 'owners_entry', 'active']]);
    expect(await status(v.uniform)).toEqual([]);
  });

  it('returns the coverage record', async () => {
    const reply = await maritime.get<{ coverage: Body[] }>(
      `/api/v1/pi-coverage?vessel=${PI_VESSELS.whiskey}`,
    );
    expect(reply.body.coverage[0]).toEqual({
      id: expect.any(Number),
      imo_number: PI_VESSELS.whiskey,
      vessel_name: 'WHISKEY',
      club_slug: 'sable-current',
      club_name: 'Sable Current P&I (fictional)',
      ig_member: false,
      cover_type: 'owners_entry',
      policy_year: 2026,
      inception: '2026-02-20',
      expiry: '2027-02-20',
      cancelled_on: '2026-03-01',
      gt_entered: 25_000,
      status: 'cancelled',
      source: 'seed',
      batch_id: null,
      updated_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
    });
  });

  it('lists the whole fleet newest cover first, clamps limit to 200 and refuses 0', async () => {
    const all = await maritime.get<{ coverage: Body[]; count: number; limit_applied: number }>(
      '/api/v1/pi-coverage',
    );
    expect([all.body.count, all.body.limit_applied]).toEqual([6, 50]);
    const expiries = all.body.coverage.map((c) => c.expiry as string);
    expect(expiries).toEqual([...expiries].sort().reverse());
    const clamped = await maritime.get<{ limit_applied: number }>('/api/v1/pi-coverage?limit=1000');
    expect(clamped.body.limit_applied).toBe(200);
    const two = await maritime.get<{ coverage: Body[] }>('/api/v1/pi-coverage?limit=2');
    expect(two.body.coverage).toHaveLength(2);
    for (const bad of ['0', '2.5']) {
      const reply = await maritime.get(`/api/v1/pi-coverage?limit=${bad}`);
      expect([bad, reply.status]).toEqual([bad, 400]);
      expectErrorBody('code', reply.body, 'invalid_request');
    }
  });

  it('refuses a malformed IMO (400) and answers 404 for an unknown vessel', async () => {
    const bad = await maritime.get<{ details: { field: string }[] }>(
      '/api/v1/pi-coverage?vessel=9999999',
    );
    expect(bad.status).toBe(400);
    expect(bad.body.details.map((d) => d.field)).toEqual(['vessel']);
    const unknown = await maritime.get('/api/v1/pi-coverage?vessel=9074729');
    expect(unknown.status).toBe(404);
    expectErrorBody('code', unknown.body, 'vessel_not_found');
  });
});
