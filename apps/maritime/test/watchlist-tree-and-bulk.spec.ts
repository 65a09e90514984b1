// Watchlist categories as a tree (depth, cycles, sibling names, delete with un-nesting, the
// 200-per-owner limit) and the bulk calls (100-IMO cap, actions, the 10,000-entry limit) over
// HTTP on real PostgreSQL.
import { expectErrorBody } from '@platform/testing';
import { insertReference, insertVessels, testImo } from './support/fixtures';
import { maritimeForFile } from './support/maritime-harness';

const maritime = maritimeForFile();
const A = testImo(31);
const B = testImo(32);
const C = testImo(33);
const UNKNOWN = testImo(99); // valid check digit, but no such vessel
const DEFAULT_NOTIFY_ON = ['port_entry', 'port_departure', 'dark_event', 'sanctions_match'];

/** A run of vessels numbered from `first` (bulk tests and the 10,000-entry limit). */
function fleet(first: number, count: number): string[] {
  return Array.from({ length: count }, (_, i) => testImo(first + i));
}

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

beforeAll(async () => {
  const db = maritime.harness.db;
  await insertReference(db);
  await insertVessels(db, [
    { imo: A, mmsi: '351000031', name: 'ALPHA', vessel_type: 'tanker' },
    { imo: B, mmsi: '351000032', name: 'BRAVO' },
    { imo: C, mmsi: '351000033', name: 'CHARLIE', flag: 'NO' },
  ]);
  const many = fleet(1000, 10_050);
  await db.query(
    `INSERT INTO vessels (imo, mmsi, name, vessel_type, flag, build_year, dwt, gt, design_draft_m)
     SELECT imo, '352' || lpad(n::text, 6, '0'), 'FLEET ' || n, 'bulk_carrier', 'PA', 2010,
       50000, 30000, 12
     FROM unnest($1::text[]) WITH ORDINALITY AS t(imo, n)`,
    [many],
  );
  await db.query(`INSERT INTO vessel_risk_scores (imo, score, tier, factors, computed_at)
    VALUES ('${A}', 61.5, 'high', '[]', now())`);
});

const post = <T = Record<string, unknown>>(path: string, body: unknown, key: string) =>
  maritime.send<T>('POST', path, body, key);
const patch = <T = Record<string, unknown>>(path: string, body: unknown, key: string) =>
  maritime.send<T>('PATCH', path, body, key);
const del = <T = Record<string, unknown>>(path: string, key: string) =>
  maritime.send<T>('DELETE', path, undefined, key);

