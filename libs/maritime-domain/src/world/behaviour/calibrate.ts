/**
 * Nudges each vessel into its target risk tier. The behaviour drawn for the tier usually lands
 * there already; when it does not, knobs that never touch a position move one step at a time:
 * port-state detentions, earlier dark-fleet alerts, a recent renaming, the P&I cover level and a
 * name-level sanctions listing on the way up; the same back, an honest destination or a dark
 * event from before the AIS window dropped on the way down. Scores use the risk-v1 code itself.
 */
import type { IdentityRegistry } from '../fleet/identity';
import type { Rng } from '../prng';
import { PI_LEVELS } from '../registry/plan';
import type { PiLevel, RegistryPlan } from '../registry/plan';
import { clubFor } from '../registry/plan';
import { policiesFor } from '../registry/pi-coverage';
import type { PiPolicyRow } from '../registry/pi-coverage';
import { PORTS } from '../reference/ports';
import { DAY_MS, HOUR_MS } from '../time';
import type { RiskTier, Vessel, VesselTimeline, Voyage } from '../types';
import { GapPlacer } from './overlays';
import type { OverlayContext } from './overlays';
import { scoreVessel } from './risk-facts';
import type { VesselFacts } from './risk-facts';

/** Target bands, kept clear of the tier edges so later recomputation stays in the tier. */
const BANDS: Readonly<Record<RiskTier, readonly [number, number]>> = {
  low: [0, 21.5],
  medium: [28, 46],
  high: [53.5, 66],
  critical: [73.5, 100],
};

export interface CalibrationContext {
  asOfMs: number;
  historyStartMs: number;
  aisStartMs: number;
  identityBeforeMs: number;
  registry: IdentityRegistry;
  overlay: OverlayContext;
  kept: ReadonlySet<Voyage>;
}

export interface Calibrated {
  plan: RegistryPlan;
  policies: PiPolicyRow[];
  score: number;
  tier: RiskTier;
}

const piMin = (vessel: Vessel): PiLevel => (vessel.profile === 'dark' ? 'non_ig_medium' : 'ig');
const piMax = (vessel: Vessel): PiLevel => (vessel.profile === 'clean' ? 'lapsed' : 'none');

function addRenaming(rng: Rng, vessel: Vessel, ctx: CalibrationContext): void {
  const at = rng.float(ctx.asOfMs - 690 * DAY_MS, ctx.identityBeforeMs);
  const former = ctx.registry.claimShipName(rng);
  const names = vessel.identity.filter((c) => c.field === 'name');
  const latest = names.at(-1);
  if (latest !== undefined && latest.changedAt > at) return;
  if (latest !== undefined) latest.newValue = former;
  vessel.identity.push({
    field: 'name',
    oldValue: former,
    newValue: vessel.name,
    changedAt: Math.round(at),
  });
  vessel.identity.sort((a, b) => a.changedAt - b.changedAt || a.field.localeCompare(b.field));
}

/** Adds a dark event in the last 90 days (in a risk zone when asked); false when none fits. */
function addDarkEvent(
  rng: Rng,
  tl: VesselTimeline,
  facts: VesselFacts,
  ctx: CalibrationContext,
  inZone: boolean,
): boolean {
  const placer = new GapPlacer(rng, tl, ctx.overlay, tl.gaps);
  const from = ctx.asOfMs - 88 * DAY_MS;
  const to = ctx.asOfMs - 12 * HOUR_MS;
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const target = {
      at: rng.float(from, to),
      hours: rng.float(10, tl.vessel.profile === 'dark' ? 48 : 24),
      inZone,
    };
    const gap = inZone
      ? (placer.atZoneStop(target, from, to) ?? placer.inZoneTransit(target, from, to))
      : placer.openSea(target, from, to, tl.vessel.profile === 'clean');
    if (gap === null) continue;
    tl.gaps = [...tl.gaps, gap].sort((a, b) => a.startMs - b.startMs);
    facts.dark90.push({
      gap,
      hours: ((gap.endMs ?? ctx.asOfMs) - gap.startMs) / HOUR_MS,
      inZone: gap.zone !== null,
    });
    return true;
  }
  return false;
}

