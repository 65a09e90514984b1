/**
 * The facts the risk-v1 score reads for one vessel, counted from the generated world exactly as
 * the score's windows define them (ending at asOf): dark events, loitering, transfers, draft
 * anomalies, spoofing, deceptions and identity changes.
 */
import { computeRiskScore, piCoverStateFromPolicies } from '../../risk';
import type { PiCoverState, RiskInputs, RiskScoreResult } from '../../risk';
import type { SanctionsStrength } from '../../sanctions';
import { DARK_EVENT_THRESHOLD_H } from '../events/dark';
import { isDeception } from '../events/voyage-events';
import { DRAFT_ANOMALY_PORT_DISTANCE_KM } from '../geo/proximity';
import type { NearPortIndex } from '../geo/proximity';
import { FLAG_BY_ISO2 } from '../reference/flags';
import { ZONES } from '../reference/zones';
import { DAY_MS, HOUR_MS } from '../time';
import type { Gap, IdentityChange, StsEvent, Vessel, VesselTimeline, Voyage } from '../types';
import type { RegistryPlan, SanctionsLevel } from '../registry/plan';
import type { PiPolicyRow } from '../registry/pi-coverage';

export interface DarkFact {
  gap: Gap;
  hours: number;
  inZone: boolean;
}

export interface VesselFacts {
  dark90: DarkFact[];
  loiterHours90: number;
  stsInRisk180: number;
  stsOutside180: number;
  draft180: number;
  spoof90: number;
  deceptions180: Voyage[];
}

const within = (t: number, asOfMs: number, days: number): boolean =>
  t <= asOfMs && t > asOfMs - days * DAY_MS;

export function collectFacts(
  tl: VesselTimeline,
  sts: readonly StsEvent[],
  asOfMs: number,
  nearPort20: NearPortIndex,
  keptVoyageIds: ReadonlySet<Voyage>,
): VesselFacts {
  const dark90: DarkFact[] = [];
  for (const gap of tl.gaps) {
    const occurred = gap.startMs + DARK_EVENT_THRESHOLD_H * HOUR_MS;
    if (!within(occurred, asOfMs, 90)) continue;
    dark90.push({
      gap,
      hours: ((gap.endMs ?? asOfMs) - gap.startMs) / HOUR_MS,
      inZone: gap.zone !== null,
    });
  }
  let loiterHours90 = 0;
  let draft180 = 0;
  for (const voyage of tl.voyages) {
    if (!keptVoyageIds.has(voyage)) continue;
    let before = voyage.draftDepM;
    for (const stop of voyage.stops) {
      if (stop.kind === 'loiter' && stop.endMs <= asOfMs) {
        const detected = stop.startMs + Math.min(6 * HOUR_MS, stop.endMs - stop.startMs);
        if (within(detected, asOfMs, 90))
          loiterHours90 += Math.round(((stop.endMs - stop.startMs) / HOUR_MS) * 100) / 100;
      }
      if (stop.draftAfterM !== null) {
        if (
          Math.abs(stop.draftAfterM - before) >= 1 &&
          stop.endMs <= asOfMs &&
          within(stop.endMs, asOfMs, 180) &&
          nearPort20.portWithin(stop.position) < 0
        )
          draft180 += 1;
        before = stop.draftAfterM;
      }
    }
  }
  let stsInRisk180 = 0;
  let stsOutside180 = 0;
  for (const e of sts) {
    if (e.initiator !== tl.vessel.index && e.partner !== tl.vessel.index) continue;
    if (!within(e.endMs, asOfMs, 180)) continue;
    const kind = e.zone === null ? null : ZONES[e.zone]?.kind;
    if (kind === 'sts_hotspot' || kind === 'sanctions_area') stsInRisk180 += 1;
    else stsOutside180 += 1;
  }
  return {
    dark90,
    loiterHours90,
    stsInRisk180,
    stsOutside180,
    draft180,
    spoof90: tl.spoofs.filter((s) => within(s.startMs, asOfMs, 90)).length,
    deceptions180: tl.voyages.filter(
      (v) => keptVoyageIds.has(v) && isDeception(v, asOfMs) && within(v.arriveMs, asOfMs, 180),
    ),
  };
}

const SANCTIONS_STRENGTH: Readonly<Record<SanctionsLevel, SanctionsStrength>> = {
  none: 'none',
  company: 'company_name',
  name: 'vessel_name',
  mmsi: 'mmsi',
  imo: 'direct_imo',
};

export function identityCounts(
  identity: readonly IdentityChange[],
  asOfMs: number,
): { nameFlag: number; mmsi: number } {
  let nameFlag = 0;
  let mmsi = 0;
  for (const c of identity) {
    if (!within(c.changedAt, asOfMs, 730)) continue;
    if (c.field === 'mmsi') mmsi += 1;
    else nameFlag += 1;
  }
  return { nameFlag, mmsi };
}

export function piCoverOf(policies: readonly PiPolicyRow[], asOfMs: number): PiCoverState {
  return piCoverStateFromPolicies(
    policies.map((p) => ({
      ig_member: p.igMember,
      club_risk_tier: p.clubTier,
      inception: new Date(p.inceptionMs),
      expiry: new Date(p.expiryMs),
    })),
    new Date(asOfMs),
  );
}

export interface ScoredInputs {
  inputs: RiskInputs;
  result: RiskScoreResult;
}

export function scoreVessel(
  vessel: Vessel,
  facts: VesselFacts,
  plan: RegistryPlan,
  policies: readonly PiPolicyRow[],
  asOfMs: number,
): ScoredInputs {
  const identity = identityCounts(vessel.identity, asOfMs);
  const inputs: RiskInputs = {
    dark_event_hours_90d: facts.dark90.reduce((s, d) => s + d.hours, 0),
    dark_events_90d: facts.dark90.length,
    dark_events_in_risk_zone_90d: facts.dark90.filter((d) => d.inZone).length,
    flag_category: FLAG_BY_ISO2.get(vessel.flag)?.category ?? null,
    build_year: vessel.buildYear,
    vessel_type: vessel.type,
    psc_detentions_36m: plan.detentions,
    prior_critical_alerts: plan.priorAlerts,
    sanctions_strength: SANCTIONS_STRENGTH[plan.sanctions],
    sts_events_outside_risk_areas_180d: facts.stsOutside180,
    sts_events_in_risk_areas_180d: facts.stsInRisk180,
    draft_anomalies_180d: facts.draft180,
    loitering_hours_90d: facts.loiterHours90,
    name_flag_changes_24m: identity.nameFlag,
    mmsi_changes_24m: identity.mmsi,
    pi_cover: piCoverOf(policies, asOfMs),
    spoofing_alerts_90d: facts.spoof90,
    route_deceptions_180d: facts.deceptions180.length,
  };
  return { inputs, result: computeRiskScore(inputs, { asOf: new Date(asOfMs) }) };
}

export { DRAFT_ANOMALY_PORT_DISTANCE_KM };
