// The risk-v1 score end to end on hand-built vessels: every factor's facts gathered from the
// tables, the stored breakdown, the methodology as JSON and PDF, and custom weights.
import { inflateSync } from 'node:zlib';
import { FixedClock } from '@platform/clock';
import { RISK_FACTOR_NAMES, RISK_V1_WEIGHTS } from '@platform/maritime-domain';
import { expectErrorBody } from '@platform/testing';
import { insertReference, insertVessels, testImo } from './support/fixtures';
import { maritimeForFile } from './support/maritime-harness';
import { giveEveryRiskFact, giveIgCover } from './support/risk-fixtures';

const maritime = maritimeForFile();
const RISKY = testImo(11);
const PARTNER = testImo(12);
const CLEAN = testImo(13);

interface Factor {
  factor: string;
  raw_value: number | string | null;
  sub_score: number;
  weight: number;
  contribution: number;
}

beforeAll(async () => {
  const db = maritime.harness.db;
  const { ports } = await insertReference(db);
  await insertVessels(db, [
    {
      imo: RISKY,
      mmsi: '351000999',
      name: 'OCEAN SHADOW',
      vessel_type: 'tanker',
      flag: 'KP',
      build_year: 2000,
    },
    { imo: PARTNER, mmsi: '351000012', name: 'PARTNER' },
    {
      imo: CLEAN,
      mmsi: '257000013',
      name: 'CLEAN CARRIER',
      vessel_type: 'container',
      flag: 'NO',
      build_year: 2020,
    },
  ]);
  const now = (maritime.harness.clock as FixedClock).now();
  await giveEveryRiskFact(db, RISKY, PARTNER, ports, now);
  await giveIgCover(db, CLEAN, now);
});

describe('risk-v1 on hand-built vessels', () => {
  it('gathers every factor from the tables, in spec order', async () => {
    const reply = await maritime.get<{ risk: { factors: Factor[]; score: number; tier: string } }>(
      `/api/v1/vessels/${RISKY}/risk`,
    );
    expect(reply.status).toBe(200);
    const byName = Object.fromEntries(reply.body.risk.factors.map((f) => [f.factor, f]));
    expect(reply.body.risk.factors.map((f) => f.factor)).toEqual([...RISK_FACTOR_NAMES]);
    const expected: Record<string, [number | string, number]> = {
      gap_duration: [50, 20.83],
      gap_frequency: [2, 20],
      location_risk: [1, 40],
      flag_state: ['sanctioned', 100],
      vessel_age: [26, 100],
      vessel_type: ['tanker', 80],
      prior_history: [2, 50],
      sanctions_match: ['vessel_name', 70],
      sts_involvement: [2, 50],
      draft_anomaly: [1, 34],
      loitering: [36, 50],
      identity_manipulation: [3, 100],
      pi_coverage: ['none', 100],
      obfuscation_risk: [50, 50],
    };
    for (const [factor, [raw, sub]] of Object.entries(expected)) {
      expect([factor, byName[factor]!.raw_value]).toEqual([factor, raw]);
      expect([factor, byName[factor]!.sub_score]).toEqual([factor, sub]);
    }
    const sum = reply.body.risk.factors.reduce((total, f) => total + f.contribution, 0);
    expect(Math.abs(sum - reply.body.risk.score)).toBeLessThanOrEqual(0.15);
    // 1.875 + 1.8 + 3.6 + 9 + 5 + 2 + 2.5 + 6.3 + 3.75 + 2.55 + 3.75 + 7.5 + 7.5 + 2.5
    expect(reply.body.risk.score).toBe(59.6);
    expect(reply.body.risk.tier).toBe('high');
  });

  it('scores a clean, young, IG-covered vessel low', async () => {
    const reply = await maritime.get<{ risk: { score: number; tier: string; factors: Factor[] } }>(
      `/api/v1/vessels/${CLEAN}/risk`,
    );
    expect(reply.body.risk.tier).toBe('low');
    expect(reply.body.risk.factors.find((f) => f.factor === 'pi_coverage')!.raw_value).toBe(
      'active_ig',
    );
    // container 20 x 0.025 is all that is left
    expect(reply.body.risk.score).toBe(0.5);
  });

  it('explains the score: 14 factors, weights summing to 1, contributions summing to the score', async () => {
    const reply = await maritime.get<{ risk_methodology: Record<string, unknown> }>(
      `/api/v1/vessels/${RISKY}/risk-methodology`,
    );
    const m = reply.body.risk_methodology as {
      factors: { weight: number; weighted_contribution: number }[];
      risk_score: number;
      risk_tier: string;
      tier_override: string | null;
      contributions_sum: number;
      tiers: { tier: string; min: number; max: number }[];
    };
    expect(m.factors).toHaveLength(14);
    expect(m.factors.reduce((s, f) => s + f.weight, 0)).toBeCloseTo(1, 9);
    expect(
      Math.abs(m.factors.reduce((s, f) => s + f.weighted_contribution, 0) - m.risk_score),
    ).toBeLessThanOrEqual(0.15);
    expect(m.tiers.map((t) => t.tier)).toEqual(['low', 'medium', 'high', 'critical']);
    expect(m.risk_tier).toBe(
      m.risk_score >= 70 ? 'critical' : m.risk_score >= 50 ? 'high' : 'medium',
    );
    expect(
      (await maritime.get(`/api/v1/vessels/${RISKY}/risk-methodology?format=xml`)).status,
    ).toBe(400);
  });

  it('files the methodology as a PDF holding the IMO, the same bytes every time', async () => {
    const fetchPdf = async (): Promise<Buffer> => {
      const response = await fetch(
        `${maritime.url}/api/v1/vessels/${RISKY}/risk-methodology?format=pdf`,
      );
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('application/pdf');
      expect(response.headers.get('content-disposition')).toBe(
        `inline; filename="risk-${RISKY}.pdf"`,
      );
      return Buffer.from(await response.arrayBuffer());
    };
    const pdf = await fetchPdf();
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(textOfPdf(pdf)).toContain(`IMO ${RISKY}`);
    expect((await fetchPdf()).equals(pdf)).toBe(true);
  });

  it('answers 404 vessel_not_found for a valid unknown IMO and 400 for a bad check digit', async () => {
    const unknown = await maritime.get(`/api/v1/vessels/${testImo(99)}/risk`);
    expect(unknown.status).toBe(404);
    expectErrorBody('code', unknown.body, 'vessel_not_found');
    const bad = await maritime.get('/api/v1/vessels/9999999/risk');
    expect(bad.status).toBe(400);
    expect((bad.body as { details: { field: string }[] }).details[0]!.field).toBe('imo');
  });
});

