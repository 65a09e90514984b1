import { topThreeAccuracy } from './destination-model.fixture';
import { generateWorld } from './world';
import { records } from './world.fixture';

describe('destinations of the generated voyages (small profile)', () => {
  it('are predictable from the first half of the track: a res-5/res-4 count model reaches ≥ 60 % top-3', () => {
    const world = generateWorld({ profile: 'small', seed: 42, asOf: '2025-06-01' });
    const local = new Set(['passenger', 'fishing', 'service', 'other']);
    const localImos = new Set(
      records(world, 'vessels')
        .filter((v) => local.has(v.vessel_type as string))
        .map((v) => v.imo),
    );
    const voyages = records(world, 'voyages')
      .filter(
        (v) =>
          v.status === 'completed' && !localImos.has(v.imo) && v.origin_port_id !== v.dest_port_id,
      )
      .map((v) => ({
        cells: v.h3_sequence as string[],
        laden: v.laden as boolean,
        dest: v.dest_port_id as number,
        departedMs: Date.parse(v.departed_at as string),
      }));
    const { accuracy, holdout } = topThreeAccuracy(voyages);
    expect(holdout).toBeGreaterThan(100);
    expect(accuracy).toBeGreaterThanOrEqual(0.6);
  });
});
