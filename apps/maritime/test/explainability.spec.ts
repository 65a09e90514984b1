// Explainability on a hand-built world: every step's numbers recomputed from the rows it cites
// (the spoofing pair's implied speed, the cargo load fraction and tonnage, the motif's
// co-occurring events and risk factors), the defaults, validation, access and 404s.
import { FixedClock } from '@platform/clock';
import { haversineNm } from '@platform/maritime-domain';
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
let starter: string;

interface Step {
  step: number;
  label: string;
  description: string;
  confidence: number;
  sources: { table: string; id: string }[];
}
interface Explained {
  imo: string;
  type: string;
  signal_id: string;
  steps: Step[];
}

const explain = (query: string, key = starter) =>
  maritime.get<Explained>(`/api/v1/signals/explainability?${query}`, key);
const numbers = (text: string): number[] =>
  [...text.matchAll(/-?\d+(?:\.\d+)?/g)].map((m) => Number(m[0]));

beforeAll(async () => {
  world = await buildInvestigationWorld(
    maritime.harness.db,
    (maritime.harness.clock as FixedClock).now(),
  );
  starter = await maritime.mintKey('starter', { owner: 'ex-a' });
});

describe('access and validation', () => {
  it('needs a key of starter or above; analyst access is not required', async () => {
    const anonymous = await maritime.get(
      `/api/v1/signals/explainability?imo=${TANKER}&type=spoofing`,
    );
    expect(anonymous.status).toBe(401);
    expectErrorBody('code', anonymous.body, 'api_key_required');
    const free = await explain(`imo=${TANKER}&type=spoofing`, await maritime.mintKey('free'));
    expect(free.status).toBe(403);
    expectErrorBody('code', free.body, 'plan_upgrade_required');
    expect((await explain(`imo=${TANKER}&type=spoofing`)).status).toBe(200);
  });

  it.each([
    ['type', `imo=${TANKER}`],
    ['type', `imo=${TANKER}&type=dark_event`],
    ['imo', 'type=spoofing'],
    ['imo', 'imo=9999999&type=spoofing'],
    ['signal_id', `imo=${TANKER}&type=spoofing&signal_id=x1`],
    ['signal_id', `imo=${TANKER}&type=motif&signal_id=12`],
    ['signal_id', `imo=${TANKER}&type=cargo_estimate&signal_id=voyage:1`],
  ])('bad %s → 400', async (field, query) => {
    const reply = await explain(query);
    expect(reply.status).toBe(400);
    expectErrorBody('code', reply.body, 'invalid_request');
    const details = (reply.body as unknown as { details: { field: string }[] }).details;
    expect(details.map((d) => d.field)).toContain(field);
  });

  it('unknown vessel → vessel_not_found; unknown or foreign signal → signal_not_found', async () => {
    const vessel = await explain(`imo=${testImo(97)}&type=spoofing`);
    expect(vessel.status).toBe(404);
    expectErrorBody('code', vessel.body, 'vessel_not_found');
    for (const query of [
      `imo=${TANKER}&type=spoofing&signal_id=987654`,
      `imo=${TANKER}&type=cargo_estimate&signal_id=987654`,
      `imo=${TANKER}&type=motif&signal_id=dark_event:987654`,
      `imo=${TANKER}&type=motif&signal_id=platform:${world.platformOtherId}`,
      `imo=${OTHER}&type=spoofing`,
    ]) {
      const reply = await explain(query);
      expect([query, reply.status]).toEqual([query, 404]);
      expectErrorBody('code', reply.body, 'signal_not_found');
    }
  });
});

