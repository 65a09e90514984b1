// The alert feeds and per-owner alert state over HTTP on real PostgreSQL: /alerts (platform
// alerts, plan caps of the limit, ISO and opaque cursors, unacknowledged), /alerts/unified
// (all four sources over the unified_alerts view, product/watchlist/portfolio/state filters,
// keyset pages) and the dark_fleet plan gate. The state actions are in alerts-feed-state.spec.ts.
import { expectErrorBody } from '@platform/testing';
import { alertFeedFixtures, AlertsReply, UnifiedReply } from './support/alert-feed-fixtures';

const { maritime, ids, at, keys, A, C, alerts, unified, setState, idsOf, named } =
  alertFeedFixtures();

describe('GET /alerts', () => {
  it('lists platform alerts newest first, as far back and as fresh as the plan sees', async () => {
    const pro = await alerts('', keys['pro']!);
    expect(pro.status).toBe(200);
    expect(idsOf(pro)).toEqual(named('p4', 'p1', 'p2', 'p5'));
    expect(pro.body).toMatchObject({ count: 4, unacknowledged: 4, tier: 'pro' });
    expect(pro.body.alerts[1]).toEqual({
      id: ids['p1'],
      type: 'sanctions_match',
      product: 'maritime',
      severity: 'critical',
      title: 'p1',
      description: 'about p1',
      imo_number: A,
      vessel_name: 'ALPHA',
      occurred_at: at['p1'],
      state: 'open',
      acknowledged: false,
      metadata: { list: 'ofac_sdn', imo_number: A, vessel_name: 'ALPHA' },
    });
    expect(pro.body.alerts[2]).toMatchObject({
      type: 'river_level',
      product: 'supply_chain',
      imo_number: null,
      vessel_name: null,
      metadata: { gauge: 'kaub' },
    });
    // free: 7 days of history and a 15-minute delay; starter: 30 days, same delay.
    expect(idsOf(await alerts('', keys['free']!))).toEqual(named('p1', 'p2'));
    expect(idsOf(await alerts('', keys['starter']!))).toEqual(named('p1', 'p2', 'p5'));
    const scr = await alerts('', keys['supply_chain_risk']!);
    expect(idsOf(scr)).toEqual(named('p4', 'p1', 'p2', 'p3', 'p5'));
  });

  it('caps the limit by plan (20, 50, 100, 200, 500) and refuses limits below 1', async () => {
    const caps = { free: 20, starter: 50, pro: 100, supply_chain_risk: 200, admin: 500 };
    for (const [plan, cap] of Object.entries(caps)) {
      const reply = await alerts('?limit=1000', keys[plan]!);
      expect(reply.status).toBe(200);
      expect(reply.body.pagination.limit).toBe(cap);
    }
    expect((await alerts('', keys['pro']!)).body.pagination.limit).toBe(20);
    for (const bad of ['0', '-1', '2.5', 'ten']) {
      const reply = await alerts(`?limit=${bad}`, keys['pro']!);
      expect(reply.status).toBe(400);
      expectErrorBody('code', reply.body, 'invalid_request');
    }
    const unifiedCap = await unified('?limit=1000', keys['admin']!);
    expect(unifiedCap.body.pagination.limit).toBe(100);
    expect((await unified('', keys['pro']!)).body.pagination.limit).toBe(25);
    expect((await unified('?limit=0', keys['pro']!)).status).toBe(400);
  });

  it('pages with opaque cursors, and with an ISO timestamp meaning "detected before"', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: { status: number; body: AlertsReply } = await alerts(
        `?limit=1${cursor ? `&cursor=${cursor}` : ''}`,
        keys['pro']!,
      );
      expect(page.status).toBe(200);
      seen.push(...idsOf(page));
      expect(page.body.pagination.has_more).toBe(page.body.pagination.next_cursor !== null);
      cursor = page.body.pagination.next_cursor;
    } while (cursor !== null);
    expect(seen).toEqual(named('p4', 'p1', 'p2', 'p5'));

    const before = await alerts(`?cursor=${encodeURIComponent(at['p1']!)}`, keys['pro']!);
    expect(before.status).toBe(200);
    expect(idsOf(before)).toEqual(named('p2', 'p5'));
    const byDate = await alerts(`?cursor=${at['p5']!.slice(0, 10)}`, keys['pro']!);
    expect(idsOf(byDate)).toEqual([]);
    for (const bad of ['garbage', 'eyJ4Ijox.abc', '2026-02-30T00:00:00Z']) {
      const reply = await alerts(`?cursor=${bad}`, keys['pro']!);
      expect(reply.status).toBe(400);
      expectErrorBody('code', reply.body, 'invalid_cursor');
    }
    const unifiedCursor = (await unified('?limit=1', keys['pro']!)).body.pagination.next_cursor!;
    const foreign = await alerts(`?cursor=${unifiedCursor}`, keys['pro']!);
    expect(foreign.status).toBe(400);
    expectErrorBody('code', foreign.body, 'invalid_cursor');
  });

  it('filters by severity, type and unacknowledged; unacknowledged counts the whole filter', async () => {
    const key = await maritime.mintKey('pro', { owner: 'feed-ack' });
    expect((await setState({ alert_id: ids['p1'], action: 'read' }, key)).status).toBe(200);
    const all = await alerts('', key);
    expect(all.body).toMatchObject({ count: 4, unacknowledged: 3 });
    expect(all.body.alerts.find((a) => a.id === ids['p1'])).toMatchObject({
      state: 'read',
      acknowledged: true,
    });
    const open = await alerts('?unacknowledged=true&limit=1', key);
    expect(open.body).toMatchObject({ count: 1, unacknowledged: 3 });
    expect(idsOf(open)).toEqual(named('p4'));
    expect(idsOf(await alerts('?unacknowledged=true', key))).toEqual(named('p4', 'p2', 'p5'));
    expect(idsOf(await alerts('?unacknowledged=false', key))).toHaveLength(4);
    expect(idsOf(await alerts('?severity=critical', key))).toEqual(named('p1'));
    expect(idsOf(await alerts('?type=river_level', key))).toEqual(named('p2'));
    const warnings = await alerts('?severity=warning&unacknowledged=true', key);
    expect(warnings.body).toMatchObject({ count: 2, unacknowledged: 2 });
    for (const bad of [
      '?severity=high',
      '?type=dark_event',
      '?unacknowledged=yes',
      '?colour=red',
    ]) {
      const reply = await alerts(bad, key);
      expect(reply.status).toBe(400);
      expectErrorBody('code', reply.body, 'invalid_request');
    }
  });

  it('needs a key on the three routes', async () => {
    for (const reply of [
      await maritime.get('/api/v1/alerts'),
      await maritime.get('/api/v1/alerts/unified'),
      await maritime.send('POST', '/api/v1/alerts/unified/state', {
        alert_id: ids['p1'],
        action: 'read',
      }),
    ]) {
      expect(reply.status).toBe(401);
      expectErrorBody('code', reply.body, 'api_key_required');
    }
  });
});

