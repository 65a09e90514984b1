// Alert rules over HTTP: create, list, versioned PATCH with notes, no-op PATCH, soft delete
// with history kept, the dedupe window range, expression errors with their paths, and owner
// isolation (another owner's rule answers 404 everywhere).
import { expectErrorBody } from '@platform/testing';
import { maritimeForFile } from './support/maritime-harness';

const maritime = maritimeForFile();
const RULES = '/api/v1/alerts/rules';

interface Rule {
  id: number;
  name: string;
  description: string | null;
  expression: Record<string, unknown>;
  severity_override: string | null;
  active: boolean;
  dedupe_window_minutes: number;
  version: number;
  created_at: string;
  updated_at: string;
}
interface Version {
  version: number;
  snapshot: Record<string, unknown>;
  notes: string | null;
  created_at: string;
}

const critical = { kind: 'condition', field: 'severity', op: 'eq', value: 'critical' };
const darkLong = {
  kind: 'group',
  operator: 'and',
  conditions: [
    { kind: 'condition', field: 'event_type', op: 'eq', value: 'dark_event' },
    { kind: 'condition', field: 'metadata.gap_hours', op: 'gte', value: 24 },
  ],
};

let key: string;
let otherOwner: string;
let sameOwner: string;

beforeAll(async () => {
  key = await maritime.mintKey('free', { owner: 'rules-a' });
  sameOwner = await maritime.mintKey('pro', { owner: 'rules-a' });
  otherOwner = await maritime.mintKey('pro', { owner: 'rules-b' });
});

async function create(body: Record<string, unknown>, as = key): Promise<Rule> {
  const reply = await maritime.send<{ rule: Rule }>('POST', RULES, body, as);
  expect(reply.status).toBe(201);
  return reply.body.rule;
}

async function versions(id: number, as = key): Promise<Version[]> {
  const reply = await maritime.get<{ versions: Version[] }>(`${RULES}/${id}/versions`, as);
  expect(reply.status).toBe(200);
  return reply.body.versions;
}