describe('custom risk weights (supply_chain_risk)', () => {
  const custom = { ...RISK_V1_WEIGHTS, vessel_type: 0, gap_duration: 0.115 };

  it('refuses lower plans with required_plan', async () => {
    const pro = await maritime.mintKey('pro', { owner: 'weights-pro' });
    const reply = await maritime.send('PUT', '/api/v1/risk/weights', { weights: custom }, pro);
    expect(reply.status).toBe(403);
    expect(reply.body).toMatchObject({
      code: 'plan_upgrade_required',
      required_plan: 'supply_chain_risk',
    });
  });

  it('validates, versions and applies the owner’s weights beside risk-v1', async () => {
    const key = await maritime.mintKey('supply_chain_risk', { owner: 'weights-owner' });
    const initial = await maritime.get<{ weights: { version: number } }>(
      '/api/v1/risk/weights',
      key,
    );
    expect(initial.body.weights.version).toBe(0);
    const bad = await maritime.send(
      'PUT',
      '/api/v1/risk/weights',
      { weights: { ...custom, loitering: 0.5 } },
      key,
    );
    expect(bad.status).toBe(400);
    expectErrorBody('code', bad.body, 'invalid_request');
    const missing = await maritime.send(
      'PUT',
      '/api/v1/risk/weights',
      { weights: { gap_duration: 1 } },
      key,
    );
    expect(missing.status).toBe(400);
    const first = await maritime.send<{ weights: { version: number } }>(
      'PUT',
      '/api/v1/risk/weights',
      { weights: custom },
      key,
    );
    expect(first.status).toBe(200);
    expect(first.body.weights.version).toBe(1);
    const second = await maritime.send<{ weights: { version: number } }>(
      'PUT',
      '/api/v1/risk/weights',
      { weights: custom },
      key,
    );
    expect(second.body.weights.version).toBe(2);
    const risk = await maritime.get<{
      risk: { score: number; custom: { score: number; weights_version: number; version: string } };
    }>(`/api/v1/vessels/${CLEAN}/risk`, key);
    expect(risk.body.risk.custom).toMatchObject({
      version: 'custom',
      weights_version: 2,
      score: 0,
    });
    const others = await maritime.get<{ risk: Record<string, unknown> }>(
      `/api/v1/vessels/${CLEAN}/risk`,
    );
    expect(others.body.risk['custom']).toBeUndefined();
  });
});

/** The text a PDF shows: every content stream inflated, and its hex and literal strings read. */
function textOfPdf(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  let text = '';
  for (const match of raw.matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)) {
    let content: string;
    try {
      content = inflateSync(Buffer.from(match[1]!, 'latin1')).toString('latin1');
    } catch {
      content = match[1]!;
    }
    for (const hex of content.matchAll(/<([0-9a-fA-F]+)>\s*-?\d*\s*\]?\s*TJ|<([0-9a-fA-F]+)>/g)) {
      const digits = hex[1] ?? hex[2] ?? '';
      text += Buffer.from(digits, 'hex').toString('latin1');
    }
    text += '\n';
  }
  return text;
}
