// Black-box acceptance of the analytics and investigations routes on the small seed: the limit
// contract on every route with a `limit` (clamp + echo, refusals with details), unknown enum
// values naming their field, and access (401 without a key, 403 without the analyst flag,
// another owner's case answering 404).
import { expectErrorBody } from '@platform/testing';
import {
  ANALYST_ROUTES,
  at,
  ENUM_CASES,
  ErrorDetails,
  fill,
  KEYED_ROUTES,
  LIMIT_ROUTES,
  RANGE_CASES,
  withParam,
} from './support/analytics-acceptance-routes';
import { maritimeForFile } from './support/maritime-harness';
import { smallSeedTemplate } from './support/small-seed';

const maritime = maritimeForFile({ ...smallSeedTemplate });
/** An admin analyst: every plan gate and the analyst gate open, so only `limit` is under test. */
let admin = '';
const vars: Record<string, string> = { port: 'rotterdam' };

const call = (method: 'GET' | 'POST', path: string, body: unknown, key?: string) =>
  method === 'GET'
    ? maritime.get<ErrorDetails & Record<string, unknown>>(path, key)
    : maritime.send<ErrorDetails & Record<string, unknown>>(method, path, body, key);

function expectInvalid(reply: { status: number; body: ErrorDetails }, field: string): void {
  expect({ status: reply.status, code: reply.body?.code }).toEqual({
    status: 400,
    code: 'invalid_request',
  });
  expectErrorBody('code', reply.body, 'invalid_request');
  expect(Array.isArray(reply.body.details)).toBe(true);
  expect(reply.body.details!.map((d) => d.field)).toContain(field);
}

beforeAll(async () => {
  admin = await maritime.mintKey('admin', { owner: 'acceptance-admin', analyst: true });
  const db = maritime.harness.db;
  // A vessel with a dark event: it anchors a case, and it is scored and pooled like any other.
  const [event] = (await db.query(
    `SELECT d.id::text AS id, d.imo FROM dark_events d ORDER BY d.id LIMIT 1`,
  )) as { id: string; imo: string }[];
  vars['imo'] = event!.imo;
  vars['motif'] = `dark_event:${event!.id}`;
});

describe('limit contract (clamp and echo above the maximum; 400 below 1 or not an integer)', () => {
  it.each(LIMIT_ROUTES.map((r) => [r.path, r] as const))('%s', async (_, route) => {
    const path = fill(route.path, vars);
    for (const requested of [route.max + 1, 100_000, '99999999999999999999']) {
      const reply = await call('GET', withParam(path, `limit=${requested}`), undefined, admin);
      expect({ requested, status: reply.status }).toEqual({ requested, status: 200 });
      expect({ requested, echoed: at(reply.body, route.echo) }).toEqual({
        requested,
        echoed: route.max,
      });
      const items = at(reply.body, route.list) as unknown[];
      expect(Array.isArray(items)).toBe(true);
      expect(items.length).toBeLessThanOrEqual(route.max);
    }
    const one = await call('GET', withParam(path, 'limit=1'), undefined, admin);
    expect(one.status).toBe(200);
    expect(at(one.body, route.echo)).toBe(1);
    expect((at(one.body, route.list) as unknown[]).length).toBeLessThanOrEqual(1);
    const atMax = await call('GET', withParam(path, `limit=${route.max}`), undefined, admin);
    expect(at(atMax.body, route.echo)).toBe(route.max);
    // The clamped request answers exactly what asking for the maximum answers.
    const over = await call('GET', withParam(path, `limit=${route.max + 1}`), undefined, admin);
    expect(at(over.body, route.list)).toEqual(at(atMax.body, route.list));
    for (const bad of ['0', '-1', '1.5', 'abc', '0x10', '1e2', '%2B5', '%205']) {
      const refused = await call('GET', withParam(path, `limit=${bad}`), undefined, admin);
      expect({ bad, status: refused.status }).toEqual({ bad, status: 400 });
      expectInvalid(refused, 'limit');
    }
  });

  it('forecasts/accuracy clamps window_days to 365 and echoes it; 0 and 1.5 are refused', async () => {
    const reply = await call('GET', '/api/v1/forecasts/accuracy?window_days=1000', null, admin);
    expect(reply.status).toBe(200);
    expect(reply.body['window_days']).toBe(365);
    const records = reply.body['accuracy'] as { window_days: number; n: number }[];
    expect(records.length).toBeGreaterThan(0);
    expect(records.every((r) => r.window_days === 365)).toBe(true);
    // 120 days of seeded issues are scored within the window.
    expect(records.some((r) => r.n > 0)).toBe(true);
    for (const bad of ['0', '-1', '1.5', 'abc'])
      expectInvalid(
        await call('GET', `/api/v1/forecasts/accuracy?window_days=${bad}`, null, admin),
        'window_days',
      );
  });
});

