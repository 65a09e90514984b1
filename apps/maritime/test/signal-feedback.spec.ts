// Signal feedback on a hand-built world: the 180-day list with each signal's verdict, calibration
// arithmetic, upserts, validation, access and ownership; a suppression window holding back a
// repeat of the signal inside it (and not outside it), both in the list's suppressedRepeatCount
// and in the alert pipeline; and the risk score untouched by verdicts.
import { FixedClock } from '@platform/clock';
import { expectErrorBody } from '@platform/testing';
import { JobDispatcher } from '@platform/queues';
import { JOB_QUEUES } from '../src/jobs/job-queues';
import { RiskScoringService } from '../src/pipeline/risk/risk-scoring.service';
import { testImo } from './support/fixtures';
import {
  buildInvestigationWorld,
  PARTNER,
  TANKER,
  TANKER_MMSI,
  type InvestigationWorld,
} from './support/investigations-fixtures';
import { maritimeForFile } from './support/maritime-harness';

const maritime = maritimeForFile();
let world: InvestigationWorld;
let analyst: string;
let plain: string;
let stranger: string;
let start: Date;

interface Signal {
  signalType: string;
  signalId: string;
  title: string;
  summary: string;
  detectedAt: string;
  severity: string;
  adjudicationStatus: string | null;
  adjudicationReasonCode: string | null;
  analystNotes: string | null;
  suppressionWindowHours: number | null;
  suppressionUntil: string | null;
  suppressedRepeatCount: number;
}
interface Calibration {
  totalSignals: number;
  confirmed: number;
  falsePositives: number;
  pending: number;
  falsePositiveRate: number | null;
}

const base = `/api/v1/vessels/${TANKER}/signal-feedback`;
const clock = (): FixedClock => maritime.harness.clock as FixedClock;
const HOUR = 3_600_000;
const list = (key = analyst) =>
  maritime.get<{ signals: Signal[]; calibration: Calibration }>(base, key);
const adjudicate = (body: Record<string, unknown>, key = analyst) =>
  maritime.send<{ adjudication: Record<string, unknown>; calibration: Calibration }>(
    'POST',
    base,
    body,
    key,
  );

beforeAll(async () => {
  start = clock().now();
  world = await buildInvestigationWorld(maritime.harness.db, start);
  // Older than 180 days: not listed.
  await maritime.harness.db.query(
    `INSERT INTO dark_events (imo, started_at, ended_at, start_lat, start_lon, severity, confidence, occurred_at)
     VALUES ($1, $2, $2, 0, 0, 'info', 0.5, $2)`,
    [TANKER, new Date(start.getTime() - 200 * 86_400_000)],
  );
  analyst = await maritime.mintKey('pro', { owner: 'sf-a', analyst: true });
  plain = await maritime.mintKey('pro', { owner: 'sf-a' });
  stranger = await maritime.mintKey('pro', { owner: 'sf-b', analyst: true });
});

afterAll(() => clock().set(start));

describe('access', () => {
  it('401 without a key, 403 without analyst access, 404 for an unknown vessel', async () => {
    const body = { signal_id: world.darkEvents.d1, signal_type: 'dark_event', status: 'confirmed' };
    expectErrorBody('code', (await maritime.get(base)).body, 'api_key_required');
    expect((await maritime.send('POST', base, body)).status).toBe(401);
    const get = await list(plain);
    expect(get.status).toBe(403);
    expectErrorBody('code', get.body, 'analyst_access_required');
    const post = await adjudicate(body, plain);
    expect(post.status).toBe(403);
    expectErrorBody('code', post.body, 'analyst_access_required');
    const unknown = await maritime.get(`/api/v1/vessels/${testImo(98)}/signal-feedback`, analyst);
    expect(unknown.status).toBe(404);
    expectErrorBody('code', unknown.body, 'vessel_not_found');
    expect((await maritime.get('/api/v1/vessels/1234560/signal-feedback', analyst)).status).toBe(
      400,
    );
  });
});

