/**
 * The generation pipeline: fleet, schedules with their stops, ship-to-ship partners, AIS gaps and
 * spoofing, row ids, risk calibration and the registry records that depend on it. Every step
 * draws from its own named streams, so the result depends only on (profile, seed, asOf).
 */
import type { LatLon } from '../geo';
import { calibrateVessel } from './behaviour/calibrate';
import { placeGaps, placeSpoofs } from './behaviour/overlays';
import type { OverlayContext } from './behaviour/overlays';
import { collectFacts } from './behaviour/risk-facts';
import { assignStsPartners } from './behaviour/sts-partners';
import { planBehaviour } from './behaviour/targets';
import { generateFleet } from './fleet/fleet';
import type { IdentityRegistry } from './fleet/identity';
import {
  DRAFT_ANOMALY_PORT_DISTANCE_KM,
  NearPortIndex,
  TERRESTRIAL_RANGE_KM,
} from './geo/proximity';
import { SeaGraph } from './geo/sea-graph';
import { Rng } from './prng';
import { PROFILES, DIVERSION_DAYS } from './profiles';
import type { ProfileSpec } from './profiles';
import { PORTS } from './reference/ports';
import { ZONES } from './reference/zones';
import { claimLabels } from './registry/claims';
import type { ClaimLabel } from './registry/claims';
import { planRegistry } from './registry/plan';
import type { SanctionsLevel } from './registry/plan';
import { darkFleetAlerts } from './registry/platform-alerts';
import type { DarkFleetAlert } from './registry/platform-alerts';
import type { PiPolicyRow } from './registry/pi-coverage';
import { inspectionsFor } from './registry/psc';
import type { Inspection } from './registry/psc';
import { PortCongestion } from './schedule/congestion';
import { buildSchedule } from './schedule/schedule';
import { DAY_MS, parseDay } from './time';
import type { PortCall, RiskTier, StsEvent, VesselTimeline, Voyage, WorldOptions } from './types';

export interface WorldModel {
  options: WorldOptions;
  profile: ProfileSpec;
  asOfMs: number;
  historyStartMs: number;
  aisStartMs: number;
  timelines: VesselTimeline[];
  /** Voyages departing inside the history, by row id. */
  voyages: Voyage[];
  /** Calls arriving inside the history, by row id. */
  calls: PortCall[];
  sts: StsEvent[];
  policies: PiPolicyRow[];
  inspections: Inspection[];
  darkFleet: DarkFleetAlert[];
  claims: ClaimLabel[];
  sanctions: SanctionsLevel[];
  /** The score the calibration reached, per vessel (risk-v1 at asOf). */
  calibratedTiers: RiskTier[];
  registry: IdentityRegistry;
  graph: SeaGraph;
  terrestrial: NearPortIndex;
  nearPort20: NearPortIndex;
}

const PORT_POINTS: LatLon[] = PORTS.map((p) => ({ lat: p.lat, lon: p.lon }));
const ZONE_CIRCLES = ZONES.map((z) => ({ lat: z.lat, lon: z.lon, radiusKm: z.radiusKm }));