describe('unknown enum values → 400 invalid_request naming the field', () => {
  it.each(ENUM_CASES.map((c) => [`${c.method} ${c.path} (${c.field})`, c] as const))(
    '%s',
    async (_, given) => {
      const reply = await call(
        given.method,
        fill(given.path, vars),
        given.body ? fill(given.body, vars) : undefined,
        admin,
      );
      expectInvalid(reply, given.field);
    },
  );
});

describe('other parameters out of range, malformed, missing or unknown → 400 naming the field', () => {
  it.each(RANGE_CASES.map((c) => [`${c.path} (${c.field})`, c] as const))(
    '%s',
    async (_, given) => {
      expectInvalid(await call('GET', fill(given.path, vars), undefined, admin), given.field);
    },
  );
});

describe('unknown path enum', () => {
  it('answers an unknown AIS provider with 404 provider_not_found (a path, not a filter)', async () => {
    const reply = await call('GET', `/api/v1/ais/nope/${vars['imo']}/location/latest`, null, admin);
    expect(reply.status).toBe(404);
    expectErrorBody('code', reply.body, 'provider_not_found');
  });
});

describe('access', () => {
  it('answers 401 invalid_api_key to an unknown key on a keyed route', async () => {
    const reply = await call('GET', '/api/v1/emissions', null, `mk_${'x'.repeat(40)}`);
    expect(reply.status).toBe(401);
    expectErrorBody('code', reply.body, 'invalid_api_key');
  });

  it('answers 401 api_key_required without a key on every keyed and analyst route', async () => {
    for (const route of [...KEYED_ROUTES, ...ANALYST_ROUTES]) {
      const reply = await call(route.method, fill(route.path, vars), fill(route.body, vars));
      expect({ route: route.path, status: reply.status }).toEqual({
        route: route.path,
        status: 401,
      });
      expectErrorBody('code', reply.body, 'api_key_required');
    }
  });

  it('answers 403 analyst_access_required to a non-analyst key of any plan', async () => {
    const keys = [
      await maritime.mintKey('admin', { owner: 'acceptance-plain' }),
      await maritime.mintKey('pro', { owner: 'acceptance-plain' }),
      await maritime.mintKey('free', { owner: 'acceptance-plain' }),
    ];
    for (const key of keys)
      for (const route of ANALYST_ROUTES) {
        const reply = await call(route.method, fill(route.path, vars), fill(route.body, vars), key);
        expect({ route: route.path, status: reply.status }).toEqual({
          route: route.path,
          status: 403,
        });
        expectErrorBody('code', reply.body, 'analyst_access_required');
      }
  });

  it("hides another owner's case: export by case_id → 404 case_not_found, list empty", async () => {
    const mine = await call(
      'POST',
      `/api/v1/vessels/${vars['imo']}/case-files`,
      { motif_alert_id: vars['motif'], notes: 'acceptance', tags: ['acceptance'] },
      admin,
    );
    expect([200, 201]).toContain(mine.status);
    const caseId = (mine.body['case'] as { case_id: string }).case_id;
    expect(typeof caseId).toBe('string');
    const own = await call(
      'GET',
      `/api/v1/vessels/${vars['imo']}/case-files/export?case_id=${caseId}`,
      null,
      admin,
    );
    expect(own.status).toBe(200);

    const other = await maritime.mintKey('admin', { owner: 'acceptance-other', analyst: true });
    const exported = await call(
      'GET',
      `/api/v1/vessels/${vars['imo']}/case-files/export?case_id=${caseId}`,
      null,
      other,
    );
    expect(exported.status).toBe(404);
    expectErrorBody('code', exported.body, 'case_not_found');
    const listed = await call('GET', `/api/v1/vessels/${vars['imo']}/case-files`, null, other);
    expect(listed.status).toBe(200);
    expect(listed.body['cases']).toEqual([]);
    expect(listed.body['total']).toBe(0);
    const sameOwner = await maritime.mintKey('pro', { owner: 'acceptance-admin', analyst: true });
    const shared = await call('GET', `/api/v1/vessels/${vars['imo']}/case-files`, null, sameOwner);
    expect((shared.body['cases'] as { case_id: string }[]).map((c) => c.case_id)).toContain(caseId);
  });
});
