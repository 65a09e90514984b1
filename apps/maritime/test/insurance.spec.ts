// claims-v1 end to end on hand-built vessels: each number recomputed from the inputs the
// response returns, checked against a hand computation, plus access, validation and 404s.
import { FixedClock } from '@platform/clock';
import { expectErrorBody } from '@platform/testing';
import { insertReference, insertVessels, testImo, type TestVessel } from './support/fixtures';
import { giveInsuranceFacts, setVessel, storeRiskScore } from './support/insurance-fixtures';
import {
  recomputeClaims,
  recomputePremium,
  type ClaimsReply,
  type PremiumReply,
} from './support/insurance-replies';
import { maritimeForFile } from './support/maritime-harness';

const maritime = maritimeForFile();

const CLEAN = testImo(1);
const RISKY = testImo(2);
const MAXED = testImo(3);
const ZERO = testImo(4);
const MMSI_MATCH = testImo(5);
const UNSCORED = testImo(6);
const UNKNOWN = testImo(99);

let starter = '';
let free = '';

beforeAll(async () => {
  const db = maritime.harness.db;
  const { ports } = await insertReference(db);
  const port = ports['rotterdam']!;
  const vessel = (
    n: number,
    imo: string,
    type: string,
    build: number,
    flag = 'PA',
  ): TestVessel => ({
    imo,
    mmsi: `351000${String(n).padStart(3, '0')}`,
    name: `VESSEL ${n}`,
    vessel_type: type,
    build_year: build,
    flag,
  });
  await insertVessels(db, [
    vessel(1, CLEAN, 'bulk_carrier', 2020, 'NO'),
    vessel(2, RISKY, 'tanker', 2008),
    vessel(3, MAXED, 'tanker', 1990, 'KP'),
    vessel(4, ZERO, 'container', 2024, 'NO'),
    vessel(5, MMSI_MATCH, 'general_cargo', 2005),
    vessel(6, UNSCORED, 'fishing', 2001),
  ]);
  const now = (maritime.harness.clock as FixedClock).now();
  await giveInsuranceFacts(db, RISKY, port, now, {
    // 400 days ago is outside the 12 months, as are the 100-day dark event and 400-day stop.
    psc: [
      [30, 7, true],
      [200, 5, false],
      [400, 9, true],
    ],
    dark: [5, 20, 80, 100],
    unplannedStops: [10, 300, 400],
    sanctions: ['name'],
  });
  await giveInsuranceFacts(db, MAXED, port, now, {
    psc: [[10, 25, true]],
    dark: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12],
    unplannedStops: [1, 2, 3, 4, 5, 6, 7],
    sanctions: ['name', 'direct_imo'],
  });
  await giveInsuranceFacts(db, MMSI_MATCH, port, now, { sanctions: ['mmsi'] });
  await storeRiskScore(db, CLEAN, 10, now);
  await storeRiskScore(db, RISKY, 61.3, now);
  await storeRiskScore(db, MAXED, 100, now, true);
  await storeRiskScore(db, ZERO, 0, now);
  await storeRiskScore(db, MMSI_MATCH, 25, now, true);
  await setVessel(db, ZERO, { dwt: null });
  starter = await maritime.mintKey('starter');
  free = await maritime.mintKey('free');
});