describe('the dark_fleet plan gate', () => {
  it('answers type=dark_fleet with 403 below supply_chain_risk and hides dark_fleet everywhere', async () => {
    for (const plan of ['free', 'starter', 'pro']) {
      const reply = await alerts('?type=dark_fleet', keys[plan]!);
      expect(reply.status).toBe(403);
      expectErrorBody('code', reply.body, 'plan_upgrade_required');
      expect(reply.body).toMatchObject({ required_plan: 'supply_chain_risk' });
      const feed = await unified('?limit=100', keys[plan]!);
      expect(feed.body.alerts.some((a) => a.event_type === 'dark_fleet')).toBe(false);
    }
    const hidden = await setState({ alert_id: ids['p3'], action: 'read' }, keys['pro']!);
    expect(hidden.status).toBe(404);
    expectErrorBody('code', hidden.body, 'alert_not_found');
    for (const plan of ['supply_chain_risk', 'admin']) {
      expect(idsOf(await alerts('?type=dark_fleet', keys[plan]!))).toEqual(named('p3'));
      const feed = await unified('?limit=100', keys[plan]!);
      expect(
        feed.body.alerts.filter((a) => a.event_type === 'dark_fleet').map((a) => a.id),
      ).toEqual(named('p3'));
    }
    expect((await setState({ alert_id: ids['p3'], action: 'read' }, keys['admin']!)).status).toBe(
      200,
    );
  });
});

