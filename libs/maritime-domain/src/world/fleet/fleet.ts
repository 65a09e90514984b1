/**
 * The fleet: each vessel's particulars, flag, identifiers, owner and identity history, drawn from
 * its own stream `vessel:<index>` (plus the shared company pool), so the vessel rows never change
 * when any other part of the world is generated differently.
 */
import { Rng } from '../prng';
import { DAY_MS, utcYear } from '../time';
import type {
  BehaviourProfile,
  FuelType,
  IdentityChange,
  RiskTier,
  Vessel,
  VesselType,
} from '../types';
import { chooseFlag, formerFlag } from './flags-choice';
import { IdentityRegistry, MANAGER_FORMS, OWNER_FORMS, SHELL_FORMS } from './identity';
import { fleetSlots } from './quotas';
import { SIZE_CLASSES } from './size-classes';
import type { SizeClass } from './size-classes';

export interface CompanyPool {
  owners: readonly string[];
  managers: readonly string[];
}

function companyPool(seed: number, vesselCount: number, registry: IdentityRegistry): CompanyPool {
  const rng = Rng.stream(seed, 'companies');
  const owners = Array.from({ length: Math.max(8, Math.round(vesselCount / 6)) }, () =>
    registry.claimCompany(rng, OWNER_FORMS),
  );
  const managers = Array.from({ length: Math.max(5, Math.round(vesselCount / 12)) }, () =>
    registry.claimCompany(rng, MANAGER_FORMS),
  );
  return { owners, managers };
}

/** A Zipf-like pick: the first companies of the pool own the most ships. */
function pickLarge<T>(rng: Rng, items: readonly T[]): T {
  const index = Math.min(items.length - 1, Math.floor(items.length * rng.next() ** 2.2));
  return items[index] as T;
}

function sizeClassFor(rng: Rng, type: VesselType, profile: BehaviourProfile): SizeClass {
  const classes = SIZE_CLASSES[type];
  if (profile === 'dark' && type === 'tanker') {
    // The shadow fleet is mostly old Aframax, Suezmax and VLCC crude carriers.
    const large = classes.filter((c) => c.name !== 'mr');
    return rng.weighted(large.map((c) => [c, c.weight] as const));
  }
  return rng.weighted(classes.map((c) => [c, c.weight] as const));
}

function ageFor(rng: Rng, profile: BehaviourProfile, tier: RiskTier, type: VesselType): number {
  if (profile === 'dark') return rng.int(17, 30);
  if (profile === 'grey') return rng.int(12, 27);
  if (tier === 'medium') return rng.int(15, 28);
  const smallOld =
    type === 'fishing' ||
    type === 'general_cargo' ||
    type === 'cargo' ||
    type === 'passenger' ||
    type === 'service' ||
    type === 'other';
  if (smallOld && rng.chance(0.25)) return rng.int(28, 48);
  return rng.weighted<number>([
    [rng.int(0, 4), 22],
    [rng.int(5, 9), 25],
    [rng.int(10, 14), 24],
    [rng.int(15, 19), 19],
    [rng.int(20, 26), 10],
  ]);
}

function fuelFor(rng: Rng, type: VesselType, size: SizeClass, buildYear: number): FuelType {
  if (type === 'lng_carrier') return 'LNG';
  if (
    type === 'fishing' ||
    type === 'service' ||
    type === 'other' ||
    (type === 'cargo' && rng.chance(0.6))
  )
    return 'MGO';
  if (type === 'container' && buildYear >= 2020 && size.name !== 'feeder' && rng.chance(0.2))
    return 'LNG';
  return rng.chance(0.65) ? 'VLSFO' : 'HFO';
}

const round = (value: number, digits: number): number => {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
};

/**
 * Identity changes going back from the current identity: name changes, and re-flaggings, which
 * always change the MMSI too (its MID belongs to the flag). All happen before `beforeMs`.
 */