export function buildWorldModel(options: WorldOptions): WorldModel {
  const profile = PROFILES[options.profile];
  if (profile === undefined) throw new RangeError(`unknown profile ${String(options.profile)}`);
  if (!Number.isSafeInteger(options.seed)) throw new RangeError('seed must be an integer');
  const { seed } = options;
  const asOfMs = parseDay(options.asOf);
  const historyStartMs = asOfMs - profile.historyDays * DAY_MS;
  const aisStartMs = asOfMs - profile.aisDays * DAY_MS;
  const identityBeforeMs = aisStartMs - 2 * DAY_MS;

  const fleet = generateFleet({ vesselCount: profile.vessels, seed, asOfMs, identityBeforeMs });
  const graph = new SeaGraph();
  const congestion = new PortCongestion(seed, historyStartMs - 60 * DAY_MS, asOfMs);
  const scheduleContext = {
    seed,
    graph,
    congestion,
    historyStartMs,
    asOfMs,
    diversionStartMs: asOfMs - DIVERSION_DAYS * DAY_MS,
  };
  const window = { historyStartMs, asOfMs };
  const plans = fleet.vessels.map((vessel) =>
    planBehaviour(
      Rng.stream(seed, `behaviour:${vessel.index}`),
      vessel.profile,
      vessel.targetTier,
      window,
    ),
  );
  const timelines: VesselTimeline[] = fleet.vessels.map((vessel, i) => {
    const schedule = buildSchedule(vessel, plans[i] as (typeof plans)[number], scheduleContext);
    return { vessel, calls: schedule.calls, voyages: schedule.voyages, gaps: [], spoofs: [] };
  });

  const overlayContext: OverlayContext = {
    asOfMs,
    historyStartMs,
    aisStartMs,
    zones: ZONE_CIRCLES,
  };
  const sts = assignStsPartners(seed, timelines, overlayContext);
  for (const tl of timelines) {
    const rng = Rng.stream(seed, `overlay:${tl.vessel.index}`);
    const plan = plans[tl.vessel.index] as (typeof plans)[number];
    const reserved = sts.partnerGaps.get(tl.vessel.index) ?? [];
    tl.spoofs = placeSpoofs(rng, tl, plan, reserved, overlayContext);
    tl.gaps = placeGaps(rng, tl, plan, reserved, overlayContext);
  }

  const voyages = timelines.flatMap((tl) =>
    tl.voyages.filter((v) => v.departMs >= historyStartMs && v.departMs < asOfMs),
  );
  voyages.sort((a, b) => a.departMs - b.departMs || a.vessel - b.vessel);
  voyages.forEach((v, i) => {
    v.id = i + 1;
  });
  const calls = timelines.flatMap((tl) =>
    tl.calls.filter((c) => c.arriveMs >= historyStartMs && c.arriveMs < asOfMs),
  );
  calls.sort((a, b) => a.arriveMs - b.arriveMs || a.vessel - b.vessel);
  calls.forEach((c, i) => {
    c.id = i + 1;
  });

  const nearPort20 = new NearPortIndex(PORT_POINTS, DRAFT_ANOMALY_PORT_DISTANCE_KM);
  const kept = new Set(voyages);
  const ownerPool = new Set(fleet.companies.owners);
  const calibrationContext = {
    asOfMs,
    historyStartMs,
    aisStartMs,
    identityBeforeMs,
    registry: fleet.registry,
    overlay: overlayContext,
    kept,
  };
  const policies: PiPolicyRow[] = [];
  const inspections: Inspection[] = [];
  const darkFleet: DarkFleetAlert[] = [];
  const claims: ClaimLabel[] = [];
  const sanctions: SanctionsLevel[] = [];
  const calibratedTiers: RiskTier[] = [];
  for (const tl of timelines) {
    const vessel = tl.vessel;
    const initial = planRegistry(
      Rng.stream(seed, `registry:${vessel.index}`),
      vessel,
      !ownerPool.has(vessel.ownerName),
    );
    const facts = collectFacts(tl, sts.events, asOfMs, nearPort20, kept);
    const calibrated = calibrateVessel(
      Rng.stream(seed, `calibrate:${vessel.index}`),
      tl,
      facts,
      initial,
      calibrationContext,
    );
    policies.push(...calibrated.policies);
    const vesselInspections = inspectionsFor(
      seed,
      vessel,
      tl.calls.filter((c) => c.arriveMs >= historyStartMs),
      calibrated.plan.detentions,
      asOfMs,
    );
    inspections.push(...vesselInspections);
    darkFleet.push(...darkFleetAlerts(seed, vessel, calibrated.plan.priorAlerts, asOfMs));
    claims.push(
      ...claimLabels(
        seed,
        vessel,
        vesselInspections,
        tl.gaps,
        tl.voyages,
        calibrated.plan.sanctions,
        asOfMs,
      ),
    );
    sanctions.push(calibrated.plan.sanctions);
    calibratedTiers.push(calibrated.tier);
  }

  return {
    options,
    profile,
    asOfMs,
    historyStartMs,
    aisStartMs,
    timelines,
    voyages,
    calls,
    sts: sts.events,
    policies,
    inspections,
    darkFleet,
    claims,
    sanctions,
    calibratedTiers,
    registry: fleet.registry,
    graph,
    terrestrial: new NearPortIndex(PORT_POINTS, TERRESTRIAL_RANGE_KM),
    nearPort20,
  };
}
