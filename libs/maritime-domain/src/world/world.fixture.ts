/**
 * Test support: reads generated rows back as objects, and recomputes each vessel's risk-v1 inputs
 * from the rows alone (not from the generator's internals), the way the risk job would.
 */
import { piCoverStateFromPolicies } from '../risk';
import type { RiskInputs } from '../risk';
import { screenFleet, strongestSanctionsStrength } from '../sanctions';
import type { FlagCategory } from '../risk';
import { TABLES } from './tables';
import type { CellValue, Row, TableName } from './tables';
import type { World } from './world';

export type RowRecord = Readonly<Record<string, CellValue>>;

const memo = new WeakMap<World, Map<TableName, RowRecord[]>>();

/** The rows of a table as objects keyed by column (memoised per world). */
export function records(world: World, table: TableName): RowRecord[] {
  let tables = memo.get(world);
  if (tables === undefined) {
    tables = new Map();
    memo.set(world, tables);
  }
  const cached = tables.get(table);
  if (cached !== undefined) return cached;
  const columns = TABLES[table] as readonly string[];
  const out: RowRecord[] = [];
  for (const row of world.rows(table))
    out.push(Object.fromEntries(columns.map((c, i) => [c, (row as Row)[i] as CellValue])));
  tables.set(table, out);
  return out;
}

const DAY_MS = 86_400_000;
const ms = (value: CellValue): number => Date.parse(value as string);

function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const map = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    const list = map.get(k);
    if (list === undefined) map.set(k, [item]);
    else list.push(item);
  }
  return map;
}

/** risk-v1 inputs per IMO from the rows of a generated world, with windows ending at asOf. */
export function riskInputsFromRows(world: World): Map<string, RiskInputs> {
  const asOf = Date.parse(world.windows.asOf);
  const within = (t: number, days: number): boolean => t <= asOf && t > asOf - days * DAY_MS;
  const vessels = records(world, 'vessels');
  const flags = new Map(
    records(world, 'flag_states').map((f) => [f.iso2 as string, f.category as FlagCategory]),
  );
  const zones = new Map(
    records(world, 'risk_zones').map((z) => [z.id as number, z.kind as string]),
  );
  const clubs = new Map(records(world, 'pi_clubs').map((c) => [c.id as number, c]));
  const dark = groupBy(records(world, 'dark_events'), (r) => r.imo as string);
  const locus = groupBy(records(world, 'locus_alerts'), (r) => r.imo as string);
  const sts = records(world, 'sts_events');
  const drafts = groupBy(records(world, 'draft_anomalies'), (r) => r.imo as string);
  const spoofs = groupBy(records(world, 'spoofing_alerts'), (r) => r.imo as string);
  const deceptions = groupBy(records(world, 'route_deceptions'), (r) => r.imo as string);
  const identity = groupBy(records(world, 'vessel_identity_history'), (r) => r.imo as string);
  const psc = groupBy(records(world, 'psc_inspections'), (r) => r.imo as string);
  const alerts = groupBy(
    records(world, 'platform_alerts').filter((a) => a.imo !== null),
    (r) => r.imo as string,
  );
  const cover = groupBy(records(world, 'pi_coverage'), (r) => r.imo as string);
  const entries = records(world, 'sanctions_entries').map((e) => ({
    entity_type: e.entity_type as 'vessel' | 'company',
    imo: e.imo as string | null,
    mmsi: e.mmsi as string | null,
    vessel_name: e.vessel_name as string | null,
    entity_name: e.entity_name as string,
  }));
  const screened = vessels.map((v) => {
    const history = identity.get(v.imo as string) ?? [];
    return {
      imo: v.imo as string,
      mmsi: v.mmsi as string,
      formerMmsis: history.filter((h) => h.field === 'mmsi').map((h) => h.old_value as string),
      name: v.name as string,
      formerNames: history.filter((h) => h.field === 'name').map((h) => h.old_value as string),
      ownerName: v.owner_name as string,
      managerName: v.manager_name as string,
    };
  });
  const matches = groupBy(screenFleet(screened, entries), (m) => m.imo);

  const result = new Map<string, RiskInputs>();
  for (const v of vessels) {
    const imo = v.imo as string;
    const darkRecent = (dark.get(imo) ?? []).filter((d) => within(ms(d.occurred_at), 90));
    const mine = sts.filter(
      (s) => (s.imo_a === imo || s.imo_b === imo) && within(ms(s.occurred_at), 180),
    );
    const risky = (s: RowRecord): boolean =>
      s.zone_id !== null &&
      ['sts_hotspot', 'sanctions_area'].includes(zones.get(s.zone_id as number) ?? '');
    const changes = (identity.get(imo) ?? []).filter((h) => within(ms(h.changed_at), 730));
    const club = (id: CellValue): RowRecord => clubs.get(id as number) as RowRecord;
    result.set(imo, {
      dark_event_hours_90d: darkRecent.reduce(
        (s, d) =>
          s + ((d.ended_at === null ? asOf : ms(d.ended_at)) - ms(d.started_at)) / 3_600_000,
        0,
      ),
      dark_events_90d: darkRecent.length,
      dark_events_in_risk_zone_90d: darkRecent.filter((d) => d.zone_id !== null).length,
      flag_category: flags.get(v.flag as string) ?? null,
      build_year: v.build_year as number,
      vessel_type: v.vessel_type as RiskInputs['vessel_type'],
      psc_detentions_36m: (psc.get(imo) ?? []).filter(
        (p) => p.detained === true && within(ms(p.inspected_at), 1095),
      ).length,
      prior_critical_alerts: (alerts.get(imo) ?? []).filter(
        (a) =>
          a.severity === 'critical' &&
          ms(a.occurred_at) <= asOf - 90 * DAY_MS &&
          ms(a.occurred_at) > asOf - 730 * DAY_MS,
      ).length,
      sanctions_strength: strongestSanctionsStrength(matches.get(imo) ?? []),
      sts_events_outside_risk_areas_180d: mine.filter((s) => !risky(s)).length,
      sts_events_in_risk_areas_180d: mine.filter(risky).length,
      draft_anomalies_180d: (drafts.get(imo) ?? []).filter((d) => within(ms(d.occurred_at), 180))
        .length,
      loitering_hours_90d: (locus.get(imo) ?? [])
        .filter((l) => l.kind === 'loitering' && within(ms(l.occurred_at), 90))
        .reduce((s, l) => s + ((l.hours as number | null) ?? 0), 0),
      name_flag_changes_24m: changes.filter((h) => h.field !== 'mmsi').length,
      mmsi_changes_24m: changes.filter((h) => h.field === 'mmsi').length,
      pi_cover: piCoverStateFromPolicies(
        (cover.get(imo) ?? []).map((p) => ({
          ig_member: club(p.club_id).ig_member as boolean,
          club_risk_tier: club(p.club_id).risk_tier as 'low' | 'medium' | 'high',
          inception: new Date(p.inception as string),
          expiry: new Date(p.expiry as string),
        })),
        new Date(asOf),
      ),
      spoofing_alerts_90d: (spoofs.get(imo) ?? []).filter((s) => within(ms(s.occurred_at), 90))
        .length,
      route_deceptions_180d: (deceptions.get(imo) ?? []).filter((d) =>
        within(ms(d.occurred_at), 180),
      ).length,
    });
  }
  return result;
}
