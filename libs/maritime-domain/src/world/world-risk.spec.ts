import { computeRiskScore } from '../risk';
import { screenFleet } from '../sanctions';
import { generateWorld } from './world';
import type { World } from './world';
import { records, riskInputsFromRows } from './world.fixture';

const AS_OF = '2025-06-01';

describe('the generated fleet scored with risk-v1 (small profile, rows only)', () => {
  let world: World;
  beforeAll(() => {
    world = generateWorld({ profile: 'small', seed: 42, asOf: AS_OF });
  });

  it('spreads about 75 / 15 / 7 / 3 % over low / medium / high / critical (±5 pp)', () => {
    const inputs = riskInputsFromRows(world);
    const tiers = { low: 0, medium: 0, high: 0, critical: 0 };
    for (const input of inputs.values())
      tiers[computeRiskScore(input, { asOf: new Date(`${AS_OF}T00:00:00Z`) }).tier] += 1;
    const share = (n: number): number => (100 * n) / inputs.size;
    expect(inputs.size).toBe(200);
    expect(Math.abs(share(tiers.low) - 75)).toBeLessThanOrEqual(5);
    expect(Math.abs(share(tiers.medium) - 15)).toBeLessThanOrEqual(5);
    expect(Math.abs(share(tiers.high) - 7)).toBeLessThanOrEqual(5);
    expect(Math.abs(share(tiers.critical) - 3)).toBeLessThanOrEqual(5);
    expect(tiers.high).toBeGreaterThan(0);
    expect(tiers.critical).toBeGreaterThan(0);
  });

  it('lists vessels so that screening finds IMO, MMSI, vessel-name and company matches', () => {
    const vessels = records(world, 'vessels');
    const history = records(world, 'vessel_identity_history');
    const entries = records(world, 'sanctions_entries');
    const matches = screenFleet(
      vessels.map((v) => ({
        imo: v.imo as string,
        mmsi: v.mmsi as string,
        formerMmsis: history
          .filter((h) => h.imo === v.imo && h.field === 'mmsi')
          .map((h) => h.old_value as string),
        name: v.name as string,
        formerNames: history
          .filter((h) => h.imo === v.imo && h.field === 'name')
          .map((h) => h.old_value as string),
        ownerName: v.owner_name as string,
        managerName: v.manager_name as string,
      })),
      entries.map((e) => ({
        entity_type: e.entity_type as 'vessel' | 'company',
        imo: e.imo as string | null,
        mmsi: e.mmsi as string | null,
        vessel_name: e.vessel_name as string | null,
        entity_name: e.entity_name as string,
      })),
    );
    const types = new Set(matches.map((m) => m.match_type));
    expect(types).toEqual(new Set(['direct_imo', 'mmsi', 'name']));
    const fields = new Set(matches.map((m) => m.matched_field));
    expect([...fields].some((f) => f === 'owner' || f === 'manager')).toBe(true);
    // Each listed entry reaches one vessel at most: names are unique across the fleet.
    const perEntry = new Map<unknown, number>();
    for (const m of matches) perEntry.set(m.entry, (perEntry.get(m.entry) ?? 0) + 1);
    expect(Math.max(...perEntry.values())).toBe(1);
    expect(new Set(records(world, 'sanctions_lists').map((l) => l.source))).toEqual(
      new Set(['ofac_sdn', 'eu_consolidated', 'uk_ofsi', 'un_sc']),
    );
  });

  it('keeps dark vessels out of International Group clubs and gives most clean vessels IG cover', () => {
    const clubs = new Map(records(world, 'pi_clubs').map((c) => [c.id, c.ig_member]));
    expect([...clubs.values()].filter(Boolean)).toHaveLength(12);
    const cover = records(world, 'pi_coverage');
    const current = cover.filter(
      (p) =>
        Date.parse(p.inception as string) <= Date.parse(`${AS_OF}T00:00:00Z`) &&
        Date.parse(`${AS_OF}T00:00:00Z`) < Date.parse(p.expiry as string),
    );
    const igShare =
      new Set(current.filter((p) => clubs.get(p.club_id) === true).map((p) => p.imo)).size / 200;
    expect(igShare).toBeGreaterThan(0.6);
  });
});