describe('spoofing', () => {
  it('defaults to the latest alert; the implied speed recomputes from the cited fixes', async () => {
    const reply = await explain(`imo=${TANKER}&type=spoofing`);
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({
      imo: TANKER,
      type: 'spoofing',
      signal_id: world.spoofingId,
    });
    const steps = reply.body.steps;
    expect(steps.map((s) => [s.step, s.label])).toEqual([
      [1, 'Bracketing positions'],
      [2, 'Implied speed'],
      [3, 'Same MMSI elsewhere'],
      [4, 'Verdict'],
    ]);
    const fixes = [];
    for (const ref of steps[1]!.sources.filter((s) => s.table === 'ais_positions')) {
      const [imo, ts, source] = ref.id.split('@');
      const rows = (await maritime.harness.db.query(
        'SELECT ts, lat, lon FROM ais_positions WHERE imo = $1 AND ts = $2 AND source = $3',
        [imo, ts, source],
      )) as { ts: Date; lat: number; lon: number }[];
      expect(rows).toHaveLength(1);
      fixes.push(rows[0]!);
    }
    expect(fixes).toHaveLength(2);
    const [from, to] = fixes.sort((a, b) => a.ts.getTime() - b.ts.getTime()) as [
      (typeof fixes)[number],
      (typeof fixes)[number],
    ];
    const nm = haversineNm(from, to);
    const hours = (to.ts.getTime() - from.ts.getTime()) / 3_600_000;
    const [distance, elapsed, speed, ceiling] = numbers(steps[1]!.description);
    expect(distance).toBeCloseTo(nm, 2);
    expect(elapsed).toBe(hours);
    expect(speed).toBeCloseTo(nm / hours, 2);
    expect(ceiling).toBe(50);
    expect(steps[1]!.description).toContain('above the 50 kn ceiling');
    // The clone fix five minutes later, 1,300 nm away under another IMO.
    expect(steps[2]!.description).toContain(
      `could not be this vessel (also reported by IMO ${OTHER})`,
    );
    expect(steps[2]!.sources).toEqual([
      {
        table: 'ais_positions',
        id: `${OTHER}@${new Date(to.ts.getTime() + 5 * 60_000).toISOString()}@satellite`,
      },
    ]);
    expect(steps[3]).toMatchObject({
      confidence: 0.8,
      sources: [{ table: 'spoofing_alerts', id: world.spoofingId }],
    });
  });

  it('an alert without fixes on record says so, with zero confidence', async () => {
    const reply = await explain(`imo=${TANKER}&type=spoofing&signal_id=${world.cloneId}`);
    expect(reply.status).toBe(200);
    expect(reply.body.steps[0]).toMatchObject({ confidence: 0 });
    expect(reply.body.steps[3]!.description).toContain('identity clone');
  });
});

describe('cargo_estimate', () => {
  it('recomputes fraction and cargo_t from the cited voyage and vessel', async () => {
    const reply = await explain(`imo=${TANKER}&type=cargo_estimate`);
    expect(reply.status).toBe(200);
    expect(reply.body.signal_id).toBe(world.voyageId);
    const steps = reply.body.steps;
    expect(steps.map((s) => s.label)).toEqual([
      'Draft readings',
      'Load fraction',
      'Cargo tonnage',
      'Commodity',
      'Result',
    ]);
    expect(steps[0]!.sources).toEqual([
      { table: 'voyages', id: world.voyageId },
      { table: 'vessels', id: TANKER },
    ]);
    const [voyage] = (await maritime.harness.db.query(
      'SELECT draft_departure_m::float8 AS draft FROM voyages WHERE id = $1',
      [world.voyageId],
    )) as { draft: number }[];
    const [vessel] = (await maritime.harness.db.query(
      'SELECT dwt::float8 AS dwt, design_draft_m::float8 AS design FROM vessels WHERE imo = $1',
      [TANKER],
    )) as { dwt: number; design: number }[];
    const fraction =
      Math.round(((voyage!.draft - 0.45 * vessel!.design) / (0.55 * vessel!.design)) * 1e4) / 1e4;
    const cargo = Math.round(fraction * vessel!.dwt * 0.95);
    expect(steps[1]!.description).toBe(
      `(${voyage!.draft} − 0.45 × ${vessel!.design}) / (0.55 × ${vessel!.design}) = ${fraction} (clamped to 0..1).`,
    );
    expect(fraction).toBe(0.697);
    expect(numbers(steps[2]!.description)).toEqual([fraction, vessel!.dwt, 0.95, cargo]);
    // Tanker loads at Singapore: crude on 3 of 4 (V1, the deception voyage, OTHER's; not PARTNER's).
    expect(steps[3]!.description).toBe(
      'tanker voyages from Singapore carried Crude oil on 3 of 4.',
    );
    expect(steps[3]!.confidence).toBe(0.75);
    expect(steps[4]!.description).toBe(
      `About ${cargo} t of Crude oil (±8 %: ${Math.round(cargo * 0.92)}–${Math.round(cargo * 1.08)} t).`,
    );
  });

  it('a voyage without a departure draft cannot be estimated', async () => {
    const [row] = (await maritime.harness.db.query(
      'SELECT voyage_id::text AS id FROM route_deceptions WHERE id = $1',
      [world.deceptionId],
    )) as { id: string }[];
    const reply = await explain(`imo=${TANKER}&type=cargo_estimate&signal_id=${row!.id}`);
    expect(reply.status).toBe(200);
    expect(reply.body.steps.map((s) => s.confidence).slice(0, 3)).toEqual([0, 0, 0]);
    expect(reply.body.steps[4]!.description).toBe('No estimate.');
  });
});