describe('watchlist categories', () => {
  it('nests up to 5 levels, refuses a sixth, and refuses a name taken among siblings', async () => {
    const key = await maritime.mintKey('pro', { owner: 'wl-tree' });
    let parent: number | null = null;
    const ids: number[] = [];
    for (let level = 1; level <= 5; level += 1) {
      const created: { status: number; body: { category: Category } } = await post<{
        category: Category;
      }>('/api/v1/watchlist/categories', { name: `Level ${level}`, parent_id: parent }, key);
      expect(created.status).toBe(201);
      expect(created.body.category).toMatchObject({
        parent_id: parent,
        depth: level,
        default_notify_on: DEFAULT_NOTIFY_ON,
      });
      parent = created.body.category.id;
      ids.push(parent);
    }
    const sixth = await post(
      '/api/v1/watchlist/categories',
      { name: 'Level 6', parent_id: parent },
      key,
    );
    expect(sixth.status).toBe(409);
    expectErrorBody('code', sixth.body, 'category_too_deep');

    const taken = await post(
      '/api/v1/watchlist/categories',
      { name: 'level 2', parent_id: ids[0] },
      key,
    );
    expect(taken.status).toBe(409);
    expectErrorBody('code', taken.body, 'category_name_taken');
    const elsewhere = await post('/api/v1/watchlist/categories', { name: 'Level 2' }, key);
    expect(elsewhere.status).toBe(201);
    for (const body of [
      { name: '' },
      { name: '   ' },
      { name: 'x'.repeat(101) },
      {},
      { name: 'ok', parent_id: 0 },
      { name: 'ok', default_notify_on: ['rain'] },
    ]) {
      const bad = await post('/api/v1/watchlist/categories', body, key);
      expect(bad.status).toBe(400);
      expectErrorBody('code', bad.body, 'invalid_request');
    }
  });

  it('moves categories, refusing cycles and moves that would nest too deep', async () => {
    const key = await maritime.mintKey('pro', { owner: 'wl-move' });
    const make = async (name: string, parent_id?: number): Promise<number> =>
      (await post<{ category: Category }>('/api/v1/watchlist/categories', { name, parent_id }, key))
        .body.category.id;
    const root = await make('Root');
    const child = await make('Child', root);
    const grandchild = await make('Grandchild', child);
    const other = await make('Other');
    const otherChild = await make('Other child', other);
    const otherGrand = await make('Other grand', otherChild);

    for (const parent_id of [root, child, grandchild]) {
      const cycle = await patch('/api/v1/watchlist/categories', { id: root, parent_id }, key);
      expect(cycle.status).toBe(409);
      expectErrorBody('code', cycle.body, 'category_cycle');
    }
    // Root's subtree is 3 levels; under Other grand (level 3) it would reach level 6.
    const deep = await patch(
      '/api/v1/watchlist/categories',
      { id: root, parent_id: otherGrand },
      key,
    );
    expect(deep.status).toBe(409);
    expectErrorBody('code', deep.body, 'category_too_deep');
    const fits = await patch<{ category: Category }>(
      '/api/v1/watchlist/categories',
      { id: root, parent_id: otherChild },
      key,
    );
    expect(fits.status).toBe(200);
    expect(fits.body.category).toMatchObject({ id: root, parent_id: otherChild, depth: 3 });
    const renamed = await patch<{ category: Category }>(
      '/api/v1/watchlist/categories',
      { id: root, name: 'Renamed', sort_order: 3, default_notify_on: ['dark_fleet'] },
      key,
    );
    expect(renamed.body.category).toMatchObject({
      name: 'Renamed',
      parent_id: otherChild,
      default_notify_on: ['dark_fleet'],
    });
    const top = await patch<{ category: Category }>(
      '/api/v1/watchlist/categories',
      { id: root, parent_id: null },
      key,
    );
    expect(top.body.category).toMatchObject({ parent_id: null, depth: 1 });
    const clash = await patch('/api/v1/watchlist/categories', { id: other, name: 'renamed' }, key);
    expect(clash.status).toBe(409);
    expectErrorBody('code', clash.body, 'category_name_taken');
    const unknown = await patch(
      '/api/v1/watchlist/categories',
      { id: root, parent_id: 999999 },
      key,
    );
    expect(unknown.status).toBe(404);
    expect((await patch('/api/v1/watchlist/categories', { name: 'no id' }, key)).status).toBe(400);
  });

  it('deletes a category: its vessels lose it, its children move to the top (renamed on a clash)', async () => {
    const key = await maritime.mintKey('pro', { owner: 'wl-delete' });
    const make = async (name: string, parent_id?: number): Promise<number> =>
      (await post<{ category: Category }>('/api/v1/watchlist/categories', { name, parent_id }, key))
        .body.category.id;
    const doomed = await make('Doomed');
    const keepName = await make('Tankers', doomed);
    const clashing = await make('Bulkers', doomed);
    const grandchild = await make('Deep', keepName);
    await make('Bulkers');
    await post('/api/v1/watchlist/bulk', { imos: [A, B], category_id: doomed }, key);
    await post('/api/v1/watchlist', { imo_number: C, category_id: grandchild }, key);

    const gone = await del(`/api/v1/watchlist/categories?id=${doomed}`, key);
    expect(gone.status).toBe(200);
    expect(gone.body).toEqual({
      deleted: true,
      id: doomed,
      cleared_entries: 2,
      unnested_children: 2,
      renamed_children: [{ id: clashing, name: 'Bulkers (2)' }],
    });
    const categories = await maritime.get<{ categories: Category[] }>(
      '/api/v1/watchlist/categories',
      key,
    );
    const byId = new Map(categories.body.categories.map((c) => [c.id, c]));
    expect(byId.has(doomed)).toBe(false);
    expect(byId.get(keepName)).toMatchObject({ name: 'Tankers', parent_id: null, depth: 1 });
    expect(byId.get(clashing)).toMatchObject({ name: 'Bulkers (2)', parent_id: null });
    expect(byId.get(grandchild)).toMatchObject({ parent_id: keepName, depth: 2 });
    const entries = await maritime.get<{ watchlist: Entry[] }>('/api/v1/watchlist', key);
    const category = Object.fromEntries(
      entries.body.watchlist.map((e) => [e.imo_number, e.category_id]),
    );
    expect(category).toEqual({ [A]: null, [B]: null, [C]: grandchild });
    const again = await del(`/api/v1/watchlist/categories?id=${doomed}`, key);
    expect(again.status).toBe(404);
    expectErrorBody('code', again.body, 'category_not_found');
    expect((await del('/api/v1/watchlist/categories?id=abc', key)).status).toBe(400);
  });

  it('allows 200 categories per owner and refuses the 201st', async () => {
    const key = await maritime.mintKey('pro', { owner: 'wl-200' });
    await maritime.harness.db.query(
      `INSERT INTO watchlist_categories (owner_id, name) SELECT 'wl-200', 'c' || n FROM generate_series(1, 199) n`,
    );
    expect((await post('/api/v1/watchlist/categories', { name: 'the 200th' }, key)).status).toBe(
      201,
    );
    const over = await post('/api/v1/watchlist/categories', { name: 'the 201st' }, key);
    expect(over.status).toBe(409);
    expectErrorBody('code', over.body, 'watchlist_limit_reached');
    expect(
      (await maritime.get<{ count: number }>('/api/v1/watchlist/categories', key)).body.count,
    ).toBe(200);
  });
});

