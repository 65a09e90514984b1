// Watchlist entries over HTTP on real PostgreSQL: the IMO check digit, add/update/remove,
// notify_on values, category defaults, owner isolation, and malformed input on every watchlist
// route. Categories as a tree and the bulk calls are in watchlist-tree-and-bulk.spec.ts.
import { expectErrorBody } from '@platform/testing';
import { insertReference, insertVessels, testImo } from './support/fixtures';
import { maritimeForFile } from './support/maritime-harness';

const maritime = maritimeForFile();
const A = testImo(31);
const B = testImo(32);
const C = testImo(33);
const UNKNOWN = testImo(99); // valid check digit, but no such vessel
const DEFAULT_NOTIFY_ON = ['port_entry', 'port_departure', 'dark_event', 'sanctions_match'];

interface Entry {
  id: number;
  imo_number: string;
  label: string | null;
  notify_on: string[];
  category_id: number | null;
  sort_order: number;
  created_at: string;
  watchlist_categories: { id: number; name: string } | null;
  vessels: { name: string; vessel_type: string; flag: string; risk_score: number | null };
}

interface Category {
  id: number;
  name: string;
  parent_id: number | null;
  default_notify_on: string[];
  depth: number;
  entries_count: number;
}

let pro: string;

beforeAll(async () => {
  const db = maritime.harness.db;
  await insertReference(db);
  await insertVessels(db, [
    { imo: A, mmsi: '351000031', name: 'ALPHA', vessel_type: 'tanker' },
    { imo: B, mmsi: '351000032', name: 'BRAVO' },
    { imo: C, mmsi: '351000033', name: 'CHARLIE', flag: 'NO' },
  ]);
  await db.query(`INSERT INTO vessel_risk_scores (imo, score, tier, factors, computed_at)
    VALUES ('${A}', 61.5, 'high', '[]', now())`);
  pro = await maritime.mintKey('pro', { owner: 'wl-main' });
});

const post = <T = Record<string, unknown>>(path: string, body: unknown, key: string) =>
  maritime.send<T>('POST', path, body, key);
const patch = <T = Record<string, unknown>>(path: string, body: unknown, key: string) =>
  maritime.send<T>('PATCH', path, body, key);
const del = <T = Record<string, unknown>>(path: string, key: string) =>
  maritime.send<T>('DELETE', path, undefined, key);