describe('list and calibration', () => {
  it('lists the last 180 days newest first, none adjudicated yet', async () => {
    const reply = await list();
    expect(reply.status).toBe(200);
    const ids = reply.body.signals.map((s) => `${s.signalType}:${s.signalId}`);
    expect(ids).toEqual([
      `spoofing:${world.spoofingId}`,
      `sts_transfer:${world.stsId}`,
      `dark_event:${world.darkEvents.d1}`,
      `draft_anomaly:${world.draftAnomalyId}`,
      `destination_deception:${world.deceptionId}`,
      `dark_event:${world.darkEvents.d2}`,
      `dark_event:${world.darkEvents.d3}`,
      `spoofing:${world.cloneId}`,
    ]);
    expect(reply.body.signals[0]).toMatchObject({
      title: 'AIS spoofing: impossible speed',
      severity: 'warning',
      adjudicationStatus: null,
      suppressionUntil: null,
      suppressedRepeatCount: 0,
    });
    expect(reply.body.calibration).toEqual({
      totalSignals: 8,
      confirmed: 0,
      falsePositives: 0,
      pending: 8,
      falsePositiveRate: null,
    });
  });

  it('upserts verdicts; calibration counts them (rate = fp / (confirmed + fp), 4 decimals)', async () => {
    const first = await adjudicate({
      signal_id: world.darkEvents.d1,
      signal_type: 'dark_event',
      status: 'confirmed',
      reason_code: 'sanctions_evasion',
      notes: 'matches STS',
    });
    expect(first.status).toBe(200);
    expect(first.body.adjudication).toEqual({
      signalType: 'dark_event',
      signalId: world.darkEvents.d1,
      adjudicationStatus: 'confirmed',
      adjudicationReasonCode: 'sanctions_evasion',
      analystNotes: 'matches STS',
      suppressionWindowHours: null,
      suppressionUntil: null,
      updatedAt: start.toISOString(),
    });
    expect(first.body.calibration.falsePositiveRate).toBe(0);
    await adjudicate({
      signal_id: Number(world.draftAnomalyId),
      signal_type: 'draft_anomaly',
      status: 'false_positive',
      reason_code: 'data_quality',
    });
    await adjudicate({
      signal_id: world.cloneId,
      signal_type: 'spoofing',
      status: 'false_positive',
    });
    const pending = await adjudicate({
      signal_id: world.deceptionId,
      signal_type: 'destination_deception',
      status: 'pending',
    });
    // 1 confirmed, 2 false positives: 2 / 3.
    expect(pending.body.calibration).toEqual({
      totalSignals: 8,
      confirmed: 1,
      falsePositives: 2,
      pending: 5,
      falsePositiveRate: 0.6667,
    });
    // A second verdict on the same signal replaces the first.
    const changed = await adjudicate({
      signal_id: world.cloneId,
      signal_type: 'spoofing',
      status: 'confirmed',
    });
    expect(changed.body.calibration).toMatchObject({
      confirmed: 2,
      falsePositives: 1,
      falsePositiveRate: 0.3333,
    });
    const listed = (await list()).body.signals.find(
      (s) => s.signalType === 'dark_event' && s.signalId === world.darkEvents.d1,
    )!;
    expect(listed).toMatchObject({
      adjudicationStatus: 'confirmed',
      adjudicationReasonCode: 'sanctions_evasion',
      analystNotes: 'matches STS',
    });
  });

  it('another owner sees none of these verdicts', async () => {
    const reply = await list(stranger);
    expect(reply.body.signals.every((s) => s.adjudicationStatus === null)).toBe(true);
    expect(reply.body.calibration.pending).toBe(8);
  });

  it('unknown signal, or one of another vessel → 404 signal_not_found', async () => {
    for (const body of [
      { signal_id: '987654', signal_type: 'dark_event', status: 'confirmed' },
      { signal_id: '987655', signal_type: 'spoofing', status: 'confirmed' },
    ]) {
      const reply = await adjudicate(body);
      expect(reply.status).toBe(404);
      expectErrorBody('code', reply.body, 'signal_not_found');
    }
    const partners = await maritime.send(
      'POST',
      `/api/v1/vessels/${PARTNER}/signal-feedback`,
      { signal_id: world.spoofingId, signal_type: 'spoofing', status: 'confirmed' },
      analyst,
    );
    expect(partners.status).toBe(404);
  });

  it.each([
    ['status', { status: 'maybe' }],
    ['signal_type', { signal_type: 'loitering' }],
    ['reason_code', { reason_code: 'Bad-Code' }],
    ['reason_code', { reason_code: 'a' }],
    ['suppression_hours', { suppression_hours: 5 }],
    ['suppression_hours', { suppression_hours: '24' }],
    ['signal_id', { signal_id: 'abc' }],
    ['notes', { notes: 'x'.repeat(10_001) }],
  ])('bad %s → 400', async (field, patch) => {
    const reply = await adjudicate({
      signal_id: world.spoofingId,
      signal_type: 'spoofing',
      status: 'confirmed',
      ...patch,
    });
    expect(reply.status).toBe(400);
    expectErrorBody('code', reply.body, 'invalid_request');
    const details = (reply.body as unknown as { details: { field: string }[] }).details;
    expect(details.map((d) => d.field)).toContain(field);
  });
});