describe('GET /insurance/claims-prediction', () => {
  const claims = (imo: string, key = starter) =>
    maritime.get<ClaimsReply>(`/api/v1/insurance/claims-prediction?imo=${imo}`, key);

  it('gives a new, clean vessel 0.0392', async () => {
    const reply = await claims(CLEAN);
    expect(reply.status).toBe(200);
    expect(reply.body.claims_probability).toBe(0.0392);
    expect(reply.body.model.z).toBe(-3.2);
    expect(reply.body.risk_factors).toEqual({
      age_bucket: '0-9',
      psc_detained_12m: false,
      psc_deficiency_count_12m: 0,
      sanctions_match: false,
      dark_events_90d: 0,
      incident_proxy: 0,
    });
    expect(reply.body.vessel).toEqual({
      name: 'VESSEL 1',
      vessel_type: 'bulk_carrier',
      build_year: 2020,
      risk_score: 10,
      risk_tier: 'low',
    });
    expect(reply.body.tier).toBe('starter');
  });

  it('counts only the facts inside each window and recomputes from the returned inputs', async () => {
    const reply = await claims(RISKY);
    expect(reply.status).toBe(200);
    expect(reply.body.risk_factors).toEqual({
      age_bucket: '15-19', // 2026 − 2008 = 18
      psc_detained_12m: true,
      psc_deficiency_count_12m: 12, // 7 + 5; the 400-day inspection is outside
      sanctions_match: true,
      dark_events_90d: 3,
      incident_proxy: 2,
    });
    // −3.2 + 0.35·2 + 0.9 + 0.08·12 + 1.1 + 0.12·3 + 0.45·2 = 1.72; 1/(1+e^−1.72) = 0.84813
    expect(reply.body.model.z).toBeCloseTo(1.72, 10);
    expect(reply.body.claims_probability).toBe(0.8481);
    const again = recomputeClaims(reply.body);
    expect(Math.abs(again.z - reply.body.model.z)).toBeLessThanOrEqual(1e-4);
    expect(Math.abs(again.probability - reply.body.claims_probability)).toBeLessThanOrEqual(1e-4);
  });

  it('caps deficiencies, dark events and incidents', async () => {
    const reply = await claims(MAXED);
    expect(reply.body.risk_factors).toMatchObject({
      age_bucket: '20+',
      psc_deficiency_count_12m: 25,
      dark_events_90d: 12,
      incident_proxy: 7,
    });
    expect(reply.body.model.coded_inputs).toEqual({
      age_bucket: 3,
      psc_detained_12m: 1,
      psc_deficiency_count_12m: 20,
      sanctions_match: 1,
      dark_events_90d: 12,
      incident_proxy: 5,
    });
    // −3.2 + 1.05 + 0.9 + 1.6 + 1.1 + 1.44 + 2.25 = 5.14 → 0.99418
    expect(reply.body.model.z).toBeCloseTo(5.14, 10);
    expect(reply.body.claims_probability).toBe(0.9942);
    expect(
      Math.abs(recomputeClaims(reply.body).probability - reply.body.claims_probability),
    ).toBeLessThanOrEqual(1e-4);
  });

  it('scores a vessel that has no stored score yet, the same as the risk route', async () => {
    const reply = await claims(UNSCORED);
    expect(reply.status).toBe(200);
    const risk = await maritime.get<{ risk: { score: number; tier: string } }>(
      `/api/v1/vessels/${UNSCORED}/risk`,
    );
    expect(reply.body.vessel.risk_score).toBe(risk.body.risk.score);
    expect(reply.body.vessel.risk_tier).toBe(risk.body.risk.tier);
  });
});