describe('creating and listing rules', () => {
  it('creates version 1 with the defaults and a snapshot, and lists it for every key of the owner', async () => {
    const rule = await create({ name: 'Critical anything', expression: critical });
    expect(rule).toEqual({
      id: expect.any(Number),
      name: 'Critical anything',
      description: null,
      expression: critical,
      severity_override: null,
      active: true,
      dedupe_window_minutes: 60,
      version: 1,
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      updated_at: rule.created_at,
    });
    const [v1] = await versions(rule.id);
    expect(v1).toEqual({
      version: 1,
      notes: null,
      created_at: rule.created_at,
      snapshot: {
        name: 'Critical anything',
        description: null,
        expression: critical,
        severity_override: null,
        active: true,
        dedupe_window_minutes: 60,
      },
    });
    const listed = await maritime.get<{ rules: Rule[] }>(RULES, sameOwner);
    expect(listed.status).toBe(200);
    expect(listed.body.rules.map((r) => r.id)).toContain(rule.id);
    const other = await maritime.get<{ rules: Rule[] }>(RULES, otherOwner);
    expect(other.body.rules.map((r) => r.id)).not.toContain(rule.id);
  });

  it('accepts every field on create and stores the expression without unknown keys', async () => {
    const rule = await create({
      name: 'Long dark periods',
      description: 'Gaps of a day or more',
      expression: darkLong,
      severity_override: 'critical',
      active: false,
      dedupe_window_minutes: 15,
      notes: 'first cut',
    });
    expect(rule).toMatchObject({
      description: 'Gaps of a day or more',
      expression: darkLong,
      severity_override: 'critical',
      active: false,
      dedupe_window_minutes: 15,
    });
    expect((await versions(rule.id))[0]!.notes).toBe('first cut');
  });

  it('takes dedupe_window_minutes from 1 to 1440 and refuses 0, 1441 and fractions', async () => {
    for (const minutes of [1, 1440])
      expect(
        (
          await create({
            name: `w${minutes}`,
            expression: critical,
            dedupe_window_minutes: minutes,
          })
        ).dedupe_window_minutes,
      ).toBe(minutes);
    for (const minutes of [0, 1441, 2.5, '60']) {
      const reply = await maritime.send(
        'POST',
        RULES,
        { name: 'w', expression: critical, dedupe_window_minutes: minutes },
        key,
      );
      expect(reply.status).toBe(400);
      expectErrorBody('code', reply.body, 'invalid_request');
      const fields = (reply.body['details'] as { field: string }[]).map((d) => d.field);
      expect(new Set(fields)).toEqual(new Set(['dedupe_window_minutes']));
    }
  });

  it('refuses a missing or blank name, a missing expression, unknown fields and bad enums', async () => {
    const bodies: [Record<string, unknown>, string][] = [
      [{ expression: critical }, 'name'],
      [{ name: '   ', expression: critical }, 'name'],
      [{ name: 'x'.repeat(201), expression: critical }, 'name'],
      [{ name: 'n' }, 'expression'],
      [{ name: 'n', expression: critical, owner_id: 'rules-b' }, 'owner_id'],
      [{ name: 'n', expression: critical, severity_override: 'high' }, 'severity_override'],
      [{ name: 'n', expression: critical, active: 'yes' }, 'active'],
    ];
    for (const [body, field] of bodies) {
      const reply = await maritime.send('POST', RULES, body, key);
      expect(reply.status).toBe(400);
      expectErrorBody('code', reply.body, 'invalid_request');
      expect((reply.body['details'] as { field: string }[]).map((d) => d.field)).toContain(field);
    }
  });

  it('names the failing path of an invalid expression', async () => {
    const reply = await maritime.send(
      'POST',
      RULES,
      {
        name: 'bad',
        expression: {
          kind: 'group',
          operator: 'and',
          conditions: [critical, { kind: 'condition', field: 'severity', op: 'like', value: 'x' }],
        },
      },
      key,
    );
    expect(reply.status).toBe(400);
    expectErrorBody('code', reply.body, 'invalid_request');
    expect(reply.body['details']).toEqual([
      { field: 'expression.conditions[1].op', message: expect.stringContaining('eq') },
    ]);
    const tooMany = await maritime.send(
      'POST',
      RULES,
      {
        name: 'big',
        expression: { kind: 'group', operator: 'or', conditions: Array(100).fill(critical) },
      },
      key,
    );
    expect(tooMany.status).toBe(400);
    expect(tooMany.body['details']).toEqual([
      { field: 'expression', message: expect.stringContaining('100 nodes') },
    ]);
    let deep: Record<string, unknown> = critical;
    for (let i = 0; i < 8; i++) deep = { kind: 'group', operator: 'and', conditions: [deep] };
    const tooDeep = await maritime.send('POST', RULES, { name: 'deep', expression: deep }, key);
    expect(tooDeep.status).toBe(400);
    expect((tooDeep.body['details'] as { field: string }[])[0]!.field).toBe(
      `expression${'.conditions[0]'.repeat(8)}`,
    );
  });

  it('answers a very deeply nested body with 400, not a crash', async () => {
    const body = `{"name":"x","expression":${'{"kind":"group","operator":"and","conditions":['.repeat(3000)}${']}'.repeat(3000)}}`;
    const reply = await maritime.send('POST', RULES, body, key);
    expect(reply.status).toBe(400);
    expectErrorBody('code', reply.body, 'invalid_request');
  });

  it('documents the routes in the OpenAPI document', async () => {
    const doc = await maritime.get<{ paths: Record<string, Record<string, unknown>> }>(
      '/openapi.json',
    );
    expect(doc.status).toBe(200);
    expect(Object.keys(doc.body.paths[RULES] ?? {}).sort()).toEqual([
      'delete',
      'get',
      'patch',
      'post',
    ]);
    expect(Object.keys(doc.body.paths[`${RULES}/dry-run`] ?? {})).toEqual(['post']);
    expect(Object.keys(doc.body.paths[`${RULES}/{id}/versions`] ?? {})).toEqual(['get']);
  });

  it('needs an API key', async () => {
    const reply = await maritime.get(RULES);
    expect(reply.status).toBe(401);
    expectErrorBody('code', reply.body, 'api_key_required');
  });
});

