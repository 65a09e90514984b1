import { tokenSorted } from './normalise';
import type {
  FleetSanctionsMatch,
  SanctionsEntry,
  SanctionsMatch,
  SanctionsMatchedField,
  ScreenedVessel,
} from './types';

/**
 * Matching rules, strongest first. Only vessel entries match by IMO, MMSI and ship name; company
 * entries match the owner or manager name only, because a company's own IMO number is a
 * different numbering from a ship's. Names are equal when their token-sorted normalised forms
 * are equal (exact equality is a special case); there is no fuzzy matching.
 */

function identifier(value: string | null | undefined): string | null {
  const trimmed = value?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
}

function nameKey(value: string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  const key = tokenSorted(value);
  return key === '' ? null : key;
}

/** The name keys of an entry: a vessel entry may spell the ship in vessel_name, entity_name or both. */
function entryNameKeys(entry: SanctionsEntry): string[] {
  const names =
    entry.entity_type === 'vessel' ? [entry.vessel_name, entry.entity_name] : [entry.entity_name];
  const keys = names.map(nameKey).filter((key): key is string => key !== null);
  return [...new Set(keys)];
}

const IMO_MATCH: SanctionsMatch = { match_type: 'direct_imo', matched_field: 'imo' };
const MMSI_MATCH: SanctionsMatch = { match_type: 'mmsi', matched_field: 'mmsi' };

function nameMatch(field: SanctionsMatchedField): SanctionsMatch {
  return { match_type: 'name', matched_field: field };
}

/** The vessel's name candidates in strength order, each with the field it reports. */
function vesselNameCandidates(
  vessel: ScreenedVessel,
  entityType: SanctionsEntry['entity_type'],
): { field: SanctionsMatchedField; key: string }[] {
  const named: { field: SanctionsMatchedField; name: string | null }[] =
    entityType === 'vessel'
      ? [
          { field: 'vessel_name', name: vessel.name },
          ...vessel.formerNames.map((name) => ({ field: 'former_name' as const, name })),
        ]
      : [
          { field: 'owner', name: vessel.ownerName },
          { field: 'manager', name: vessel.managerName },
        ];
  return named.flatMap(({ field, name }) => {
    const key = nameKey(name);
    return key === null ? [] : [{ field, key }];
  });
}

function vesselMmsis(vessel: ScreenedVessel): string[] {
  return [vessel.mmsi, ...vessel.formerMmsis]
    .map(identifier)
    .filter((mmsi): mmsi is string => mmsi !== null);
}

/** The strongest way `vessel` matches `entry`, or null when it does not. */
export function matchVesselAgainstEntry(
  vessel: ScreenedVessel,
  entry: SanctionsEntry,
): SanctionsMatch | null {
  if (entry.entity_type === 'vessel') {
    const imo = identifier(entry.imo);
    if (imo !== null && imo === identifier(vessel.imo)) return IMO_MATCH;
    const mmsi = identifier(entry.mmsi);
    if (mmsi !== null && vesselMmsis(vessel).includes(mmsi)) return MMSI_MATCH;
  }
  const entryKeys = entryNameKeys(entry);
  if (entryKeys.length === 0) return null;
  for (const { field, key } of vesselNameCandidates(vessel, entry.entity_type))
    if (entryKeys.includes(key)) return nameMatch(field);
  return null;
}

function addTo<K, V>(index: Map<K, V[]>, key: K, value: V): void {
  const list = index.get(key);
  if (list === undefined) index.set(key, [value]);
  else list.push(value);
}

/** Entries indexed by every key a vessel can hit, so screening costs lookups, not a cross product. */
class SanctionsEntryIndex<E extends SanctionsEntry> {
  readonly byImo = new Map<string, number[]>();
  readonly byMmsi = new Map<string, number[]>();
  readonly byVesselName = new Map<string, number[]>();
  readonly byCompanyName = new Map<string, number[]>();

  constructor(readonly entries: readonly E[]) {
    entries.forEach((entry, position) => {
      if (entry.entity_type === 'vessel') {
        const imo = identifier(entry.imo);
        if (imo !== null) addTo(this.byImo, imo, position);
        const mmsi = identifier(entry.mmsi);
        if (mmsi !== null) addTo(this.byMmsi, mmsi, position);
      }
      const byName = entry.entity_type === 'vessel' ? this.byVesselName : this.byCompanyName;
      for (const key of entryNameKeys(entry)) addTo(byName, key, position);
    });
  }
}

/**
 * Screens every vessel against every entry and returns each matching (vessel, entry) pair once,
 * with its strongest match: vessels in input order, and a vessel's entries in input order.
 */
export function screenFleet<E extends SanctionsEntry>(
  vessels: readonly ScreenedVessel[],
  entries: readonly E[],
): FleetSanctionsMatch<E>[] {
  const index = new SanctionsEntryIndex(entries);
  const results: FleetSanctionsMatch<E>[] = [];
  for (const vessel of vessels) {
    // Lookups run strongest first, so the first match recorded for an entry is its strongest.
    const found = new Map<number, SanctionsMatch>();
    const record = (positions: readonly number[] | undefined, match: SanctionsMatch): void => {
      for (const position of positions ?? []) if (!found.has(position)) found.set(position, match);
    };
    const imo = identifier(vessel.imo);
    if (imo !== null) record(index.byImo.get(imo), IMO_MATCH);
    for (const mmsi of vesselMmsis(vessel)) record(index.byMmsi.get(mmsi), MMSI_MATCH);
    for (const { field, key } of vesselNameCandidates(vessel, 'vessel'))
      record(index.byVesselName.get(key), nameMatch(field));
    for (const { field, key } of vesselNameCandidates(vessel, 'company'))
      record(index.byCompanyName.get(key), nameMatch(field));
    const positions = [...found.keys()].sort((a, b) => a - b);
    for (const position of positions) {
      const match = found.get(position);
      const entry = entries[position];
      if (match !== undefined && entry !== undefined)
        results.push({ imo: vessel.imo, entry, ...match });
    }
  }
  return results;
}