describe('GET /insurance/premium-adjustment', () => {
  const premium = (imo: string) =>
    maritime.get<PremiumReply>(`/api/v1/insurance/premium-adjustment?imo=${imo}`, starter);

  it('adds rounded contributions, by hand and from the returned inputs', async () => {
    const reply = await premium(RISKY);
    expect(reply.status).toBe(200);
    expect(reply.body.inputs).toEqual({
      risk_score: 61.3,
      sanctions_match_type: 'name',
      psc_deficiency_count_12m: 12,
      psc_detained_12m: true,
      dark_events_90d: 3,
    });
    // 0.4·36.3/100 = 0.1452; name 0.25; 0.02·min(12,10) + 0.10 = 0.30; 0.03·3 = 0.09
    expect(reply.body.factors).toEqual({
      risk_score_contribution: 0.1452,
      sanctions_contribution: 0.25,
      psc_contribution: 0.3,
      dark_events_contribution: 0.09,
    });
    expect(reply.body.premium_adjustment_factor).toBe(1.7852);
    const again = recomputePremium(reply.body);
    expect(again.factors).toEqual(Object.values(reply.body.factors));
    expect(Math.abs(again.value - reply.body.premium_adjustment_factor)).toBeLessThanOrEqual(1e-4);
  });

  it('loads an IMO or MMSI match 0.50 and discounts a low score', async () => {
    const maxed = await premium(MAXED);
    expect(maxed.body.inputs.sanctions_match_type).toBe('direct_imo');
    expect(maxed.body.factors.sanctions_contribution).toBe(0.5);
    const mmsi = await premium(MMSI_MATCH);
    expect(mmsi.body.factors).toEqual({
      risk_score_contribution: 0,
      sanctions_contribution: 0.5,
      psc_contribution: 0,
      dark_events_contribution: 0,
    });
    expect(mmsi.body.premium_adjustment_factor).toBe(1.5);
    const clean = await premium(CLEAN);
    expect(clean.body.factors.risk_score_contribution).toBe(-0.06); // 0.4·(10 − 25)/100
    expect(clean.body.premium_adjustment_factor).toBe(0.94);
  });

  it('stays inside the 0.75..2.50 clamp at both extremes of the inputs', async () => {
    // Everything at its cap: 1 + 0.3 + 0.5 + 0.3 + 0.3 = 2.4, the most any vessel can reach.
    const top = await premium(MAXED);
    expect(top.body.unclamped_factor).toBe(2.4);
    expect(top.body.premium_adjustment_factor).toBe(2.4);
    expect(top.body.clamped_at).toBeNull();
    expect(top.body.clamp).toEqual({ min: 0.75, max: 2.5 });
    // A score of 0 and nothing else: 1 − 0.1 = 0.9, the least any vessel can reach.
    const bottom = await premium(ZERO);
    expect(bottom.body.factors.risk_score_contribution).toBe(-0.1);
    expect(bottom.body.premium_adjustment_factor).toBe(0.9);
    expect(bottom.body.clamped_at).toBeNull();
    for (const body of [top.body, bottom.body])
      expect(
        Math.abs(recomputePremium(body).value - body.premium_adjustment_factor),
      ).toBeLessThanOrEqual(1e-4);
  });
});

describe('insurance access and validation', () => {
  const routes = ['claims-prediction', 'premium-adjustment', 'comparable-pool'];

  it('needs a key of starter or above', async () => {
    for (const route of routes) {
      const anonymous = await maritime.get(`/api/v1/insurance/${route}?imo=${CLEAN}`);
      expect([route, anonymous.status]).toEqual([route, 401]);
      expectErrorBody('code', anonymous.body, 'api_key_required');
      const freeReply = await maritime.get(`/api/v1/insurance/${route}?imo=${CLEAN}`, free);
      expect([route, freeReply.status]).toEqual([route, 403]);
      expectErrorBody('code', freeReply.body, 'plan_upgrade_required');
    }
  });

  it('answers 404 vessel_not_found for an unknown vessel', async () => {
    for (const route of routes) {
      const reply = await maritime.get(`/api/v1/insurance/${route}?imo=${UNKNOWN}`, starter);
      expect([route, reply.status]).toEqual([route, 404]);
      expectErrorBody('code', reply.body, 'vessel_not_found');
    }
  });

  it('requires a valid IMO (format and check digit) and refuses unknown parameters', async () => {
    for (const route of routes)
      for (const query of ['', '?imo=123456', '?imo=9999999', `?imo=${CLEAN}&extra=1`]) {
        const reply = await maritime.get(`/api/v1/insurance/${route}${query}`, starter);
        expect([route, query, reply.status]).toEqual([route, query, 400]);
        expectErrorBody('code', reply.body, 'invalid_request');
        const details = (reply.body as { details: { field: string }[] }).details;
        expect(details.length).toBeGreaterThan(0);
      }
  });

  it('never answers 5xx to malformed input', async () => {
    const values = ['', '%00', '1e309', '-1', '1.5', '[]', "'%20OR%201=1--", 'x'.repeat(3000)];
    for (const route of routes)
      for (const value of values)
        for (const query of [
          `imo=${value}`,
          `imo=${CLEAN}&limit=${value}`,
          `imo=${CLEAN}&imo=${RISKY}`,
        ]) {
          const reply = await maritime.get(`/api/v1/insurance/${route}?${query}`, starter);
          expect([route, query.slice(0, 40), reply.status < 500]).toEqual([
            route,
            query.slice(0, 40),
            true,
          ]);
        }
  });
});
