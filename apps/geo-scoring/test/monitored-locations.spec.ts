import { TEST_NOW } from '@platform/testing';
import { DashboardClient, dashboardClient, expectError } from './support/dashboard-client';
import { geoForFile } from './support/geo-harness';

interface Location {
  id: string;
  portfolio_id: string | null;
  name: string;
}

interface LocationList {
  monitored_locations: Location[];
  next_cursor: string | null;
}

const file = geoForFile({ env: { RATE_LIMITS_ENABLED: 'false' } });
let ada: DashboardClient;
let bob: DashboardClient;

beforeAll(async () => {
  ada = await dashboardClient(file.geo.instances[0]!.url, 'user-ada');
  bob = await dashboardClient(file.geo.instances[0]!.url, 'user-bob');
});

beforeEach(async () => {
  file.geo.clock.set(TEST_NOW);
  await file.geo.db.query('DELETE FROM monitored_locations');
  await file.geo.db.query('DELETE FROM portfolios');
});

/** A portfolio of `count` members named `<prefix> n`; deleting it leaves them unassigned. */
async function portfolioWith(
  client: DashboardClient,
  name: string,
  count: number,
): Promise<string> {
  const created = await client.post<{ id: string }>('/api/portfolios', { name });
  const members = Array.from({ length: count }, (_, i) => ({
    name: `${name} ${i + 1}`,
    lat: 30 + i / 1000,
    lng: -97,
  }));
  for (let start = 0; start < count; start += 500) {
    const reply = await client.post(`/api/portfolios/${created.body.id}/members`, {
      members: members.slice(start, start + 500),
    });
    expect(reply.status).toBe(201);
  }
  return created.body.id;
}

async function walk(client: DashboardClient, query: string): Promise<Location[]> {
  const seen: Location[] = [];
  let cursor: string | null = null;
  do {
    const path = `/api/monitored-locations?${query}${cursor === null ? '' : `&cursor=${cursor}`}`;
    const page: { status: number; body: LocationList } = await client.get<LocationList>(path);
    expect(page.status).toBe(200);
    seen.push(...page.body.monitored_locations);
    cursor = page.body.next_cursor;
  } while (cursor !== null);
  return seen;
}

describe('GET /api/monitored-locations', () => {
  it.each(['GET', 'DELETE'])('%s answers 401 unauthorized without a session', async (method) => {
    const reply = await fetch(`${file.geo.instances[0]!.url}/api/monitored-locations?id=x`, {
      method,
    });
    expect(reply.status).toBe(401);
    expectError(await reply.json(), 'unauthorized');
  });

  it('lists all, unassigned or assigned locations in added order, page by page', async () => {
    const doomed = await portfolioWith(ada, 'Old', 130);
    await portfolioWith(ada, 'Kept', 120);
    expect((await ada.delete(`/api/portfolios/${doomed}`)).body).toMatchObject({
      unassigned_members: 130,
    });
    const unassigned = await walk(ada, 'unassigned=true&limit=50');
    expect(unassigned.map((l) => l.name)).toEqual(
      Array.from({ length: 130 }, (_, i) => `Old ${i + 1}`),
    );
    expect(unassigned.every((l) => l.portfolio_id === null)).toBe(true);
    const assigned = await walk(ada, 'unassigned=false&limit=7');
    expect(assigned.map((l) => l.name)).toEqual(
      Array.from({ length: 120 }, (_, i) => `Kept ${i + 1}`),
    );
    const all = await walk(ada, 'limit=500');
    expect(all).toHaveLength(250);
    const firstPage = await ada.get<LocationList>('/api/monitored-locations');
    expect(firstPage.body.monitored_locations).toHaveLength(100);
  });

  it('refuses bad parameters and cursors of another list', async () => {
    await portfolioWith(ada, 'P', 3);
    for (const query of [
      'unassigned=yes',
      'unassigned=true&unassigned=false',
      'limit=x',
      'page=2',
    ]) {
      const reply = await ada.get(`/api/monitored-locations?${query}`);
      expect({ query, status: reply.status }).toEqual({ query, status: 400 });
      expectError(reply.body, 'invalid_request');
    }
    const page = await ada.get<LocationList>('/api/monitored-locations?unassigned=false&limit=1');
    const cursor = page.body.next_cursor!;
    for (const query of [
      `cursor=${cursor}`,
      `unassigned=true&cursor=${cursor}`,
      'cursor=abc.def',
    ]) {
      const reply = await ada.get(`/api/monitored-locations?${query}`);
      expect({ query, status: reply.status }).toEqual({ query, status: 400 });
      expectError(reply.body, 'invalid_cursor');
    }
  });

  it("never lists or deletes another user's locations", async () => {
    const id = await portfolioWith(ada, 'Ada', 2);
    await ada.delete(`/api/portfolios/${id}`);
    const [location] = (await ada.get<LocationList>('/api/monitored-locations')).body
      .monitored_locations;
    expect((await bob.get<LocationList>('/api/monitored-locations')).body).toEqual({
      monitored_locations: [],
      next_cursor: null,
    });
    const stolen = await bob.delete(`/api/monitored-locations?id=${location!.id}`);
    expect(stolen.status).toBe(404);
    expectError(stolen.body, 'monitored_location_not_found');
    expect(await ada.delete(`/api/monitored-locations?id=${location!.id}`)).toMatchObject({
      status: 200,
      body: { success: true },
    });
    expectError(
      (await ada.delete(`/api/monitored-locations?id=${location!.id}`)).body,
      'monitored_location_not_found',
    );
    expectError(
      (await ada.delete('/api/monitored-locations?id=zzz')).body,
      'monitored_location_not_found',
    );
    expectError((await ada.delete('/api/monitored-locations')).body, 'invalid_request');
    const left = await ada.get<LocationList>('/api/monitored-locations?unassigned=true');
    expect(left.body.monitored_locations.map((l) => l.name)).toEqual(['Ada 2']);
  });
});
