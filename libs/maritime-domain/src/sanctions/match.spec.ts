import { matchVesselAgainstEntry, screenFleet } from './match';
import type { SanctionsEntry, ScreenedVessel } from './types';

const vessel: ScreenedVessel = {
  imo: '9074729',
  mmsi: '636012345',
  formerMmsis: ['538001122'],
  name: 'Ténéré Star',
  formerNames: ['Old Glory', 'Nordic Wind'],
  ownerName: 'Blue Sea Shipping Co., Ltd.',
  managerName: 'Harbor Management GmbH',
};

function vesselEntry(overrides: Partial<SanctionsEntry> = {}): SanctionsEntry {
  return {
    entity_type: 'vessel',
    imo: null,
    mmsi: null,
    vessel_name: null,
    entity_name: 'Unrelated Name',
    ...overrides,
  };
}

function companyEntry(entityName: string, overrides: Partial<SanctionsEntry> = {}): SanctionsEntry {
  return {
    entity_type: 'company',
    imo: null,
    mmsi: null,
    vessel_name: null,
    entity_name: entityName,
    ...overrides,
  };
}

describe('matchVesselAgainstEntry', () => {
  it('matches the IMO directly', () => {
    expect(matchVesselAgainstEntry(vessel, vesselEntry({ imo: '9074729' }))).toEqual({
      match_type: 'direct_imo',
      matched_field: 'imo',
    });
    expect(matchVesselAgainstEntry(vessel, vesselEntry({ imo: ' 9074729 ' }))?.match_type).toBe(
      'direct_imo',
    );
  });

  it('matches the current and every former MMSI', () => {
    for (const mmsi of ['636012345', '538001122'])
      expect(matchVesselAgainstEntry(vessel, vesselEntry({ mmsi }))).toEqual({
        match_type: 'mmsi',
        matched_field: 'mmsi',
      });
    expect(matchVesselAgainstEntry(vessel, vesselEntry({ mmsi: '636099999' }))).toBeNull();
  });

  it('matches the vessel name through diacritics, prefixes and word order', () => {
    for (const name of ['TENERE STAR', 'M/V Tenere Star', 'Star, Ténéré', 'mt star tenere'])
      expect(matchVesselAgainstEntry(vessel, vesselEntry({ vessel_name: name }))).toEqual({
        match_type: 'name',
        matched_field: 'vessel_name',
      });
    expect(
      matchVesselAgainstEntry(vessel, vesselEntry({ entity_name: 'MV TENERE STAR' }))
        ?.matched_field,
    ).toBe('vessel_name');
  });

  it('matches former names', () => {
    expect(matchVesselAgainstEntry(vessel, vesselEntry({ vessel_name: 'GLORY OLD' }))).toEqual({
      match_type: 'name',
      matched_field: 'former_name',
    });
    expect(
      matchVesselAgainstEntry(vessel, vesselEntry({ entity_name: 'm/v nordic-wind' }))
        ?.matched_field,
    ).toBe('former_name');
  });

  it('never matches fuzzily', () => {
    for (const name of ['TENERE STARS', 'TENERE', 'TENERE STAR II', 'TENERESTAR'])
      expect(matchVesselAgainstEntry(vessel, vesselEntry({ vessel_name: name }))).toBeNull();
  });

  it('matches company entries against the owner and the manager only', () => {
    expect(matchVesselAgainstEntry(vessel, companyEntry('BLUE SEA SHIPPING LIMITED'))).toEqual({
      match_type: 'name',
      matched_field: 'owner',
    });
    expect(matchVesselAgainstEntry(vessel, companyEntry('Management Harbor'))).toEqual({
      match_type: 'name',
      matched_field: 'manager',
    });
    expect(matchVesselAgainstEntry(vessel, companyEntry('Tenere Star'))).toBeNull();
    expect(
      matchVesselAgainstEntry(vessel, vesselEntry({ entity_name: 'Blue Sea Shipping' })),
    ).toBeNull();
  });

  it('does not match company entries by IMO or MMSI', () => {
    expect(
      matchVesselAgainstEntry(vessel, companyEntry('Other', { imo: '9074729', mmsi: '636012345' })),
    ).toBeNull();
  });

  it('reports the strongest of several ways to match', () => {
    const all = vesselEntry({ imo: '9074729', mmsi: '636012345', vessel_name: 'Tenere Star' });
    expect(matchVesselAgainstEntry(vessel, all)?.match_type).toBe('direct_imo');
    const mmsiAndName = vesselEntry({
      imo: '1234567',
      mmsi: '538001122',
      vessel_name: 'Old Glory',
    });
    expect(matchVesselAgainstEntry(vessel, mmsiAndName)?.match_type).toBe('mmsi');
    const currentAndFormer: ScreenedVessel = { ...vessel, formerNames: ['Tenere Star'] };
    expect(
      matchVesselAgainstEntry(currentAndFormer, vesselEntry({ vessel_name: 'Tenere Star' }))
        ?.matched_field,
    ).toBe('vessel_name');
    const sameOwnerAndManager: ScreenedVessel = { ...vessel, managerName: 'Blue Sea Shipping' };
    expect(
      matchVesselAgainstEntry(sameOwnerAndManager, companyEntry('Blue Sea Shipping'))
        ?.matched_field,
    ).toBe('owner');
  });

  it('ignores empty identifiers and names', () => {
    const blank: ScreenedVessel = {
      imo: '9074729',
      mmsi: null,
      formerMmsis: [],
      name: '---',
      formerNames: [],
      ownerName: null,
      managerName: '',
    };
    expect(
      matchVesselAgainstEntry(blank, vesselEntry({ imo: '', mmsi: '', entity_name: '--' })),
    ).toBeNull();
    expect(matchVesselAgainstEntry(blank, companyEntry(''))).toBeNull();
  });
});