describe('bulk watchlist calls', () => {
  it('adds up to 100 IMOs; 101 or one bad check digit refuses the whole batch', async () => {
    const key = await maritime.mintKey('pro', { owner: 'wl-bulk' });
    const hundred = fleet(1000, 100);
    const tooMany = await post('/api/v1/watchlist/bulk', { imos: fleet(1000, 101) }, key);
    expect(tooMany.status).toBe(400);
    expectErrorBody('code', tooMany.body, 'invalid_request');
    const badDigit = await post('/api/v1/watchlist/bulk', { imos: [A, '9999999', B] }, key);
    expect(badDigit.status).toBe(400);
    expect(JSON.stringify(badDigit.body['details'])).toContain('imos[1]');
    expect((await post('/api/v1/watchlist/bulk', { imos: [] }, key)).status).toBe(400);
    expect((await maritime.get<{ count: number }>('/api/v1/watchlist', key)).body.count).toBe(0);

    await post('/api/v1/watchlist', { imo_number: hundred[0], label: 'first' }, key);
    const added = await post<{
      added: number;
      updated: number;
      entries: Entry[];
      not_found: string[];
    }>('/api/v1/watchlist/bulk', { imos: hundred, notify_on: ['dark_event'], label: 'fleet' }, key);
    expect(added.status).toBe(200);
    expect(added.body).toMatchObject({ added: 99, updated: 1, not_found: [] });
    expect(added.body.entries).toHaveLength(100);
    expect(
      added.body.entries.every((e) => e.label === 'fleet' && e.notify_on[0] === 'dark_event'),
    ).toBe(true);

    const mixed = await post<{ added: number; updated: number; not_found: string[] }>(
      '/api/v1/watchlist/bulk',
      { imos: [A, A, UNKNOWN, hundred[1]] },
      key,
    );
    expect(mixed.body).toMatchObject({ added: 1, updated: 1, not_found: [UNKNOWN] });
    expect((await maritime.get<{ count: number }>('/api/v1/watchlist', key)).body.count).toBe(101);
  });

  it('runs one action over up to 100 watched vessels and lists those not watched', async () => {
    const key = await maritime.mintKey('pro', { owner: 'wl-actions' });
    const category = await post<{ category: Category }>(
      '/api/v1/watchlist/categories',
      { name: 'Bulk target', default_notify_on: ['zone_entry'] },
      key,
    );
    const categoryId = category.body.category.id;
    await post('/api/v1/watchlist/bulk', { imos: [A, B] }, key);

    const setCategory = await patch(
      '/api/v1/watchlist/bulk',
      { imos: [A, B, C], action: 'set_category', category_id: categoryId },
      key,
    );
    expect(setCategory.status).toBe(200);
    expect(setCategory.body).toEqual({ action: 'set_category', affected: 2, not_watched: [C] });
    const setNotify = await patch(
      '/api/v1/watchlist/bulk',
      { imos: [A], action: 'set_notify_on', notify_on: ['spoofing'] },
      key,
    );
    expect(setNotify.body).toMatchObject({ affected: 1 });
    const setLabel = await patch(
      '/api/v1/watchlist/bulk',
      { imos: [A, B], action: 'set_label', label: 'bulk label' },
      key,
    );
    expect(setLabel.body).toMatchObject({ affected: 2 });
    const list = await maritime.get<{ watchlist: Entry[] }>('/api/v1/watchlist', key);
    const byImo = new Map(list.body.watchlist.map((e) => [e.imo_number, e]));
    expect(byImo.get(A)).toMatchObject({
      category_id: categoryId,
      notify_on: ['spoofing'],
      label: 'bulk label',
    });
    expect(byImo.get(B)).toMatchObject({
      category_id: categoryId,
      notify_on: ['zone_entry'],
      label: 'bulk label',
    });

    for (const body of [
      { imos: [A], action: 'set_category' },
      { imos: [A], action: 'set_notify_on', notify_on: ['spoofing'], label: 'stray' },
      { imos: [A], action: 'remove', category_id: categoryId },
      { imos: [A], action: 'set_notify_on', notify_on: ['nope'] },
      { imos: [A], action: 'archive' },
      { imos: fleet(1000, 101), action: 'remove' },
    ]) {
      const bad = await patch('/api/v1/watchlist/bulk', body, key);
      expect(bad.status).toBe(400);
      expectErrorBody('code', bad.body, 'invalid_request');
    }
    const foreign = await patch(
      '/api/v1/watchlist/bulk',
      { imos: [A], action: 'set_category', category_id: 987654 },
      key,
    );
    expect(foreign.status).toBe(404);
    expect(
      (await patch('/api/v1/watchlist/bulk', { imos: fleet(1000, 100), action: 'remove' }, key))
        .status,
    ).toBe(200);
    const removed = await patch(
      '/api/v1/watchlist/bulk',
      { imos: [A, B, UNKNOWN], action: 'remove' },
      key,
    );
    expect(removed.body).toEqual({ action: 'remove', affected: 2, not_watched: [UNKNOWN] });
    expect((await maritime.get<{ count: number }>('/api/v1/watchlist', key)).body.count).toBe(0);
  });

  it('holds an owner to 10,000 watched vessels, single and bulk', async () => {
    const key = await maritime.mintKey('pro', { owner: 'wl-10k' });
    const imos = fleet(1000, 10_050);
    await maritime.harness.db.query(
      `INSERT INTO watchlist_entries (owner_id, imo) SELECT 'wl-10k', unnest($1::text[])`,
      [imos.slice(0, 9_998)],
    );
    // Three concurrent adds for the last two places: the per-owner lock lets exactly two in.
    const racing = await Promise.all(
      [9_998, 9_999, 10_000].map((i) => post('/api/v1/watchlist', { imo_number: imos[i] }, key)),
    );
    expect(racing.map((r) => r.status).sort()).toEqual([201, 201, 409]);
    const over = await post('/api/v1/watchlist', { imo_number: imos[10_002] }, key);
    expect(over.status).toBe(409);
    expectErrorBody('code', over.body, 'watchlist_limit_reached');
    // Updating a watched vessel is no new entry, so it still works at the limit.
    expect(
      (await post('/api/v1/watchlist', { imo_number: imos[0], label: 'still fine' }, key)).status,
    ).toBe(200);
    const bulkOver = await post('/api/v1/watchlist/bulk', { imos: [imos[1], imos[10_003]] }, key);
    expect(bulkOver.status).toBe(409);
    expectErrorBody('code', bulkOver.body, 'watchlist_limit_reached');
    const bulkUpdates = await post(
      '/api/v1/watchlist/bulk',
      { imos: [imos[1], imos[2]], label: 'x' },
      key,
    );
    expect(bulkUpdates.body).toMatchObject({ added: 0, updated: 2 });
    const list = await maritime.get<{ count: number }>('/api/v1/watchlist', key);
    expect(list.body.count).toBe(10_000);
  });
});