describe('motif', () => {
  it('trigger, co-occurring events, zone, risk factors and verdict, from their rows', async () => {
    // Score the vessel first (the public risk route scores an unscored vessel).
    const risk = await maritime.get<{
      risk: { score: number; tier: string; factors: { factor: string; contribution: number }[] };
    }>(`/api/v1/vessels/${TANKER}/risk`);
    const reply = await explain(
      `imo=${TANKER}&type=motif&signal_id=dark_event:${world.darkEvents.d1}`,
    );
    expect(reply.status).toBe(200);
    const [trigger, nearby, zone, tier, verdict] = reply.body.steps;
    expect(trigger!.sources).toEqual([{ table: 'dark_events', id: world.darkEvents.d1 }]);
    // Within 48 h of D1's detection: the STS (18 h), the draft anomaly (30 h), the spoofing (42 h).
    expect(nearby!.description).toBe(
      '3 event(s) within 48 h of the trigger: 1 draft_anomaly, 1 spoofing, 1 sts_transfer.',
    );
    const [d1] = (await maritime.harness.db.query(
      'SELECT occurred_at FROM dark_events WHERE id = $1',
      [world.darkEvents.d1],
    )) as { occurred_at: Date }[];
    for (const ref of nearby!.sources) {
      const [row] = (await maritime.harness.db.query(
        `SELECT occurred_at FROM ${ref.table} WHERE id = $1`,
        [ref.id],
      )) as { occurred_at: Date }[];
      expect(Math.abs(row!.occurred_at.getTime() - d1!.occurred_at.getTime())).toBeLessThanOrEqual(
        48 * 3_600_000,
      );
    }
    expect(zone!.description).toBe('Inside the Gulf of Oman zone (sanctions_area).');
    const top = [...risk.body.risk.factors]
      .sort((a, b) => b.contribution - a.contribution || a.factor.localeCompare(b.factor))
      .slice(0, 3);
    for (const f of top) expect(tier!.description).toContain(f.factor);
    expect(tier!.description).toContain(
      `Risk score ${risk.body.risk.score} (${risk.body.risk.tier}`,
    );
    expect(verdict!.description).toBe(
      'Motif dark_sts: a dark period with a ship-to-ship transfer within 48 h.',
    );
    expect(verdict!.confidence).toBe(0.9);
  });

  it('defaults to the latest alert of the vessel and matches the case-file motif', async () => {
    const reply = await explain(`imo=${TANKER}&type=motif`);
    expect(reply.body.signal_id).toBe(`spoofing_alert:${world.spoofingId}`);
    const single = await explain(
      `imo=${TANKER}&type=motif&signal_id=locus_alert:${world.portEntryId}`,
    );
    expect(single.body.steps[4]!.description).toBe(
      'Motif single_port_entry: the alert fits none of the compound patterns.',
    );
    expect(single.body.steps[2]!.description).toBe('Within 50 nm of Rotterdam (port).');
  });
});
