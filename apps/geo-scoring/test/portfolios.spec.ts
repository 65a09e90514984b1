import { TEST_NOW } from '@platform/testing';
import { DashboardClient, dashboardClient, expectError } from './support/dashboard-client';
import { createPortfolio, Member, members, Summary } from './support/portfolio-fixtures';
import { geoForFile } from './support/geo-harness';
import { ScoredCell, scoredCells, UNSCORED_POINT } from './support/scored-cells';
import { tinySeedTemplate } from './support/tiny-seed';

const file = geoForFile({ ...tinySeedTemplate, env: { RATE_LIMITS_ENABLED: 'false' } });
const UNKNOWN_ID = '7d444840-9dc0-41d1-b245-5ffdce74fad2';
let ada: DashboardClient;
let bob: DashboardClient;
let cells: ScoredCell[];

beforeAll(async () => {
  const url = file.geo.instances[0]!.url;
  ada = await dashboardClient(url, 'user-ada');
  bob = await dashboardClient(url, 'user-bob');
  cells = await scoredCells(file.geo.db, 3);
  expect(cells).toHaveLength(3);
});

beforeEach(async () => {
  file.geo.clock.set(TEST_NOW);
  await file.geo.db.query('DELETE FROM monitored_locations');
  await file.geo.db.query('DELETE FROM portfolios');
});

describe('portfolios: authentication', () => {
  const id = UNKNOWN_ID;
  const routes: [string, string][] = [
    ['GET', '/api/portfolios'],
    ['POST', '/api/portfolios'],
    ['GET', `/api/portfolios/${id}`],
    ['PATCH', `/api/portfolios/${id}`],
    ['DELETE', `/api/portfolios/${id}`],
    ['POST', `/api/portfolios/${id}/members`],
    ['DELETE', `/api/portfolios/${id}/members?member_id=${id}`],
    ['POST', `/api/portfolios/${id}/refresh`],
    ['POST', `/api/portfolios/${id}/upload`],
  ];

  it.each(routes)('%s %s answers 401 unauthorized without a session', async (method, path) => {
    const reply = await fetch(`${file.geo.instances[0]!.url}${path}`, { method });
    expect(reply.status).toBe(401);
    expectError(await reply.json(), 'unauthorized');
  });
});

