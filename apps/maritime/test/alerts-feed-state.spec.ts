// Per-owner alert state over HTTP on real PostgreSQL: the four actions and their fields, the
// snooze window and its expiry, unknown and malformed ids, owner isolation, and malformed input
// on the alert routes.
import { FixedClock } from '@platform/clock';
import { expectErrorBody } from '@platform/testing';
import { alertFeedFixtures } from './support/alert-feed-fixtures';

const { maritime, ids, keys, HOUR, DAY, now, alerts, unified, setState, idsOf, named } =
  alertFeedFixtures();

describe('POST /alerts/unified/state', () => {
  it('reads, resolves, snoozes (24 h by default) and reopens, with the documented response', async () => {
    const key = await maritime.mintKey('starter', { owner: 'feed-state' });
    const iso = now().toISOString();
    const read = await setState({ alert_id: ids['s1'], action: 'read' }, key);
    expect(read.status).toBe(200);
    expect(read.body).toEqual({
      ok: true,
      alert_id: ids['s1'],
      action: 'read',
      state: { state: 'read', read_at: iso, resolved_at: null, snoozed_until: null },
    });
    const resolved = await setState({ alert_id: ids['s1'], action: 'resolve' }, key);
    expect(resolved.body.state).toEqual({
      state: 'resolved',
      read_at: iso,
      resolved_at: iso,
      snoozed_until: null,
    });
    const snoozed = await setState({ alert_id: ids['s1'], action: 'snooze' }, key);
    expect(snoozed.body.state).toEqual({
      state: 'snoozed',
      read_at: iso,
      resolved_at: null,
      snoozed_until: new Date(now().getTime() + DAY).toISOString(),
    });
    const reopened = await setState({ alert_id: ids['s1'], action: 'open' }, key);
    expect(reopened.body.state).toEqual({
      state: 'open',
      read_at: iso,
      resolved_at: null,
      snoozed_until: null,
    });
    // Resolving an alert never read also stamps read_at.
    const direct = await setState({ alert_id: ids['l1'], action: 'resolve' }, key);
    expect(direct.body.state).toMatchObject({ state: 'resolved', read_at: iso, resolved_at: iso });
    const states = await unified('?state=resolved', key);
    expect(idsOf(states)).toEqual(named('l1'));
    expect(states.body.filters).toMatchObject({ state: 'resolved' });
    expect(idsOf(await unified('?state=open&product=maritime', key))).not.toContain(ids['l1']);
  });

  it('takes snooze_until in (now, now + 30 days] and nothing else', async () => {
    const key = await maritime.mintKey('pro', { owner: 'feed-snooze' });
    const plus = (ms: number): string => new Date(now().getTime() + ms).toISOString();
    for (const snooze_until of [
      plus(0),
      plus(-HOUR),
      plus(30 * DAY + 1000),
      'tomorrow',
      '2026-02-30T00:00:00Z',
    ]) {
      const reply = await setState({ alert_id: ids['p1'], action: 'snooze', snooze_until }, key);
      expect(reply.status).toBe(400);
      expectErrorBody('code', reply.body, 'invalid_request');
      expect(reply.body).toMatchObject({
        details: [expect.objectContaining({ field: 'snooze_until' })],
      });
    }
    const edge = await setState(
      { alert_id: ids['p1'], action: 'snooze', snooze_until: plus(30 * DAY) },
      key,
    );
    expect(edge.status).toBe(200);
    expect(edge.body.state.snoozed_until).toBe(plus(30 * DAY));
    const offset = await setState(
      { alert_id: ids['p1'], action: 'snooze', snooze_until: '2026-04-01T05:00:00+02:00' },
      key,
    );
    expect(offset.body.state.snoozed_until).toBe('2026-04-01T03:00:00.000Z');
    const stray = await setState(
      { alert_id: ids['p1'], action: 'read', snooze_until: plus(HOUR) },
      key,
    );
    expect(stray.status).toBe(400);
  });

  it('reads an expired snooze as open', async () => {
    const key = await maritime.mintKey('pro', { owner: 'feed-expiry' });
    const clock = maritime.harness.clock as FixedClock;
    await setState(
      {
        alert_id: ids['p2'],
        action: 'snooze',
        snooze_until: new Date(now().getTime() + HOUR).toISOString(),
      },
      key,
    );
    expect(idsOf(await unified('?state=snoozed', key))).toEqual(named('p2'));
    expect((await alerts('', key)).body.unacknowledged).toBe(3);
    try {
      clock.set(new Date(now().getTime() + 2 * HOUR));
      expect(idsOf(await unified('?state=snoozed', key))).toEqual([]);
      const feed = await alerts('?unacknowledged=true', key);
      expect(feed.body.alerts.find((a) => a.id === ids['p2'])).toMatchObject({
        state: 'open',
        acknowledged: false,
      });
      expect(feed.body.unacknowledged).toBe(4);
    } finally {
      clock.set(now());
    }
  });

  it('answers 404 for an unknown alert and 400 for a malformed id or action', async () => {
    const key = await maritime.mintKey('pro', { owner: 'feed-errors' });
    for (const alert_id of [
      'platform:987654321',
      'locus_alert:0',
      'dark_event:999999999999999999',
    ]) {
      const reply = await setState({ alert_id, action: 'read' }, key);
      expect(reply.status).toBe(404);
      expectErrorBody('code', reply.body, 'alert_not_found');
    }
    for (const body of [
      { alert_id: 'platform', action: 'read' },
      { alert_id: 'rule:1', action: 'read' },
      { alert_id: 'platform:1234567890123456789', action: 'read' },
      { alert_id: ids['p1'], action: 'archive' },
      { alert_id: ids['p1'] },
      { action: 'read' },
      { alert_id: ids['p1'], action: 'read', note: 'x' },
    ]) {
      const reply = await setState(body, key);
      expect(reply.status).toBe(400);
      expectErrorBody('code', reply.body, 'invalid_request');
    }
    // Leading zeros name the same alert.
    const [source, id] = ids['p1']!.split(':');
    const padded = await setState({ alert_id: `${source}:000${id}`, action: 'read' }, key);
    expect(padded.status).toBe(200);
    expect(padded.body.alert_id).toBe(ids['p1']);
  });

  it("keeps each owner's state apart, shared by all keys of one owner", async () => {
    const first = await maritime.mintKey('pro', { owner: 'feed-share' });
    const second = await maritime.mintKey('starter', { owner: 'feed-share' });
    const stranger = await maritime.mintKey('pro', { owner: 'feed-stranger' });
    await setState({ alert_id: ids['d1'], action: 'resolve' }, first);
    const mine = await unified('?state=resolved', second);
    expect(idsOf(mine)).toEqual(named('d1'));
    const theirs = await unified('?limit=100', stranger);
    expect(theirs.body.alerts.find((a) => a.id === ids['d1'])).toMatchObject({ state: 'open' });
    expect(idsOf(await unified('?state=resolved', stranger))).toEqual([]);
  });
});

