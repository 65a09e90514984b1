/**
 * Synthetic sanctions lists. Every entry names a generated vessel or company: the listed ships
 * match by IMO, MMSI (current or former), current or former name, or through their single-ship
 * owner or manager; decoy entries name generated companies and ships outside the fleet.
 */
import { normaliseName } from '../../sanctions';
import type { IdentityRegistry } from '../fleet/identity';
import { Rng } from '../prng';
import type { Row } from '../tables';
import { DAY_MS, isoInstant } from '../time';
import type { Vessel } from '../types';
import { SHELL_FORMS } from '../fleet/identity';
import type { SanctionsLevel } from './plan';

const LISTS = [
  { source: 'ofac_sdn', name: 'OFAC Specially Designated Nationals (synthetic)', weight: 0.45 },
  {
    source: 'eu_consolidated',
    name: 'EU Consolidated Financial Sanctions List (synthetic)',
    weight: 0.25,
  },
  { source: 'uk_ofsi', name: 'UK OFSI Consolidated List (synthetic)', weight: 0.2 },
  { source: 'un_sc', name: 'UN Security Council Consolidated List (synthetic)', weight: 0.1 },
] as const;

function programFor(vessel: Vessel): string {
  if (vessel.flag === 'KP') return 'DPRK';
  if (vessel.flag === 'SY') return 'SYRIA';
  if (vessel.flag === 'IR') return 'IRAN';
  return vessel.index % 2 === 0 ? 'RUSSIA-EO14024' : 'IRAN-EO13846';
}

interface Entry {
  list: number;
  entityName: string;
  entityType: 'vessel' | 'company';
  imo: string | null;
  mmsi: string | null;
  vesselName: string | null;
  program: string;
}

export interface SanctionsTables {
  lists: Row[];
  entries: Row[];
}

export function sanctionsTables(
  seed: number,
  vessels: readonly Vessel[],
  levels: readonly SanctionsLevel[],
  registry: IdentityRegistry,
  asOfMs: number,
): SanctionsTables {
  const rng = Rng.stream(seed, 'sanctions');
  const entries: Entry[] = [];
  const listFor = (): number => rng.weightedIndex(LISTS.map((l) => l.weight));
  vessels.forEach((vessel, index) => {
    const level = levels[index] ?? 'none';
    if (level === 'none') return;
    const formerNames = vessel.identity.filter((c) => c.field === 'name').map((c) => c.oldValue);
    const formerMmsis = vessel.identity.filter((c) => c.field === 'mmsi').map((c) => c.oldValue);
    const anyName = formerNames.length > 0 && rng.chance(0.6) ? rng.pick(formerNames) : vessel.name;
    const program = programFor(vessel);
    let entry: Omit<Entry, 'list'>;
    if (level === 'imo')
      entry = {
        entityName: vessel.name,
        entityType: 'vessel',
        imo: vessel.imo,
        mmsi: rng.chance(0.5) ? vessel.mmsi : null,
        vesselName: vessel.name,
        program,
      };
    else if (level === 'mmsi') {
      const mmsi = formerMmsis.length > 0 && rng.chance(0.5) ? rng.pick(formerMmsis) : vessel.mmsi;
      entry = {
        entityName: anyName,
        entityType: 'vessel',
        imo: null,
        mmsi,
        vesselName: anyName,
        program,
      };
    } else if (level === 'name')
      entry = {
        entityName: anyName,
        entityType: 'vessel',
        imo: null,
        mmsi: null,
        vesselName: anyName,
        program,
      };
    else
      entry = {
        entityName: rng.chance(0.7) ? vessel.ownerName : vessel.managerName,
        entityType: 'company',
        imo: null,
        mmsi: null,
        vesselName: null,
        program,
      };
    const first = listFor();
    entries.push({ ...entry, list: first });
    if (rng.chance(0.2))
      entries.push({ ...entry, list: (first + 1 + rng.int(0, 2)) % LISTS.length });
  });
  // Decoys: generated companies that own nothing, and generated ships outside the fleet.
  const decoys = Math.max(4, Math.round(vessels.length / 25));
  for (let i = 0; i < decoys; i += 1) {
    if (rng.chance(0.6))
      entries.push({
        list: listFor(),
        entityName: registry.claimCompany(rng, SHELL_FORMS),
        entityType: 'company',
        imo: null,
        mmsi: null,
        vesselName: null,
        program: 'SDGT',
      });
    else {
      const name = registry.claimShipName(rng);
      entries.push({
        list: listFor(),
        entityName: name,
        entityType: 'vessel',
        imo: registry.claimImo(rng, rng.int(1996, 2012)),
        mmsi: null,
        vesselName: name,
        program: 'IRAN-EO13846',
      });
    }
  }
  const lists = LISTS.map((l, i): Row => [
    i + 1,
    l.source,
    l.name,
    isoInstant(asOfMs - (3 + i * 4) * DAY_MS),
  ]);
  const rows = entries.map((e, i): Row => [
    i + 1,
    e.list + 1,
    e.entityName,
    e.entityType,
    e.imo,
    e.mmsi,
    e.vesselName,
    normaliseName(e.entityName),
    e.program,
  ]);
  return { lists, entries: rows };
}