describe('watchlist entries', () => {
  it('checks the IMO check digit, adds (201), updates on repeat (200) and removes (200, then 404)', async () => {
    const key = await maritime.mintKey('free', { owner: 'wl-entries' });
    const short = await post('/api/v1/watchlist', { imo_number: '123456' }, key);
    expect(short.status).toBe(400);
    expectErrorBody('code', short.body, 'invalid_request');
    expect(short.body['details']).toEqual([expect.objectContaining({ field: 'imo_number' })]);
    const badDigit = await post('/api/v1/watchlist', { imo_number: '9999999' }, key);
    expect(badDigit.status).toBe(400);
    expect((await post('/api/v1/watchlist', { imo_number: 9074729 }, key)).status).toBe(400);
    const unknown = await post('/api/v1/watchlist', { imo_number: UNKNOWN }, key);
    expect(unknown.status).toBe(404);
    expectErrorBody('code', unknown.body, 'vessel_not_found');

    const added = await post<{ entry: Entry; created: boolean }>(
      '/api/v1/watchlist',
      { imo_number: A, label: 'my tanker' },
      key,
    );
    expect(added.status).toBe(201);
    expect(added.body.created).toBe(true);
    expect(added.body.entry).toMatchObject({
      imo_number: A,
      label: 'my tanker',
      notify_on: DEFAULT_NOTIFY_ON,
      category_id: null,
      sort_order: 0,
      watchlist_categories: null,
      vessels: {
        name: 'ALPHA',
        vessel_type: 'tanker',
        flag: 'PA',
        risk_score: 61.5,
        risk_tier: 'high',
      },
    });
    expect(Number.isInteger(added.body.entry.id)).toBe(true);
    // Stamped by the service clock (a fixed instant in tests), as ISO 8601 with milliseconds.
    expect(added.body.entry.created_at).toBe(maritime.harness.clock.now().toISOString());

    const again = await post<{ entry: Entry; created: boolean }>(
      '/api/v1/watchlist',
      { imo_number: A, sort_order: 5 },
      key,
    );
    expect(again.status).toBe(200);
    expect(again.body.created).toBe(false);
    expect(again.body.entry).toMatchObject({
      id: added.body.entry.id,
      label: 'my tanker',
      sort_order: 5,
    });

    const list = await maritime.get<{ watchlist: Entry[]; count: number; tier: string }>(
      '/api/v1/watchlist',
      key,
    );
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({ count: 1, tier: 'free' });
    expect(list.body.watchlist.map((e) => e.imo_number)).toEqual([A]);

    const removed = await del(`/api/v1/watchlist?imo=${A}`, key);
    expect(removed.status).toBe(200);
    expect(removed.body).toEqual({ deleted: true, imo_number: A });
    const twice = await del(`/api/v1/watchlist?imo=${A}`, key);
    expect(twice.status).toBe(404);
    expectErrorBody('code', twice.body, 'watchlist_entry_not_found');
    expect((await del('/api/v1/watchlist?imo=9999999', key)).status).toBe(400);
    expect((await del('/api/v1/watchlist', key)).status).toBe(400);
  });

  it('needs a key on every watchlist route', async () => {
    for (const [method, path] of [
      ['GET', '/api/v1/watchlist'],
      ['POST', '/api/v1/watchlist'],
      ['GET', '/api/v1/watchlist/categories'],
      ['PATCH', '/api/v1/watchlist/bulk'],
    ] as const) {
      const reply = await maritime.send(method, path, method === 'GET' ? undefined : {});
      expect(reply.status).toBe(401);
      expectErrorBody('code', reply.body, 'api_key_required');
    }
  });

  it('accepts exactly the nine notify_on values, refuses others and duplicates', async () => {
    const all = [
      'port_entry',
      'port_departure',
      'dark_event',
      'sanctions_match',
      'spoofing',
      'sts_transfer',
      'loitering',
      'zone_entry',
      'dark_fleet',
    ];
    const ok = await post<{ entry: Entry }>(
      '/api/v1/watchlist',
      { imo_number: B, notify_on: all },
      pro,
    );
    expect(ok.status).toBe(201);
    expect(ok.body.entry.notify_on).toEqual(all);
    for (const notify_on of [
      ['port_entry', 'speeding'],
      ['dark_event', 'dark_event'],
      'dark_event',
      null,
    ]) {
      const bad = await patch('/api/v1/watchlist', { imo_number: B, notify_on }, pro);
      expect(bad.status).toBe(400);
      expectErrorBody('code', bad.body, 'invalid_request');
      expect(bad.body['details']).toEqual(
        expect.arrayContaining([expect.objectContaining({ field: 'notify_on' })]),
      );
    }
    const muted = await patch<{ entry: Entry }>(
      '/api/v1/watchlist',
      { imo_number: B, notify_on: [] },
      pro,
    );
    expect(muted.body.entry.notify_on).toEqual([]);
    const unknownField = await post('/api/v1/watchlist', { imo_number: B, colour: 'red' }, pro);
    expect(unknownField.status).toBe(400);
    expect((await del(`/api/v1/watchlist?imo=${B}`, pro)).status).toBe(200);
  });

  it('inherits the category default_notify_on when a category is given without notify_on', async () => {
    const key = await maritime.mintKey('starter', { owner: 'wl-inherit' });
    const category = await post<{ category: Category }>(
      '/api/v1/watchlist/categories',
      { name: 'Shadow fleet', default_notify_on: ['spoofing', 'sts_transfer', 'dark_fleet'] },
      key,
    );
    expect(category.status).toBe(201);
    const id = category.body.category.id;
    const inherited = await post<{ entry: Entry }>(
      '/api/v1/watchlist',
      { imo_number: A, category_id: id },
      key,
    );
    expect(inherited.body.entry).toMatchObject({
      category_id: id,
      notify_on: ['spoofing', 'sts_transfer', 'dark_fleet'],
      watchlist_categories: { id, name: 'Shadow fleet' },
    });
    const explicit = await post<{ entry: Entry }>(
      '/api/v1/watchlist',
      { imo_number: B, category_id: id, notify_on: ['loitering'] },
      key,
    );
    expect(explicit.body.entry.notify_on).toEqual(['loitering']);
    // PATCH: moving C into the category also takes its default; null clears only the category.
    await post('/api/v1/watchlist', { imo_number: C }, key);
    const moved = await patch<{ entry: Entry }>(
      '/api/v1/watchlist',
      { imo_number: C, category_id: id, label: 'x' },
      key,
    );
    expect(moved.body.entry).toMatchObject({
      category_id: id,
      label: 'x',
      notify_on: ['spoofing', 'sts_transfer', 'dark_fleet'],
    });
    const cleared = await patch<{ entry: Entry }>(
      '/api/v1/watchlist',
      { imo_number: C, category_id: null, label: null },
      key,
    );
    expect(cleared.body.entry).toMatchObject({
      category_id: null,
      label: null,
      watchlist_categories: null,
      notify_on: ['spoofing', 'sts_transfer', 'dark_fleet'],
    });
    const missing = await patch('/api/v1/watchlist', { imo_number: C, category_id: 987654 }, key);
    expect(missing.status).toBe(404);
    expectErrorBody('code', missing.body, 'category_not_found');
    const categories = await maritime.get<{ categories: Category[]; count: number }>(
      '/api/v1/watchlist/categories',
      key,
    );
    expect(categories.body.categories[0]).toMatchObject({ id, entries_count: 2, depth: 1 });
  });

  it("keeps owners apart: another owner's entries and categories answer 404; an owner's keys share them", async () => {
    const first = await maritime.mintKey('pro', { owner: 'wl-iso-1' });
    const sameOwner = await maritime.mintKey('starter', { owner: 'wl-iso-1' });
    const other = await maritime.mintKey('pro', { owner: 'wl-iso-2' });
    const category = await post<{ category: Category }>(
      '/api/v1/watchlist/categories',
      { name: 'Mine' },
      first,
    );
    const categoryId = category.body.category.id;
    await post('/api/v1/watchlist', { imo_number: A, category_id: categoryId }, first);

    const shared = await maritime.get<{ watchlist: Entry[] }>('/api/v1/watchlist', sameOwner);
    expect(shared.body.watchlist.map((e) => e.imo_number)).toEqual([A]);
    const theirs = await maritime.get<{ watchlist: Entry[]; count: number }>(
      '/api/v1/watchlist',
      other,
    );
    expect(theirs.body).toMatchObject({ watchlist: [], count: 0 });
    expect(
      (await maritime.get<{ count: number }>('/api/v1/watchlist/categories', other)).body.count,
    ).toBe(0);

    const steal = await patch('/api/v1/watchlist', { imo_number: A, label: 'mine now' }, other);
    expect(steal.status).toBe(404);
    expectErrorBody('code', steal.body, 'watchlist_entry_not_found');
    expect((await del(`/api/v1/watchlist?imo=${A}`, other)).status).toBe(404);
    const foreignCategory = await post(
      '/api/v1/watchlist',
      { imo_number: A, category_id: categoryId },
      other,
    );
    expect(foreignCategory.status).toBe(404);
    expectErrorBody('code', foreignCategory.body, 'category_not_found');
    for (const reply of [
      await patch('/api/v1/watchlist/categories', { id: categoryId, name: 'Hijacked' }, other),
      await del(`/api/v1/watchlist/categories?id=${categoryId}`, other),
      await post('/api/v1/watchlist/categories', { name: 'Child', parent_id: categoryId }, other),
    ]) {
      expect(reply.status).toBe(404);
      expectErrorBody('code', reply.body, 'category_not_found');
    }
    // The other owner watching the same vessel is a separate entry.
    const own = await post<{ created: boolean }>('/api/v1/watchlist', { imo_number: A }, other);
    expect(own.body.created).toBe(true);
    const still = await maritime.get<{ watchlist: Entry[] }>('/api/v1/watchlist', first);
    expect(still.body.watchlist[0]).toMatchObject({ imo_number: A, category_id: categoryId });
  });
});

