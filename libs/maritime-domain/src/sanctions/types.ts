/** How a vessel matched a sanctions entry, strongest first: IMO, then MMSI, then a name. */
export type SanctionsMatchType = 'direct_imo' | 'mmsi' | 'name';

/** Which of the vessel's attributes matched. A former MMSI reports `mmsi`. */
export type SanctionsMatchedField =
  'imo' | 'mmsi' | 'vessel_name' | 'former_name' | 'owner' | 'manager';

export interface SanctionsMatch {
  match_type: SanctionsMatchType;
  matched_field: SanctionsMatchedField;
}

/** The vessel as screened: its current identity plus the identities it has had. */
export interface ScreenedVessel {
  imo: string;
  mmsi: string | null;
  formerMmsis: readonly string[];
  name: string;
  formerNames: readonly string[];
  ownerName: string | null;
  managerName: string | null;
}

/** One entry of a sanctions list. Vessel entries name a ship; company entries an owner or manager. */
export interface SanctionsEntry {
  entity_type: 'vessel' | 'company';
  imo: string | null;
  mmsi: string | null;
  vessel_name: string | null;
  entity_name: string;
}

/** One (vessel, entry) pair found by fleet screening, with the strongest way they matched. */
export interface FleetSanctionsMatch<
  E extends SanctionsEntry = SanctionsEntry,
> extends SanctionsMatch {
  imo: string;
  entry: E;
}