describe('malformed input', () => {
  it('answers the alert routes with a 4xx error body, never a 5xx', async () => {
    const key = keys['admin']!;
    for (const body of [
      '[]',
      'null',
      '"\\u0000"',
      '{"a":',
      '{"alert_id":"platform:1\\u0000","action":"read"}',
      '{"alert_id":1,"action":"read"}',
      '{"alert_id":"platform:1","action":"snooze","snooze_until":"9999-12-31T23:59:59Z"}',
      '{"alert_id":"platform:1","action":"snooze","snooze_until":12}',
    ]) {
      const reply = await maritime.send('POST', '/api/v1/alerts/unified/state', body, key);
      const is4xx = reply.status >= 400 && reply.status < 500;
      expect([body, is4xx]).toEqual([body, true]);
      expect(typeof reply.body['code']).toBe('string');
    }
    for (const query of [
      'cursor=%00',
      'cursor=a&cursor=b',
      'limit=1e309',
      'limit=99999999999999999999',
      'portfolio=99999999999999999999',
      'portfolio=1e3',
      'severity=critical&severity=info',
      'cursor=9999-12-31T23:59:59Z',
      'cursor=0001-01-01T00:00:00Z',
    ])
      for (const path of ['/api/v1/alerts', '/api/v1/alerts/unified']) {
        const reply = await maritime.get(`${path}?${query}`, key);
        expect([path, query, reply.status < 500]).toEqual([path, query, true]);
      }
  });
});
