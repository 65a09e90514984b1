import { TEST_NOW } from '@platform/testing';
import { latLngToCell } from 'h3-js';
import { DashboardClient, dashboardClient, expectError } from './support/dashboard-client';
import { geoForFile } from './support/geo-harness';
import { createPortfolio, Member, members, Summary } from './support/portfolio-fixtures';

// Adding and removing portfolio members. Rate limits are counted elsewhere (see
// saved-searches.spec.ts, csv-upload.spec.ts).
const file = geoForFile({ env: { RATE_LIMITS_ENABLED: 'false' } });
const UNKNOWN_ID = '7d444840-9dc0-41d1-b245-5ffdce74fad2';
let ada: DashboardClient;

beforeAll(async () => {
  ada = await dashboardClient(file.geo.instances[0]!.url, 'user-ada');
});

beforeEach(async () => {
  file.geo.clock.set(TEST_NOW);
  await file.geo.db.query('DELETE FROM monitored_locations');
  await file.geo.db.query('DELETE FROM portfolios');
});

describe('portfolio members', () => {
  it('adds one member with its resolution-8 cell and no score yet', async () => {
    const portfolio = await createPortfolio(ada, 'One');
    const reply = await ada.post<{ added: number; members: Member[] }>(
      `/api/portfolios/${portfolio.id}/members`,
      { name: ' Store #1 ', lat: 30.2672, lng: -97.7431, address: '100 Congress Ave' },
    );
    expect(reply.status).toBe(201);
    expect(reply.body).toEqual({
      added: 1,
      members: [
        {
          id: expect.stringMatching(/^[0-9a-f-]{36}$/),
          portfolio_id: portfolio.id,
          name: 'Store #1',
          lat: 30.2672,
          lng: -97.7431,
          h3_index: latLngToCell(30.2672, -97.7431, 8),
          address: '100 Congress Ave',
          last_score: null,
          last_scored_at: null,
          created_at: '2026-03-31T23:59:59.000Z',
        },
      ],
    });
  });

  it('adds 500 in bulk; 501 is 400 too_many_rows and adds nothing', async () => {
    const portfolio = await createPortfolio(ada, 'Bulk');
    const path = `/api/portfolios/${portfolio.id}/members`;
    const over = await ada.post(path, { members: members(501) });
    expect(over.status).toBe(400);
    expectError(over.body, 'too_many_rows');
    const bulk = await ada.post<{ added: number; members: Member[] }>(path, {
      members: members(500),
    });
    expect(bulk.status).toBe(201);
    expect(bulk.body.added).toBe(500);
    expect(bulk.body.members.map((m) => m.name)).toEqual(members(500).map((m) => m.name));
    const detail = await ada.get<Summary>(`/api/portfolios/${portfolio.id}`);
    expect(detail.body.member_count).toBe(500);
  });

  it('refuses a bulk request with one bad member as a whole, naming the field', async () => {
    const portfolio = await createPortfolio(ada, 'Strict');
    const path = `/api/portfolios/${portfolio.id}/members`;
    const sent = members(5);
    sent[3] = { ...sent[3]!, lat: 95 };
    const reply = await ada.post<{ details: { field: string }[] }>(path, { members: sent });
    expect(reply.status).toBe(400);
    expectError(reply.body, 'invalid_request');
    expect(reply.body.details.map((d) => d.field)).toEqual(['members[3].lat']);
    const bad: unknown[] = [
      { members: [] },
      { members: 'all' },
      { members: [1] },
      { members: members(1), name: 'x' },
      { name: 'x', lat: '30.1', lng: -97 },
      { name: 'x', lat: 30.1 },
      { name: 'x', lat: 30.1, lng: -181 },
      { name: '', lat: 30.1, lng: -97 },
      { name: 'x', lat: 30.1, lng: -97, colour: 'red' },
      { name: 'x', lat: 30.1, lng: -97, address: 'a\u0000b' },
      { members: [{ name: 'x', lat: 30.1, lng: -97, tags: ['a'] }] },
      [{ name: 'x', lat: 30.1, lng: -97 }],
    ];
    for (const body of bad) {
      const refused = await ada.post(path, body);
      expect({ body, status: refused.status }).toEqual({ body, status: 400 });
      expectError(refused.body, 'invalid_request');
    }
    // Deeper than class-transformer can walk: refused before it tries.
    const deep = await ada.fetch(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: `{"members":[{"name":"x","lat":1,"lng":2,"d":${'['.repeat(3000)}${']'.repeat(3000)}}]}`,
    });
    expect(deep.status).toBe(400);
    expectError(await deep.json(), 'invalid_request');
    expect((await ada.get<Summary>(`/api/portfolios/${portfolio.id}`)).body.member_count).toBe(0);
  });

  it('holds at most 5,000 members per portfolio', async () => {
    const portfolio = await createPortfolio(ada, 'Full');
    await file.geo.db.query(
      `INSERT INTO monitored_locations (user_id, portfolio_id, name, lat, lng, h3_index)
       SELECT 'user-ada', $1, 'm' || n, 30, -97, $2 FROM generate_series(1, 4999) n`,
      [portfolio.id, latLngToCell(30, -97, 8)],
    );
    const path = `/api/portfolios/${portfolio.id}/members`;
    const over = await ada.post(path, { members: members(2) });
    expect(over.status).toBe(409);
    expectError(over.body, 'portfolio_full');
    expect((await ada.post(path, { members: members(1) })).status).toBe(201);
  });

  it('removes members one by one', async () => {
    const portfolio = await createPortfolio(ada, 'Shrinking');
    const path = `/api/portfolios/${portfolio.id}/members`;
    const added = await ada.post<{ members: Member[] }>(path, { members: members(2) });
    const [first] = added.body.members;
    const removed = await ada.delete(`${path}?member_id=${first!.id}`);
    expect(removed).toMatchObject({ status: 200, body: { success: true } });
    for (const memberId of [first!.id, 'nope', UNKNOWN_ID]) {
      const again = await ada.delete(`${path}?member_id=${memberId}`);
      expect(again.status).toBe(404);
      expectError(again.body, 'member_not_found');
    }
    const missing = await ada.delete(path);
    expect(missing.status).toBe(400);
    expectError(missing.body, 'invalid_request');
    const detail = await ada.get<Summary & { members: Member[] }>(
      `/api/portfolios/${portfolio.id}`,
    );
    expect(detail.body.members.map((m) => m.name)).toEqual(['Site 2']);
  });
});