describe('suppression of repeats', () => {
  const evaluate = () =>
    maritime.harness.instances[0]!.app.get(JobDispatcher).runNow(JOB_QUEUES.alertEvaluate);
  const spoof = async (at: Date): Promise<string> => {
    const rows = (await maritime.harness.db.query(
      `INSERT INTO spoofing_alerts (imo, mmsi, kind, implied_speed_kn, distance_nm, lat, lon, severity, confidence, occurred_at)
       VALUES ($1, $2, 'impossible_speed', 90, 45, 1, 106, 'warning', 0.8, $3) RETURNING id::text AS id`,
      [TANKER, TANKER_MMSI, at],
    )) as { id: string }[];
    return rows[0]!.id;
  };
  const matchOf = async (id: string): Promise<{ suppressed: boolean } | undefined> =>
    (
      (await maritime.harness.db.query('SELECT suppressed FROM rule_matches WHERE alert_uid = $1', [
        `spoofing_alert:${id}`,
      ])) as { suppressed: boolean }[]
    )[0];

  it('a repeat inside the window is held back and counted; one after it is not', async () => {
    // Catch the pipeline up before the rule exists, so no dedupe window is open.
    await evaluate();
    const rule = await maritime.send(
      'POST',
      '/api/v1/alerts/rules',
      {
        name: 'tanker',
        expression: { kind: 'condition', field: 'imo_number', op: 'eq', value: TANKER },
      },
      analyst,
    );
    expect(rule.status).toBe(201);
    const t0 = clock().now();
    const reply = await adjudicate({
      signal_id: world.spoofingId,
      signal_type: 'spoofing',
      status: 'false_positive',
      reason_code: 'known_maintenance',
      suppression_hours: 24,
    });
    expect(reply.body.adjudication).toMatchObject({
      suppressionWindowHours: 24,
      suppressionUntil: new Date(t0.getTime() + 24 * HOUR).toISOString(),
    });

    const inside = await spoof(new Date(t0.getTime() + 2 * HOUR));
    clock().set(new Date(t0.getTime() + 3 * HOUR));
    await evaluate();
    expect(await matchOf(inside)).toEqual({ suppressed: true });
    const during = (await list()).body.signals.find(
      (s) => s.signalType === 'spoofing' && s.signalId === world.spoofingId,
    )!;
    expect(during.suppressedRepeatCount).toBe(1);

    const after = await spoof(new Date(t0.getTime() + 30 * HOUR));
    clock().set(new Date(t0.getTime() + 31 * HOUR));
    await evaluate();
    expect(await matchOf(after)).toEqual({ suppressed: false });
    const later = (await list()).body.signals;
    expect(
      later.find((s) => s.signalType === 'spoofing' && s.signalId === world.spoofingId)!
        .suppressedRepeatCount,
    ).toBe(1);
    expect(later[0]!.signalId).toBe(after);
    expect(later[0]!.suppressedRepeatCount).toBe(0);
  });

  it('verdicts never change the risk score', async () => {
    const now = clock().now();
    const risk = async () =>
      (
        await maritime.get<{ risk: { score: number; factors: unknown[] } }>(
          `/api/v1/vessels/${TANKER}/risk`,
        )
      ).body.risk;
    const scoring = maritime.harness.instances[0]!.app.get(RiskScoringService);
    await scoring.recompute(now, [TANKER]);
    const before = await risk();
    await adjudicate({
      signal_id: world.darkEvents.d2,
      signal_type: 'dark_event',
      status: 'false_positive',
    });
    await adjudicate({
      signal_id: world.stsId,
      signal_type: 'sts_transfer',
      status: 'false_positive',
      suppression_hours: 168,
    });
    await scoring.recompute(now, [TANKER]);
    const after = await risk();
    expect(after.score).toBe(before.score);
    expect(after.factors).toEqual(before.factors);
  });
});