describe('malformed input', () => {
  it('answers every watchlist route with a 4xx error body, never a 5xx', async () => {
    const key = await maritime.mintKey('admin', { owner: 'wl-fuzz' });
    const bodies = [
      '[]',
      'null',
      '123',
      '"\\u0000"',
      '{"a":',
      `{"imo_number":"${A}","label":"a\\u0000b"}`,
      `{"imo_number":"${A}","sort_order":1e20}`,
      `{"imo_number":"${A}","category_id":1.5}`,
      `{"imo_number":"${A}","category_id":"1"}`,
      `{"imo_number":"${A}","notify_on":[1]}`,
      '{"name":"a\\u0000"}',
      '{"name":"ok","parent_id":1e309}',
      '{"id":"1","name":"x"}',
      '{"imos":[null]}',
      `{"imos":"${A}"}`,
      `{"imos":["${A}"],"action":"set_label","label":{"x":1}}`,
    ];
    const routes: [string, string][] = [
      ['POST', '/api/v1/watchlist'],
      ['PATCH', '/api/v1/watchlist'],
      ['POST', '/api/v1/watchlist/categories'],
      ['PATCH', '/api/v1/watchlist/categories'],
      ['POST', '/api/v1/watchlist/bulk'],
      ['PATCH', '/api/v1/watchlist/bulk'],
    ];
    for (const [method, path] of routes)
      for (const body of bodies) {
        const reply = await maritime.send(method, path, body, key);
        // The labels make a failure name the route and body.
        const is4xx = reply.status >= 400 && reply.status < 500;
        expect([method, path, body, is4xx]).toEqual([method, path, body, true]);
        expect(typeof reply.body['code']).toBe('string');
      }
    for (const query of [
      'imo=%00',
      'imo=9074729&imo=9074729',
      'id=1e309',
      'id=-1',
      'id=99999999999999999999',
    ])
      for (const path of ['/api/v1/watchlist', '/api/v1/watchlist/categories']) {
        const reply = await maritime.send('DELETE', `${path}?${query}`, undefined, key);
        expect(reply.status).toBeGreaterThanOrEqual(400);
        expect(reply.status).toBeLessThan(500);
      }
  });
});