describe('screenFleet', () => {
  it('returns every matching (vessel, entry) pair once, with its strongest match, in input order', () => {
    const other: ScreenedVessel = {
      imo: '1234567',
      mmsi: '273000111',
      formerMmsis: [],
      name: 'Volga',
      formerNames: [],
      ownerName: 'Blue Sea Shipping',
      managerName: null,
    };
    const entries = [
      { id: 1, ...companyEntry('Blue Sea Shipping Ltd') },
      { id: 2, ...vesselEntry({ imo: '9074729', vessel_name: 'Tenere Star', mmsi: '636012345' }) },
      { id: 3, ...vesselEntry({ vessel_name: 'Nobody' }) },
      { id: 4, ...vesselEntry({ mmsi: '273000111', vessel_name: 'VOLGA' }) },
    ];
    const matches = screenFleet([vessel, other], entries);
    expect(matches.map((m) => [m.imo, m.entry.id, m.match_type, m.matched_field])).toEqual([
      ['9074729', 1, 'name', 'owner'],
      ['9074729', 2, 'direct_imo', 'imo'],
      ['1234567', 1, 'name', 'owner'],
      ['1234567', 4, 'mmsi', 'mmsi'],
    ]);
  });

  it('agrees with matching each pair on its own', () => {
    const vessels: ScreenedVessel[] = Array.from({ length: 60 }, (_, i) => ({
      imo: `${1000000 + i}`,
      mmsi: `${200000000 + (i % 17)}`,
      formerMmsis: i % 5 === 0 ? [`${300000000 + (i % 7)}`] : [],
      name: `Star ${i % 9}`,
      formerNames: i % 4 === 0 ? [`Wind ${i % 6}`] : [],
      ownerName: `Owner ${i % 11} Ltd`,
      managerName: i % 3 === 0 ? `Manager ${i % 5}` : null,
    }));
    const entries: SanctionsEntry[] = Array.from({ length: 40 }, (_, i) =>
      i % 2 === 0
        ? vesselEntry({
            imo: i % 6 === 0 ? `${1000000 + i}` : null,
            mmsi:
              i % 8 === 0
                ? `${200000000 + (i % 17)}`
                : i % 10 === 0
                  ? `${300000000 + (i % 7)}`
                  : null,
            vessel_name: i % 3 === 0 ? `M/V Star ${i % 9}` : `Wind ${i % 6}`,
          })
        : companyEntry(i % 3 === 0 ? `Owner ${i % 11}` : `Manager ${i % 5} GmbH`),
    );
    const expected = vessels.flatMap((v) =>
      entries.flatMap((entry) => {
        const match = matchVesselAgainstEntry(v, entry);
        return match === null ? [] : [{ imo: v.imo, entry, ...match }];
      }),
    );
    expect(expected.length).toBeGreaterThan(50);
    expect(screenFleet(vessels, entries)).toEqual(expected);
  });

  it('screens 10,000 vessels against 2,000 entries well under a second', () => {
    const vessels: ScreenedVessel[] = Array.from({ length: 10_000 }, (_, i) => ({
      imo: `${9000000 + i}`,
      mmsi: `${200000000 + i}`,
      formerMmsis: [`${300000000 + i}`],
      name: `Ocean Vessel ${i}`,
      formerNames: [`Former Vessel ${i}`],
      ownerName: `Owner Holding ${i % 3000} Ltd`,
      managerName: `Manager Group ${i % 1500} GmbH`,
    }));
    const entries: SanctionsEntry[] = Array.from({ length: 2_000 }, (_, i) =>
      i % 2 === 0
        ? vesselEntry({
            imo: `${9000000 + i * 5}`,
            mmsi: `${300000000 + i * 3}`,
            vessel_name: `Vessel Ocean ${i * 7}`,
          })
        : companyEntry(`Owner Holding ${i}`),
    );
    const started = performance.now();
    const matches = screenFleet(vessels, entries);
    const elapsedMs = performance.now() - started;
    expect(matches.length).toBeGreaterThan(1_000);
    expect(elapsedMs).toBeLessThan(700);
  });
});
