import {
  compareShifts,
  detectChokepointShifts,
  detectLaneShifts,
  type LaneTonnage,
  type RouteShift,
} from './index';

const lane = (origin: string, destination: string, tonnage_mt: number): LaneTonnage => ({
  origin,
  destination,
  tonnage_mt,
});

describe('lane_share shifts', () => {
  const previous = [
    lane('A', 'B', 0.06),
    lane('A', 'C', 0.04),
    lane('B', 'A', 0.1),
    lane('C', 'D', 0.1),
    lane('D', 'A', 0.05),
    lane('D', 'B', 0.05),
    lane('E', 'A', 0.1),
  ];
  const current = [
    // A: shares 60/40 → 65/35: exactly 5 pp each way, tonnage +8.33 % / −12.5 %.
    lane('A', 'B', 0.065),
    lane('A', 'C', 0.035),
    // B: share stays 100 %, tonnage +25 % exactly.
    lane('B', 'A', 0.125),
    // C: +24 % and no share move: below both thresholds.
    lane('C', 'D', 0.124),
    // D: 50/50 → 54.99/45.01: 4.99 pp, tonnage +9.98 % / −9.98 %.
    lane('D', 'A', 0.05499),
    lane('D', 'B', 0.04501),
    // E → F appears; E → A keeps all of E's tonnage (share 100 → 50 %).
    lane('E', 'A', 0.1),
    lane('E', 'F', 0.1),
  ];
  const shifts = detectLaneShifts('2026-02', '2026-01', current, previous);
  const find = (o: string, d: string): RouteShift | undefined =>
    shifts.find((s) => s.origin_port === o && s.destination_port === d);

  it('flags a share move of exactly 5 pp, both ways', () => {
    expect(find('A', 'B')).toEqual({
      kind: 'lane_share',
      period: '2026-02',
      previous_period: '2026-01',
      origin_port: 'A',
      destination_port: 'B',
      chokepoint: null,
      value: 0.065,
      previous_value: 0.06,
      change_pct: 8.33,
      share_pct: 65,
      previous_share_pct: 60,
      share_change_pp: 5,
      direction: 'up',
    });
    expect(find('A', 'C')).toMatchObject({ share_change_pp: -5, change_pct: -12.5 });
    expect(find('A', 'C')?.direction).toBe('down');
  });

  it('flags a tonnage move of exactly 25 % without a share move', () => {
    expect(find('B', 'A')).toMatchObject({
      change_pct: 25,
      share_change_pp: 0,
      share_pct: 100,
      direction: 'up',
    });
  });

  it('ignores moves just under both thresholds', () => {
    expect(find('C', 'D')).toBeUndefined();
    expect(find('D', 'A')).toBeUndefined();
    expect(find('D', 'B')).toBeUndefined();
  });

  it('treats a new lane as a move and follows the share for direction', () => {
    expect(find('E', 'F')).toMatchObject({ previous_value: 0, change_pct: null, direction: 'up' });
    expect(find('E', 'A')).toMatchObject({
      change_pct: 0,
      share_change_pp: -50,
      direction: 'down',
    });
  });

  it('treats a vanished lane as −100 %', () => {
    const gone = detectLaneShifts('2026-02', '2026-01', [lane('A', 'B', 0.1)], previous);
    expect(gone.find((s) => s.destination_port === 'C')).toMatchObject({
      value: 0,
      change_pct: -100,
      share_pct: 0,
      previous_share_pct: 40,
      direction: 'down',
    });
  });
});

describe('chokepoint shifts', () => {
  const shifts = detectChokepointShifts('2026-02', '2026-01', [
    { chokepoint: 'suez', current: 4, trailing: [5, 5, 5] },
    { chokepoint: 'good-hope', current: 6, trailing: [4, 5, 6] },
    { chokepoint: 'malacca', current: 9, trailing: [10, 10, 10] },
    { chokepoint: 'panama', current: 5, trailing: [6] },
    { chokepoint: 'magellan', current: 2, trailing: [] },
    { chokepoint: 'dover', current: 0, trailing: [] },
  ]);
  const find = (c: string): RouteShift | undefined => shifts.find((s) => s.chokepoint === c);

  it('flags a move of exactly 20 % against the trailing three-month mean', () => {
    expect(find('suez')).toEqual({
      kind: 'chokepoint',
      period: '2026-02',
      previous_period: '2026-01',
      origin_port: null,
      destination_port: null,
      chokepoint: 'suez',
      value: 4,
      previous_value: 5,
      change_pct: -20,
      share_pct: null,
      previous_share_pct: null,
      share_change_pp: null,
      direction: 'down',
    });
    expect(find('good-hope')).toMatchObject({ previous_value: 5, change_pct: 20, direction: 'up' });
  });

  it('ignores smaller moves and counts missing months as zero', () => {
    expect(find('malacca')).toBeUndefined();
    // mean (6 + 0 + 0) / 3 = 2 → 5 is +150 %.
    expect(find('panama')).toMatchObject({ previous_value: 2, change_pct: 150 });
    expect(find('magellan')).toMatchObject({
      previous_value: 0,
      change_pct: null,
      direction: 'up',
    });
    expect(find('dover')).toBeUndefined();
  });

  it('orders chokepoints first, then the largest move', () => {
    const lanes = detectLaneShifts(
      '2026-02',
      '2026-01',
      [lane('A', 'B', 0.07), lane('A', 'C', 0.03), lane('X', 'Y', 0.2)],
      [lane('A', 'B', 0.06), lane('A', 'C', 0.04), lane('X', 'Y', 0.1)],
    );
    const order = [...lanes, ...shifts].sort(compareShifts);
    expect(order.map((s) => s.chokepoint ?? `${s.origin_port}-${s.destination_port}`)).toEqual([
      'magellan',
      'panama',
      'good-hope',
      'suez',
      // Both ±10 pp; A → C moved more tonnage (−25 % against +16.67 %).
      'A-C',
      'A-B',
      'X-Y',
    ]);
  });
});