describe('portfolios', () => {
  it('creates an empty portfolio and lists the caller’s, newest first', async () => {
    const first = await createPortfolio(ada, '  Austin retail ');
    expect(first).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      name: 'Austin retail',
      composite_score: null,
      member_count: 0,
      scored_count: 0,
      above_threshold_count: 0,
      below_threshold_count: 0,
      last_refreshed_at: null,
      created_at: '2026-03-31T23:59:59.000Z',
      updated_at: '2026-03-31T23:59:59.000Z',
    });
    file.geo.clock.advance(1000);
    await createPortfolio(ada, 'Boston offices');
    await createPortfolio(bob, 'Bob’s');
    const list = await ada.get<{ portfolios: Summary[] }>('/api/portfolios');
    expect(list.status).toBe(200);
    expect(list.headers.get('cache-control')).toBe('private, no-store');
    expect(list.body.portfolios.map((p) => p.name)).toEqual(['Boston offices', 'Austin retail']);
    expect(list.body.portfolios[1]).toEqual(first);
  });

  it('takes names of up to 120 characters, unique per user regardless of case', async () => {
    expect((await ada.post('/api/portfolios', { name: 'x'.repeat(120) })).status).toBe(201);
    const long = await ada.post('/api/portfolios', { name: 'y'.repeat(121) });
    expect(long.status).toBe(400);
    expectError(long.body, 'invalid_request');
    await createPortfolio(ada, 'Core');
    const taken = await ada.post('/api/portfolios', { name: 'core' });
    expect(taken.status).toBe(409);
    expectError(taken.body, 'portfolio_name_taken');
    await createPortfolio(bob, 'core');
    for (const body of [{}, { name: '' }, { name: 7 }, { name: 'a', extra: true }, []]) {
      const reply = await ada.post('/api/portfolios', body);
      expect({ body, status: reply.status }).toEqual({ body, status: 400 });
      expectError(reply.body, 'invalid_request');
    }
  });

  it('reads one portfolio with its members in added order', async () => {
    const portfolio = await createPortfolio(ada, 'Mixed');
    const path = `/api/portfolios/${portfolio.id}`;
    await ada.post(`${path}/members`, { name: 'First', lat: 30.27, lng: -97.74 });
    file.geo.clock.advance(1000);
    await ada.post(`${path}/members`, { members: members(3) });
    const detail = await ada.get<Summary & { members: Member[] }>(path);
    expect(detail.status).toBe(200);
    expect(detail.body.member_count).toBe(4);
    expect(detail.body.members.map((m) => m.name)).toEqual(['First', 'Site 1', 'Site 2', 'Site 3']);
    for (const bad of ['not-a-uuid', UNKNOWN_ID]) {
      const missing = await ada.get(`/api/portfolios/${bad}`);
      expect(missing.status).toBe(404);
      expectError(missing.body, 'portfolio_not_found');
    }
  });

  it('renames a portfolio', async () => {
    const portfolio = await createPortfolio(ada, 'Before');
    await createPortfolio(ada, 'Taken');
    file.geo.clock.advance(60_000);
    const renamed = await ada.patch<Summary>(`/api/portfolios/${portfolio.id}`, { name: 'After' });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ id: portfolio.id, name: 'After' });
    expect(renamed.body.updated_at > renamed.body.created_at).toBe(true);
    const taken = await ada.patch(`/api/portfolios/${portfolio.id}`, { name: 'TAKEN' });
    expect(taken.status).toBe(409);
    expectError(taken.body, 'portfolio_name_taken');
    const same = await ada.patch(`/api/portfolios/${portfolio.id}`, { name: 'after' });
    expect(same.status).toBe(200);
  });

  it('keeps at most 200 portfolios per user', async () => {
    await file.geo.db.query(
      `INSERT INTO portfolios (user_id, name) SELECT 'user-ada', 'p' || n FROM generate_series(1, 199) n`,
    );
    await createPortfolio(ada, 'the 200th');
    const over = await ada.post('/api/portfolios', { name: 'the 201st' });
    expect(over.status).toBe(409);
    expectError(over.body, 'portfolio_limit_reached');
  });
});

