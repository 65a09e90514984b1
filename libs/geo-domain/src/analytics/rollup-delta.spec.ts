import { activityDeltas, crimeDeltas } from './rollup-delta';

describe('rollup deltas', () => {
  const a = { metroSlug: 'atx', day: '2025-06-01', h3Index: 'c1', h3R5: 'p1' };

  it('adds new contributions and cancels unchanged re-ingests', () => {
    const visit = { ...a, eventType: 'visit' as const };
    expect(activityDeltas([], [visit, visit])).toEqual({
      r8: [{ metroSlug: 'atx', day: '2025-06-01', h3Index: 'c1', counts: [2, 0, 0, 0] }],
      r5: [{ day: '2025-06-01', h3R5: 'p1', count: 2 }],
    });
    expect(activityDeltas([visit], [visit])).toEqual({ r8: [], r5: [] });
  });

  it('moves a contribution to another type and cell', () => {
    const before = { ...a, eventType: 'visit' as const };
    const after = { ...a, h3Index: 'c2', eventType: 'review' as const };
    const { r8, r5 } = activityDeltas([before], [after]);
    expect(r8).toEqual([
      { metroSlug: 'atx', day: '2025-06-01', h3Index: 'c1', counts: [-1, 0, 0, 0] },
      { metroSlug: 'atx', day: '2025-06-01', h3Index: 'c2', counts: [0, 0, 0, 1] },
    ]);
    expect(r5).toEqual([]);
  });

  it('keeps magnitude-only crime changes', () => {
    const before = { ...a, category: 'property', magnitude: 1 };
    const after = { ...before, magnitude: 3 };
    expect(crimeDeltas([before], [after]).r8).toEqual([
      {
        metroSlug: 'atx',
        day: '2025-06-01',
        h3Index: 'c1',
        category: 'property',
        count: 0,
        magnitude: 2,
      },
    ]);
  });
});
