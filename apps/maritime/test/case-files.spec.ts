// Case files on a hand-built world: access on every route, creation and re-annotation, evidence
// captured once from the event tables (±30 days, ids, source refs, location names), the motif
// rules each on a real anchor, validation, paging and ownership.
import { FixedClock } from '@platform/clock';
import { expectErrorBody } from '@platform/testing';
import { testImo } from './support/fixtures';
import {
  buildInvestigationWorld,
  OTHER,
  TANKER,
  type InvestigationWorld,
} from './support/investigations-fixtures';
import { maritimeForFile } from './support/maritime-harness';

const maritime = maritimeForFile();
let world: InvestigationWorld;
let analyst: string;
let colleague: string;
let plain: string;
let stranger: string;

interface Evidence {
  id: string;
  kind: string;
  occurredAt: string;
  title: string;
  narrative: string;
  confidence: number;
  severity: string;
  sourceRefs: { table: string; id: string }[];
  locationName?: string;
}
interface CaseFile {
  case_id: string;
  anchor: Record<string, unknown>;
  evidence: Evidence[];
  annotations: { analystNotes: string | null; analystUpdatedAt: string | null; tags: string[] };
}

const base = `/api/v1/vessels/${TANKER}/case-files`;
const clock = (): FixedClock => maritime.harness.clock as FixedClock;

beforeAll(async () => {
  world = await buildInvestigationWorld(maritime.harness.db, clock().now());
  analyst = await maritime.mintKey('pro', { owner: 'inv-a', analyst: true });
  colleague = await maritime.mintKey('starter', { owner: 'inv-a', analyst: true });
  plain = await maritime.mintKey('pro', { owner: 'inv-a' });
  stranger = await maritime.mintKey('pro', { owner: 'inv-b', analyst: true });
});

const create = (body: unknown, key = analyst) =>
  maritime.send<{ case: CaseFile; created: boolean }>('POST', base, body, key);

describe('access', () => {
  it.each([
    ['GET', base],
    ['POST', base],
    ['GET', `${base}/export`],
    ['GET', `${base}/reconciliation`],
  ])('%s %s: 401 without a key, 403 without analyst access', async (method, path) => {
    const body = { motif_alert_id: `dark_event:${world.darkEvents.d1}` };
    const anonymous =
      method === 'GET' ? await maritime.get(path) : await maritime.send(method, path, body);
    expect(anonymous.status).toBe(401);
    expectErrorBody('code', anonymous.body, 'api_key_required');
    const nonAnalyst =
      method === 'GET'
        ? await maritime.get(path, plain)
        : await maritime.send(method, path, body, plain);
    expect(nonAnalyst.status).toBe(403);
    expectErrorBody('code', nonAnalyst.body, 'analyst_access_required');
  });

  it('unknown vessel → 404, bad IMO → 400', async () => {
    const unknown = await maritime.get(`/api/v1/vessels/${testImo(99)}/case-files`, analyst);
    expect(unknown.status).toBe(404);
    expectErrorBody('code', unknown.body, 'vessel_not_found');
    const bad = await maritime.get('/api/v1/vessels/9999999/case-files', analyst);
    expect(bad.status).toBe(400);
    expectErrorBody('code', bad.body, 'invalid_request');
  });
});

