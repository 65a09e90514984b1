// Investigations on the small seed: a case on a seeded dark event exports an archive that
// `sha256sum -c` verifies and that comes out byte-identical twice; the seeded vessel's signals
// list with calibration; a seeded voyage's cargo estimate recomputes from its rows.
import { FixedClock } from '@platform/clock';
import { maritimeForFile } from './support/maritime-harness';
import { smallSeedTemplate } from './support/small-seed';
import {
  fetchBytes,
  sha256sumCheck,
  tempDir,
  type ArchiveBody,
} from './support/investigations-support';

const maritime = maritimeForFile({ ...smallSeedTemplate });
let analyst: string;
let imo: string;
let darkId: string;

beforeAll(async () => {
  analyst = await maritime.mintKey('pro', { owner: 'seed-analyst', analyst: true });
  const now = (maritime.harness.clock as FixedClock).now();
  // The vessel with the most dark events in the last 180 days, its newest one as the anchor.
  const [row] = (await maritime.harness.db.query(
    `SELECT imo::text AS imo, (array_agg(id::text ORDER BY occurred_at DESC, id DESC))[1] AS id
     FROM dark_events WHERE occurred_at > $1::timestamptz - interval '180 days' AND occurred_at <= $1
     GROUP BY imo ORDER BY count(*) DESC, imo LIMIT 1`,
    [now],
  )) as { imo: string; id: string }[];
  expect(row).toBeDefined();
  imo = row!.imo;
  darkId = row!.id;
});

it('a case on a seeded dark event exports a verifiable, stable archive', async () => {
  const created = await maritime.send<{
    case: { case_id: string; evidence: unknown[]; anchor: { motifName: string } };
    created: boolean;
  }>(
    'POST',
    `/api/v1/vessels/${imo}/case-files`,
    { motif_alert_id: `dark_event:${darkId}`, notes: 'seed case', tags: ['seed'] },
    analyst,
  );
  expect(created.status).toBe(201);
  expect(created.body.case.evidence.length).toBeGreaterThanOrEqual(1);
  expect(created.body.case.anchor.motifName).toMatch(
    /^(dark_sts|gap_in_risk_zone|loiter_then_dark|identity_shift|single_dark_event)$/,
  );
  const url = `${maritime.url}/api/v1/vessels/${imo}/case-files/export`;
  const one = await fetchBytes(url, analyst);
  const two = await fetchBytes(url, analyst);
  expect(one.status).toBe(200);
  expect(two.bytes.equals(one.bytes)).toBe(true);
  const { archive } = JSON.parse(one.bytes.toString('utf8')) as ArchiveBody;
  const sums = archive.manifest.entries.map((e) => `${e.sha256}  ${e.path}\n`).join('');
  const tmp = tempDir();
  try {
    expect(sha256sumCheck(tmp.dir, archive.files, sums).ok).toBe(true);
  } finally {
    tmp.done();
  }
  const tarOne = await fetchBytes(`${url}?format=tar`, analyst);
  const tarTwo = await fetchBytes(`${url}?format=tar`, analyst);
  expect(tarTwo.bytes.equals(tarOne.bytes)).toBe(true);
  expect(tarOne.bytes.length % 512).toBe(0);
});

it('the seeded vessel’s signals come newest first with consistent calibration', async () => {
  const reply = await maritime.get<{
    signals: { detectedAt: string; signalType: string }[];
    calibration: { totalSignals: number; pending: number; falsePositiveRate: number | null };
  }>(`/api/v1/vessels/${imo}/signal-feedback`, analyst);
  expect(reply.status).toBe(200);
  const times = reply.body.signals.map((s) => s.detectedAt);
  expect([...times].sort().reverse()).toEqual(times);
  expect(reply.body.signals.some((s) => s.signalType === 'dark_event')).toBe(true);
  expect(reply.body.calibration).toMatchObject({
    totalSignals: reply.body.signals.length,
    pending: reply.body.signals.length,
    falsePositiveRate: null,
  });
});

it('a seeded voyage’s cargo estimate recomputes from its rows', async () => {
  const [voyage] = (await maritime.harness.db.query(
    `SELECT v.id::text AS id, v.imo::text AS imo, v.draft_departure_m::float8 AS draft,
       x.design_draft_m::float8 AS design, x.dwt::float8 AS dwt
     FROM voyages v JOIN vessels x ON x.imo = v.imo
     WHERE v.draft_departure_m IS NOT NULL AND x.design_draft_m > 0 AND x.dwt IS NOT NULL
     ORDER BY v.id LIMIT 1`,
  )) as { id: string; imo: string; draft: number; design: number; dwt: number }[];
  const key = await maritime.mintKey('starter', { owner: 'seed-reader' });
  const reply = await maritime.get<{ steps: { description: string }[] }>(
    `/api/v1/signals/explainability?imo=${voyage!.imo}&type=cargo_estimate&signal_id=${voyage!.id}`,
    key,
  );
  expect(reply.status).toBe(200);
  const raw = (voyage!.draft - 0.45 * voyage!.design) / (0.55 * voyage!.design);
  const fraction = Math.round(Math.min(1, Math.max(0, raw)) * 1e4) / 1e4;
  const cargo = Math.round(fraction * voyage!.dwt * 0.95);
  expect(reply.body.steps[2]!.description).toBe(
    `${fraction} × ${voyage!.dwt} t × 0.95 = ${cargo} t.`,
  );
});