describe('GET /alerts/unified', () => {
  it('merges the four sources newest first and pages them with a keyset cursor', async () => {
    const all = await unified('', keys['pro']!);
    expect(all.status).toBe(200);
    // p1 and d1 share time and row id; the source breaks the tie.
    expect(idsOf(all)).toEqual(named('p4', 'p1', 'd1', 'p2', 's1', 'l1', 'p5'));
    expect(all.body.filters).toEqual({
      product: 'all',
      severity: null,
      watchlist: false,
      portfolio: null,
      state: 'all',
    });
    const byId = new Map(all.body.alerts.map((a) => [a.id, a]));
    expect(byId.get(ids['d1']!)).toMatchObject({
      source: 'dark_event',
      product: 'maritime',
      event_type: 'dark_event',
      entity_id: A,
      state: 'open',
      metadata: { imo_number: A, vessel_name: 'ALPHA', ongoing: true },
    });
    expect(byId.get(ids['s1']!)).toMatchObject({
      source: 'spoofing_alert',
      event_type: 'spoofing',
      metadata: { kind: 'identity_clone' },
    });
    expect(byId.get(ids['l1']!)).toMatchObject({
      source: 'locus_alert',
      event_type: 'port_entry',
      metadata: { port: 'rotterdam' },
    });
    expect(byId.get(ids['p2']!)).toMatchObject({ entity_id: 'kaub', product: 'supply_chain' });

    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: { status: number; body: UnifiedReply } = await unified(
        `?limit=2${cursor ? `&cursor=${cursor}` : ''}`,
        keys['pro']!,
      );
      expect(page.status).toBe(200);
      expect(page.body.count).toBeLessThanOrEqual(2);
      seen.push(...idsOf(page));
      cursor = page.body.pagination.next_cursor;
    } while (cursor !== null);
    expect(seen).toEqual(idsOf(all));
    const tampered = await unified('?cursor=abc.def', keys['pro']!);
    expect(tampered.status).toBe(400);
    expectErrorBody('code', tampered.body, 'invalid_cursor');
    // The unified cursor is opaque only: an ISO timestamp is not one.
    expect((await unified(`?cursor=${at['p1']}`, keys['pro']!)).status).toBe(400);
  });

  it('filters by product and severity', async () => {
    expect(idsOf(await unified('?product=supply_chain', keys['pro']!))).toEqual(named('p2'));
    const maritimeOnly = await unified('?product=maritime', keys['pro']!);
    expect(idsOf(maritimeOnly)).toEqual(named('p4', 'p1', 'd1', 's1', 'l1', 'p5'));
    expect(maritimeOnly.body.filters).toMatchObject({ product: 'maritime' });
    expect(idsOf(await unified('?severity=critical', keys['pro']!))).toEqual(named('p1', 's1'));
    for (const bad of [
      '?product=oil',
      '?state=closed',
      '?watchlist=1',
      '?portfolio=abc',
      '?portfolio=0',
    ]) {
      const reply = await unified(bad, keys['pro']!);
      expect(reply.status).toBe(400);
      expectErrorBody('code', reply.body, 'invalid_request');
    }
  });

  it('limits to watched vessels, or to a portfolio (a category and those below it)', async () => {
    const key = await maritime.mintKey('pro', { owner: 'feed-watch' });
    const other = await maritime.mintKey('pro', { owner: 'feed-watch-other' });
    const post = <T>(path: string, body: unknown, k = key) =>
      maritime.send<T>('POST', path, body, k);
    const parent = (
      await post<{ category: { id: number } }>('/api/v1/watchlist/categories', { name: 'Book' })
    ).body.category.id;
    const child = (
      await post<{ category: { id: number } }>('/api/v1/watchlist/categories', {
        name: 'Tankers',
        parent_id: parent,
      })
    ).body.category.id;
    const foreign = (
      await post<{ category: { id: number } }>(
        '/api/v1/watchlist/categories',
        { name: 'Theirs' },
        other,
      )
    ).body.category.id;
    await post('/api/v1/watchlist', { imo_number: A, category_id: child });
    await post('/api/v1/watchlist', { imo_number: C, category_id: parent });

    const watched = await unified('?watchlist=true', key);
    expect(idsOf(watched)).toEqual(named('p4', 'p1', 'd1', 'l1'));
    expect(watched.body.filters).toMatchObject({ watchlist: true });
    // Another owner's watchlist is not this one's.
    expect(idsOf(await unified('?watchlist=true', other))).toEqual([]);
    const book = await unified(`?portfolio=${parent}`, key);
    expect(idsOf(book)).toEqual(named('p4', 'p1', 'd1', 'l1'));
    expect(book.body.filters).toMatchObject({ portfolio: parent });
    expect(idsOf(await unified(`?portfolio=${child}`, key))).toEqual(named('p1', 'd1'));
    expect(idsOf(await unified(`?portfolio=${child}&severity=warning`, key))).toEqual(named('d1'));
    const theirs = await unified(`?portfolio=${foreign}`, key);
    expect(theirs.status).toBe(404);
    expectErrorBody('code', theirs.body, 'category_not_found');
  });
});