/** Makes an honest completed voyage of the last 180 days declare another port. */
function addDeception(
  rng: Rng,
  tl: VesselTimeline,
  facts: VesselFacts,
  ctx: CalibrationContext,
): boolean {
  const honest = tl.voyages.filter(
    (v) =>
      ctx.kept.has(v) &&
      v.arriveMs <= ctx.asOfMs &&
      v.arriveMs > ctx.asOfMs - 175 * DAY_MS &&
      v.declaredPort === v.dest &&
      v.origin !== v.dest,
  );
  if (honest.length === 0) return false;
  const voyage = rng.pick(honest);
  const decoy = rng.pick(
    PORTS.map((_, i) => i).filter((i) => i !== voyage.dest && i !== voyage.origin),
  );
  voyage.declared = (PORTS[decoy] as (typeof PORTS)[number]).unlocode;
  voyage.declaredPort = decoy;
  facts.deceptions180.push(voyage);
  return true;
}

export function calibrateVessel(
  rng: Rng,
  tl: VesselTimeline,
  facts: VesselFacts,
  initial: RegistryPlan,
  ctx: CalibrationContext,
): Calibrated {
  const vessel = tl.vessel;
  const plan = { ...initial };
  let policies = policiesFor(vessel, plan, ctx.historyStartMs, ctx.asOfMs);
  const evaluate = (): { score: number; tier: RiskTier } => {
    const { result } = scoreVessel(vessel, facts, plan, policies, ctx.asOfMs);
    return { score: result.score, tier: result.tier };
  };
  const setPi = (level: PiLevel): void => {
    plan.pi = level;
    if (level === 'ig' || level === 'non_ig_medium' || level === 'non_ig_high')
      plan.club = clubFor(rng, level);
    policies = policiesFor(vessel, plan, ctx.historyStartMs, ctx.asOfMs);
  };
  const direct = plan.sanctions === 'imo' || plan.sanctions === 'mmsi';
  const [lo, hi] = BANDS[vessel.targetTier];
  let current = evaluate();
  for (let step = 0; step < 40 && !direct; step += 1) {
    if (current.score >= lo && current.score <= hi) break;
    const raise = current.score < lo;
    const piIndex = PI_LEVELS.indexOf(plan.pi);
    const moves: (() => boolean)[] = raise
      ? [
          () => plan.detentions < 4 && ++plan.detentions > 0,
          () => vessel.profile !== 'clean' && plan.priorAlerts < 2 && ++plan.priorAlerts > 0,
          () => {
            if (piIndex >= PI_LEVELS.indexOf(piMax(vessel))) return false;
            setPi(PI_LEVELS[piIndex + 1] as PiLevel);
            return true;
          },
          () => {
            const recent = vessel.identity.filter(
              (c) => c.changedAt > ctx.asOfMs - 700 * DAY_MS,
            ).length;
            if (recent >= 3) return false;
            const before = vessel.identity.length;
            addRenaming(rng, vessel, ctx);
            return vessel.identity.length > before;
          },
          () => {
            if (vessel.profile === 'clean' || plan.sanctions !== 'none') return false;
            plan.sanctions = 'name';
            return true;
          },
          () => vessel.profile !== 'clean' && addDarkEvent(rng, tl, facts, ctx, true),
          () => addDarkEvent(rng, tl, facts, ctx, false),
          () => vessel.profile !== 'clean' && addDeception(rng, tl, facts, ctx),
        ]
      : [
          () => plan.detentions > 0 && --plan.detentions >= 0,
          () => plan.priorAlerts > 0 && --plan.priorAlerts >= 0,
          () => {
            if (piIndex <= PI_LEVELS.indexOf(piMin(vessel))) return false;
            setPi(PI_LEVELS[piIndex - 1] as PiLevel);
            return true;
          },
          () => {
            if (plan.sanctions !== 'name' && plan.sanctions !== 'company') return false;
            plan.sanctions = 'none';
            return true;
          },
          () => {
            const voyage = facts.deceptions180.pop();
            if (voyage === undefined) return false;
            voyage.declared = (PORTS[voyage.dest] as (typeof PORTS)[number]).unlocode;
            voyage.declaredPort = voyage.dest;
            return true;
          },
          () => {
            const index = facts.dark90.findIndex(
              (d) => (d.gap.endMs ?? ctx.asOfMs) < ctx.aisStartMs - HOUR_MS,
            );
            if (index < 0) return false;
            const [removed] = facts.dark90.splice(index, 1);
            tl.gaps = tl.gaps.filter((g) => g !== removed?.gap);
            return true;
          },
        ];
    // One move per step, cycling through the knobs so no single one is exhausted first.
    let moved = false;
    for (let k = 0; k < moves.length && !moved; k += 1)
      moved = (moves[(step + k) % moves.length] as () => boolean)();
    if (!moved) break;
    current = evaluate();
  }
  return { plan, policies, score: current.score, tier: current.tier };
}