describe('changing rules', () => {
  it('bumps the version on each change, keeps notes, and makes no version for a no-op', async () => {
    const rule = await create({ name: 'Versioned', expression: critical });
    const renamed = await maritime.send<{ rule: Rule; changed: boolean; previous_version: number }>(
      'PATCH',
      RULES,
      { id: rule.id, name: 'Versioned 2', notes: 'rename' },
      key,
    );
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ changed: true, previous_version: 1 });
    expect(renamed.body.rule).toMatchObject({ name: 'Versioned 2', version: 2 });

    const toggled = await maritime.send<{ rule: Rule; changed: boolean }>(
      'PATCH',
      RULES,
      { id: rule.id, active: false, notes: 'pause' },
      sameOwner,
    );
    expect(toggled.body).toMatchObject({ changed: true, rule: { active: false, version: 3 } });

    const rewritten = await maritime.send<{ rule: Rule }>(
      'PATCH',
      RULES,
      {
        id: rule.id,
        expression: darkLong,
        dedupe_window_minutes: 120,
        severity_override: 'warning',
      },
      key,
    );
    expect(rewritten.body.rule).toMatchObject({
      version: 4,
      expression: darkLong,
      dedupe_window_minutes: 120,
      severity_override: 'warning',
    });

    // The same values again, with the expression's keys in another order: nothing changes.
    const reordered = {
      conditions: darkLong.conditions.map((c) => ({
        value: c.value,
        op: c.op,
        field: c.field,
        kind: c.kind,
      })),
      operator: 'and',
      kind: 'group',
    };
    const noop = await maritime.send<{ rule: Rule; changed: boolean; previous_version: number }>(
      'PATCH',
      RULES,
      { id: rule.id, expression: reordered, active: false, name: 'Versioned 2', notes: 'ignored' },
      key,
    );
    expect(noop.status).toBe(200);
    expect(noop.body).toMatchObject({ changed: false, previous_version: 4, rule: { version: 4 } });
    expect(noop.body.rule.updated_at).toBe(rewritten.body.rule.updated_at);

    const cleared = await maritime.send<{ rule: Rule }>(
      'PATCH',
      RULES,
      { id: rule.id, severity_override: null, description: null },
      key,
    );
    expect(cleared.body.rule).toMatchObject({ version: 5, severity_override: null });

    const history = await versions(rule.id);
    expect(history.map((v) => [v.version, v.notes])).toEqual([
      [5, null],
      [4, null],
      [3, 'pause'],
      [2, 'rename'],
      [1, null],
    ]);
    expect(history[2]!.snapshot).toMatchObject({ active: false, name: 'Versioned 2' });
    expect(history[4]!.snapshot).toMatchObject({
      active: true,
      name: 'Versioned',
      expression: critical,
    });
  });

  it('refuses an invalid PATCH: no id, nulls for required fields, a bad expression path', async () => {
    const rule = await create({ name: 'Patch checks', expression: critical });
    const cases: [Record<string, unknown>, string][] = [
      [{ name: 'x' }, 'id'],
      [{ id: 'abc', name: 'x' }, 'id'],
      [{ id: rule.id, name: null }, 'name'],
      [{ id: rule.id, active: null }, 'active'],
      [{ id: rule.id, dedupe_window_minutes: 1441 }, 'dedupe_window_minutes'],
      [{ id: rule.id, expression: null }, 'expression'],
      [
        {
          id: rule.id,
          expression: {
            kind: 'group',
            operator: 'and',
            conditions: [{ kind: 'condition', field: 'metadata.bad-key', op: 'eq', value: 1 }],
          },
        },
        'expression.conditions[0].field',
      ],
    ];
    for (const [body, field] of cases) {
      const reply = await maritime.send('PATCH', RULES, body, key);
      expect(reply.status).toBe(400);
      expectErrorBody('code', reply.body, 'invalid_request');
      expect((reply.body['details'] as { field: string }[]).map((d) => d.field)).toContain(field);
    }
    expect((await versions(rule.id)).length).toBe(1);
  });

  it('versions are immutable in the database', async () => {
    const rule = await create({ name: 'Immutable', expression: critical });
    await expect(
      maritime.harness.db.query(`UPDATE alert_rule_versions SET notes = 'x' WHERE rule_id = $1`, [
        rule.id,
      ]),
    ).rejects.toThrow();
    await expect(
      maritime.harness.db.query('DELETE FROM alert_rule_versions WHERE rule_id = $1', [rule.id]),
    ).rejects.toThrow();
    expect((await versions(rule.id)).length).toBe(1);
  });
});

describe('deleting rules', () => {
  it('is soft: the rule leaves the list and answers 404, its versions stay readable', async () => {
    const rule = await create({ name: 'Doomed', expression: critical });
    await maritime.send('PATCH', RULES, { id: rule.id, active: false }, key);
    const deleted = await maritime.send('DELETE', `${RULES}?id=${rule.id}`, undefined, key);
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ deleted: true, id: rule.id });
    const listed = await maritime.get<{ rules: Rule[] }>(RULES, key);
    expect(listed.body.rules.map((r) => r.id)).not.toContain(rule.id);
    const again = await maritime.send('DELETE', `${RULES}?id=${rule.id}`, undefined, key);
    expect(again.status).toBe(404);
    expectErrorBody('code', again.body, 'rule_not_found');
    const patch = await maritime.send('PATCH', RULES, { id: rule.id, name: 'Back' }, key);
    expect(patch.status).toBe(404);
    expect((await versions(rule.id)).map((v) => v.version)).toEqual([2, 1]);
  });

  it('needs a valid id', async () => {
    for (const query of ['', '?id=abc', '?id=0', '?id=-1', '?id=99999999999999999999']) {
      const reply = await maritime.send('DELETE', `${RULES}${query}`, undefined, key);
      expect(reply.status).toBe(400);
      expectErrorBody('code', reply.body, 'invalid_request');
    }
    const unknown = await maritime.send('DELETE', `${RULES}?id=999999999`, undefined, key);
    expect(unknown.status).toBe(404);
    expectErrorBody('code', unknown.body, 'rule_not_found');
  });
});

describe('owner isolation', () => {
  it("answers 404 for another owner's rule on PATCH, DELETE and versions, and changes nothing", async () => {
    const rule = await create({ name: 'Mine', expression: critical });
    const patch = await maritime.send('PATCH', RULES, { id: rule.id, name: 'Theirs' }, otherOwner);
    expect(patch.status).toBe(404);
    expectErrorBody('code', patch.body, 'rule_not_found');
    const del = await maritime.send('DELETE', `${RULES}?id=${rule.id}`, undefined, otherOwner);
    expect(del.status).toBe(404);
    const history = await maritime.get(`${RULES}/${rule.id}/versions`, otherOwner);
    expect(history.status).toBe(404);
    expectErrorBody('code', history.body, 'rule_not_found');
    const mine = await versions(rule.id);
    expect(mine).toHaveLength(1);
    expect(mine[0]!.snapshot['name']).toBe('Mine');
  });
});