describe('portfolio refresh and delete', () => {
  it('scores members whose cell has a composite and leaves the others null', async () => {
    const portfolio = await createPortfolio(ada, 'Refresh');
    const path = `/api/portfolios/${portfolio.id}`;
    const cell = cells[0]!;
    await ada.post(`${path}/members`, {
      members: [
        { name: 'Scored', lat: cell.lat, lng: cell.lng },
        { name: 'Nowhere', ...UNSCORED_POINT },
      ],
    });
    file.geo.clock.advance(3_600_000);
    const refreshed = await ada.post<{ refreshed: number; scored: number; portfolio: Summary }>(
      `${path}/refresh`,
    );
    expect(refreshed.status).toBe(200);
    const expectedScore = Math.round(cell.composite);
    expect(refreshed.body).toEqual({
      refreshed: 2,
      scored: 1,
      portfolio: expect.objectContaining({
        id: portfolio.id,
        member_count: 2,
        scored_count: 1,
        composite_score: expectedScore,
        above_threshold_count: cell.composite >= 70 ? 1 : 0,
        below_threshold_count: cell.composite >= 70 ? 0 : 1,
        last_refreshed_at: '2026-04-01T00:59:59.000Z',
      }),
    });
    const detail = await ada.get<Summary & { members: Member[] }>(path);
    const [scored, nowhere] = detail.body.members;
    expect(scored).toMatchObject({
      h3_index: cell.h3_index,
      last_score: cell.composite,
      last_scored_at: '2026-04-01T00:59:59.000Z',
    });
    expect(nowhere).toMatchObject({ last_score: null, last_scored_at: null });
    expect(detail.body.last_refreshed_at).toBe('2026-04-01T00:59:59.000Z');
  });

  it('rounds the composite score half up over the scored members', async () => {
    const portfolio = await createPortfolio(ada, 'Rounding');
    await ada.post(`/api/portfolios/${portfolio.id}/members`, { members: members(2) });
    await file.geo.db.query(
      `UPDATE monitored_locations SET last_score = CASE WHEN name = 'Site 1' THEN 69 ELSE 70 END`,
    );
    const detail = await ada.get<Summary>(`/api/portfolios/${portfolio.id}`);
    expect(detail.body).toMatchObject({
      composite_score: 70,
      scored_count: 2,
      above_threshold_count: 1,
      below_threshold_count: 1,
    });
  });

  it('returns the members of a deleted portfolio to the unassigned list', async () => {
    const portfolio = await createPortfolio(ada, 'Doomed');
    const added = await ada.post<{ members: Member[] }>(`/api/portfolios/${portfolio.id}/members`, {
      members: members(3),
    });
    const deleted = await ada.delete(`/api/portfolios/${portfolio.id}`);
    expect(deleted).toMatchObject({ status: 200, body: { success: true, unassigned_members: 3 } });
    const gone = await ada.get(`/api/portfolios/${portfolio.id}`);
    expect(gone.status).toBe(404);
    expectError(gone.body, 'portfolio_not_found');
    const unassigned = await ada.get<{ monitored_locations: Member[] }>(
      '/api/monitored-locations?unassigned=true',
    );
    expect(unassigned.status).toBe(200);
    expect(unassigned.body.monitored_locations.map((m) => m.id)).toEqual(
      added.body.members.map((m) => m.id),
    );
    expect(unassigned.body.monitored_locations.every((m) => m.portfolio_id === null)).toBe(true);
    expect((await ada.delete(`/api/portfolios/${portfolio.id}`)).status).toBe(404);
  });
});

describe("another user's portfolio", () => {
  it('answers 404 portfolio_not_found on every route and changes nothing', async () => {
    const portfolio = await createPortfolio(ada, 'Private');
    const path = `/api/portfolios/${portfolio.id}`;
    const added = await ada.post<{ members: Member[] }>(`${path}/members`, { members: members(2) });
    const memberId = added.body.members[0]!.id;
    const attempts = [
      await bob.get(path),
      await bob.patch(path, { name: 'Mine now' }),
      await bob.post(`${path}/members`, { name: 'Intruder', lat: 30, lng: -97 }),
      await bob.delete(`${path}/members?member_id=${memberId}`),
      await bob.post(`${path}/refresh`),
      await bob.delete(path),
    ];
    for (const reply of attempts) {
      expect(reply.status).toBe(404);
      expectError(reply.body, 'portfolio_not_found');
    }
    const upload = await bob.fetch(`${path}/upload`, {
      method: 'POST',
      headers: { 'content-type': 'text/csv' },
      body: 'lat,lng\n30.27,-97.74\n',
    });
    expect(upload.status).toBe(404);
    expectError(await upload.json(), 'portfolio_not_found');
    // Bob's own portfolio cannot reach Ada's member either.
    const own = await createPortfolio(bob, 'Bob');
    const reach = await bob.delete(`/api/portfolios/${own.id}/members?member_id=${memberId}`);
    expect(reach.status).toBe(404);
    expectError(reach.body, 'member_not_found');
    expect((await bob.get<{ portfolios: Summary[] }>('/api/portfolios')).body.portfolios).toEqual([
      own,
    ]);
    const intact = await ada.get<Summary & { members: Member[] }>(path);
    expect(intact.body).toMatchObject({
      name: 'Private',
      member_count: 2,
      last_refreshed_at: null,
    });
  });
});
