import { censusTractName, flowShares, tractDisplayName } from './commuter-flows';

describe('flowShares', () => {
  // Inbound flows of 48453001203; the tract itself is one origin (intra-tract flow).
  const rows = [
    { tract: '48453000300', workers: 20 },
    { tract: '48453000200', workers: 30 },
    { tract: '48453001203', workers: 50 },
    { tract: '48453000900', workers: 7 },
    { tract: '48453000100', workers: 30 },
  ];

  it('totals every row, lists the top `limit`, pct of the full total', () => {
    // total = 20 + 30 + 50 + 7 + 30 = 137 (intra-tract 50 included)
    // 50/137 = 36.496% → 36.50; 30/137 = 21.898% → 21.90 (tie: 000100 before 000200)
    expect(flowShares(rows, 3)).toEqual({
      total: 137,
      flows: [
        { tract: '48453001203', workers: 50, pct: 36.5 },
        { tract: '48453000100', workers: 30, pct: 21.9 },
        { tract: '48453000200', workers: 30, pct: 21.9 },
      ],
    });
  });

  it('sums to 100 ± 0.05 when every flow fits', () => {
    // 36.50 + 21.90 + 21.90 + 14.60 (20/137 = 14.599%) + 5.11 (7/137 = 5.109%) = 100.01
    const { flows } = flowShares(rows, 100);
    expect(flows.map((f) => f.pct)).toEqual([36.5, 21.9, 21.9, 14.6, 5.11]);
    const sum = flows.reduce((acc, f) => acc + f.pct, 0);
    expect(Math.abs(sum - 100)).toBeLessThanOrEqual(0.05);
  });

  it('keeps the total with limit 0 and does not mutate its input', () => {
    const copy = rows.map((r) => ({ ...r }));
    expect(flowShares(rows, 0)).toEqual({ total: 137, flows: [] });
    expect(rows).toEqual(copy);
  });

  it('is empty with no rows', () => {
    expect(flowShares([], 20)).toEqual({ total: 0, flows: [] });
  });

  it('rejects bad workers and limits', () => {
    expect(() => flowShares([{ tract: '48453000100', workers: 0 }], 5)).toThrow(RangeError);
    expect(() => flowShares(rows, -1)).toThrow(RangeError);
    expect(() => flowShares(rows, 2.5)).toThrow(RangeError);
  });
});

describe('tract names', () => {
  it('formats "Census Tract 12.03, Travis County, TX"', () => {
    expect(
      tractDisplayName({
        name: 'Census Tract 12.03',
        countyName: 'Travis County',
        stateAbbr: 'TX',
      }),
    ).toBe('Census Tract 12.03, Travis County, TX');
  });

  it('is null for a tract missing from `tracts`', () => {
    expect(tractDisplayName(null)).toBeNull();
    expect(tractDisplayName(undefined)).toBeNull();
  });

  it('builds Census-style names from a tract code or GEOID', () => {
    expect(censusTractName('001203')).toBe('Census Tract 12.03');
    expect(censusTractName('48453001203')).toBe('Census Tract 12.03');
    expect(censusTractName('001200')).toBe('Census Tract 12');
    expect(censusTractName('000100')).toBe('Census Tract 1');
    expect(censusTractName('980000')).toBe('Census Tract 9800');
    expect(() => censusTractName('123')).toThrow(RangeError);
  });
});