describe('POST case-files', () => {
  it('creates a dark_sts case with evidence from ±30 days, captured once', async () => {
    const reply = await create({
      motif_alert_id: `dark_event:${world.darkEvents.d1}`,
      notes: 'first look',
      tags: ['sts', 'gulf'],
    });
    expect(reply.status).toBe(201);
    expect(reply.body.created).toBe(true);
    const c = reply.body.case;
    expect(c.anchor).toMatchObject({
      motifAlertId: `dark_event:${world.darkEvents.d1}`,
      entityId: TANKER,
      entityType: 'vessel',
      motifName: 'dark_sts',
      severity: 'critical',
      confidence: 0.9,
    });
    // D1 was detected 10 d − 6 h ago; D2 (45 d) and the older events are outside ±30 days.
    const ids = c.evidence.map((e) => e.id);
    expect(ids.sort()).toEqual(
      [
        `dark_event:${world.darkEvents.d1}`,
        `sts_transfer:${world.stsId}`,
        `psc_inspection:${world.pscId}`,
        `destination_deception:${world.deceptionId}`,
        `draft_anomaly:${world.draftAnomalyId}`,
        `spoofing:${world.spoofingId}`,
      ].sort(),
    );
    const times = c.evidence.map((e) => e.occurredAt);
    expect([...times].sort()).toEqual(times);
    const byKind = Object.fromEntries(c.evidence.map((e) => [e.kind, e]));
    expect(byKind['dark_event']!.sourceRefs).toEqual([
      { table: 'dark_events', id: world.darkEvents.d1 },
    ]);
    expect(byKind['dark_event']!.locationName).toBe('Gulf of Oman');
    expect(byKind['psc_inspection']!.locationName).toBe('Rotterdam');
    expect(byKind['psc_inspection']!.narrative).toContain('4 deficiencies, vessel detained');
    expect(byKind['draft_anomaly']!.locationName).toBeUndefined();
    expect(byKind['sts_transfer']!.title).toBe('Ship-to-ship transfer with GREY GULL');
    expect(c.annotations).toEqual({
      analystNotes: 'first look',
      analystUpdatedAt: clock().now().toISOString(),
      tags: ['sts', 'gulf'],
    });
  });

  it('a second POST keeps the evidence and replaces notes and tags (200)', async () => {
    const before = (await maritime.get<{ cases: CaseFile[] }>(base, analyst)).body.cases[0]!;
    // A new event inside the window after creation is not added to the case.
    await maritime.harness.db.query(
      `INSERT INTO draft_anomalies (imo, draft_before_m, draft_after_m, lat, lon, severity, confidence, occurred_at)
       VALUES ($1, 9, 11, 5, 71, 'warning', 0.7, $2)`,
      [TANKER, new Date(clock().nowMs() - 9 * 86_400_000).toISOString()],
    );
    clock().advance(60_000);
    const again = await create(
      { motif_alert_id: `dark_event:${world.darkEvents.d1}`, tags: ['closed'] },
      colleague,
    );
    expect(again.status).toBe(200);
    expect(again.body.created).toBe(false);
    expect(again.body.case.case_id).toBe(before.case_id);
    expect(again.body.case.evidence).toEqual(before.evidence);
    expect(again.body.case.annotations).toEqual({
      analystNotes: null,
      analystUpdatedAt: clock().now().toISOString(),
      tags: ['closed'],
    });
  });

  it.each([
    ['gap_in_risk_zone', () => `dark_event:${world.darkEvents.d2}`],
    ['loiter_then_dark', () => `dark_event:${world.darkEvents.d3}`],
    ['identity_shift', () => `spoofing_alert:${world.cloneId}`],
    ['single_port_entry', () => `locus_alert:${world.portEntryId}`],
  ])('motif %s', async (motif, id) => {
    const reply = await create({ motif_alert_id: id() });
    expect(reply.status).toBe(201);
    expect(reply.body.case.anchor['motifName']).toBe(motif);
  });

  it('the identity_shift case holds the name change as a lifecycle_change', async () => {
    const reply = await create({ motif_alert_id: `spoofing_alert:${world.cloneId}` });
    const lifecycle = reply.body.case.evidence.find((e) => e.kind === 'lifecycle_change');
    expect(lifecycle).toMatchObject({
      id: `lifecycle_change:${world.identityId}`,
      sourceRefs: [{ table: 'vessel_identity_history', id: world.identityId }],
    });
    expect(lifecycle!.narrative).toContain('DAWN HERON to NIGHT HERON');
  });

  it('another vessel’s alert → 400 alert_vessel_mismatch; unknown alert → 404', async () => {
    const mismatch = await create({ motif_alert_id: `platform:${world.platformOtherId}` });
    expect(mismatch.status).toBe(400);
    expectErrorBody('code', mismatch.body, 'alert_vessel_mismatch');
    const unknown = await create({ motif_alert_id: 'dark_event:987654' });
    expect(unknown.status).toBe(404);
    expectErrorBody('code', unknown.body, 'alert_not_found');
    const forOther = await maritime.send(
      'POST',
      `/api/v1/vessels/${OTHER}/case-files`,
      { motif_alert_id: `platform:${world.platformOtherId}` },
      analyst,
    );
    expect(forOther.status).toBe(201);
  });

  it.each([
    ['motif_alert_id', {}],
    ['motif_alert_id', { motif_alert_id: 'dark:1' }],
    ['notes', { motif_alert_id: 'dark_event:1', notes: 'x'.repeat(10_001) }],
    [
      'tags',
      { motif_alert_id: 'dark_event:1', tags: Array.from({ length: 21 }, (_, i) => `t${i}`) },
    ],
    ['tags', { motif_alert_id: 'dark_event:1', tags: ['Bad Tag'] }],
    ['extra', { motif_alert_id: 'dark_event:1', extra: true }],
  ])('validation %#: bad %s → 400', async (field, body) => {
    const reply = await create(body);
    expect(reply.status).toBe(400);
    expectErrorBody('code', reply.body, 'invalid_request');
    const details = (reply.body as unknown as { details: { field: string }[] }).details;
    expect(details.map((d) => d.field)).toContain(field);
  });

  it('accepts 10,000-character notes and 20 tags', async () => {
    const reply = await create({
      motif_alert_id: `dark_event:${world.darkEvents.d2}`,
      notes: 'n'.repeat(10_000),
      tags: Array.from({ length: 20 }, (_, i) => `tag-${i}`),
    });
    expect(reply.status).toBe(200);
    expect(reply.body.case.annotations.tags).toHaveLength(20);
  });
});

describe('GET case-files', () => {
  it('lists the owner’s cases newest first with total, limit and offset', async () => {
    const all = await maritime.get<{ cases: CaseFile[]; total: number; tier: string }>(
      base,
      analyst,
    );
    expect(all.status).toBe(200);
    expect(all.body.total).toBe(5);
    expect(all.body.cases).toHaveLength(5);
    expect(all.body.tier).toBe('pro');
    const page = await maritime.get<{ cases: CaseFile[]; total: number; pagination: unknown }>(
      `${base}?limit=2&offset=1`,
      analyst,
    );
    expect(page.body.total).toBe(5);
    expect(page.body.pagination).toEqual({ limit: 2, offset: 1 });
    expect(page.body.cases.map((c) => c.case_id)).toEqual(
      all.body.cases.slice(1, 3).map((c) => c.case_id),
    );
    const clamped = await maritime.get<{ pagination: { limit: number } }>(
      `${base}?limit=500`,
      analyst,
    );
    expect(clamped.body.pagination.limit).toBe(100);
  });

  it.each(['limit=0', 'limit=1.5', 'offset=-1', 'offset=x'])('%s → 400', async (q) => {
    const reply = await maritime.get(`${base}?${q}`, analyst);
    expect(reply.status).toBe(400);
    expectErrorBody('code', reply.body, 'invalid_request');
  });

  it('another owner sees none of them', async () => {
    const reply = await maritime.get<{ cases: CaseFile[]; total: number }>(base, stranger);
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ cases: [], total: 0 });
  });
});