function identityHistory(
  rng: Rng,
  registry: IdentityRegistry,
  current: { name: string; flag: string; mmsi: string },
  profile: BehaviourProfile,
  tier: RiskTier,
  asOfMs: number,
  beforeMs: number,
): IdentityChange[] {
  const recent = (): number => rng.int(asOfMs - 700 * DAY_MS, beforeMs);
  const old = (): number => asOfMs - rng.int(760, 4000) * DAY_MS;
  const plan: { kind: 'name' | 'flag'; at: number }[] = [];
  if (profile === 'dark') {
    plan.push({ kind: 'name', at: recent() });
    if (rng.chance(0.5)) plan.push({ kind: 'name', at: recent() });
    if (rng.chance(0.7)) plan.push({ kind: 'flag', at: recent() });
    if (rng.chance(0.5)) plan.push({ kind: 'flag', at: old() });
  } else if (profile === 'grey') {
    if (rng.chance(0.6)) plan.push({ kind: 'name', at: recent() });
    if (rng.chance(0.25)) plan.push({ kind: 'flag', at: recent() });
    if (rng.chance(0.4)) plan.push({ kind: 'name', at: old() });
  } else {
    if (tier === 'medium' && rng.chance(0.4)) plan.push({ kind: 'name', at: recent() });
    if (rng.chance(tier === 'medium' ? 0.25 : 0.12)) plan.push({ kind: 'name', at: old() });
    if (rng.chance(tier === 'medium' ? 0.25 : 0.04)) plan.push({ kind: 'flag', at: old() });
  }
  plan.sort((a, b) => b.at - a.at);
  const changes: IdentityChange[] = [];
  let { name, flag, mmsi } = current;
  for (const step of plan) {
    if (step.kind === 'name') {
      const former = registry.claimShipName(rng);
      changes.push({ field: 'name', oldValue: former, newValue: name, changedAt: step.at });
      name = former;
    } else {
      const previousFlag = formerFlag(rng, flag);
      const previousMmsi = registry.claimMmsi(rng, previousFlag);
      changes.push({ field: 'flag', oldValue: previousFlag, newValue: flag, changedAt: step.at });
      changes.push({ field: 'mmsi', oldValue: previousMmsi, newValue: mmsi, changedAt: step.at });
      flag = previousFlag;
      mmsi = previousMmsi;
    }
  }
  return changes.sort((a, b) => a.changedAt - b.changedAt || a.field.localeCompare(b.field));
}

export interface FleetOptions {
  vesselCount: number;
  seed: number;
  asOfMs: number;
  /** Identity changes all happen before this instant (the AIS window's start, less a margin). */
  identityBeforeMs: number;
}

export interface Fleet {
  vessels: Vessel[];
  companies: CompanyPool;
  registry: IdentityRegistry;
}

export function generateFleet(options: FleetOptions): Fleet {
  const { vesselCount, seed, asOfMs } = options;
  const registry = new IdentityRegistry();
  const companies = companyPool(seed, vesselCount, registry);
  const slots = fleetSlots(vesselCount, seed);
  const asOfYear = utcYear(asOfMs);
  const vessels = slots.map((slot, index): Vessel => {
    const rng = Rng.stream(seed, `vessel:${index}`);
    const { profile, tier, type } = slot;
    const size = sizeClassFor(rng, type, profile);
    const buildYear = asOfYear - ageFor(rng, profile, tier, type);
    const scale = rng.next();
    const lerp = ([lo, hi]: readonly [number, number], jitter = 0.03): number =>
      (lo + (hi - lo) * scale) * (1 + rng.float(-jitter, jitter));
    const dwt = Math.round(lerp(size.dwt, 0) / 10) * 10;
    const flag = chooseFlag(rng, profile, tier, type);
    const mmsi = registry.claimMmsi(rng, flag);
    const imo = registry.claimImo(rng, buildYear);
    const name = registry.claimShipName(rng);
    const shell = profile === 'dark' || (profile === 'grey' && rng.chance(0.5));
    const ownerName = shell
      ? registry.claimCompany(rng, SHELL_FORMS)
      : pickLarge(rng, companies.owners);
    const managerName = shell
      ? registry.claimCompany(rng, MANAGER_FORMS)
      : pickLarge(rng, companies.managers);
    const identity = identityHistory(
      rng,
      registry,
      { name, flag, mmsi },
      profile,
      tier,
      asOfMs,
      options.identityBeforeMs,
    );
    return {
      index,
      imo,
      mmsi,
      name,
      type,
      sizeClass: size.name,
      flag,
      buildYear,
      dwt,
      gt: Math.round(dwt * size.gtPerDwt * rng.float(0.95, 1.05)),
      lengthM: round(lerp(size.lengthM, 0.01), 1),
      beamM: round(lerp(size.beamM, 0.01), 1),
      designDraftM: round(lerp(size.draftM, 0.01), 1),
      designSpeedKn: round(rng.float(size.speedKn[0], size.speedKn[1]), 1),
      designFuelTDay: round(lerp(size.fuelTDay, 0.05), 1),
      fuelType: fuelFor(rng, type, size, buildYear),
      ownerName,
      managerName,
      profile,
      targetTier: tier,
      identity,
      noiseKey: rng.nextU32(),
    };
  });
  return { vessels, companies, registry };
}
