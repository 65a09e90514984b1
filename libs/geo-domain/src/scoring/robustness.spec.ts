import { classifyRobustness, ResolutionScore, supportCounts } from './robustness';
import { SIGNAL_GROUPS, SignalGroup, SignalVector } from './signal-groups';

/** All eight groups at `value`, with overrides. */
function signals(
  value: number | null,
  overrides: Partial<Record<SignalGroup, number | null>> = {},
): SignalVector {
  const out = {} as Record<SignalGroup, number | null>;
  for (const group of SIGNAL_GROUPS) out[group] = value;
  return { ...out, ...overrides };
}

function score(composite: number | null, s: SignalVector): ResolutionScore {
  return { composite, signals: s };
}

describe('classifyRobustness', () => {
  it('stable_core: small Δ, all groups within 15, not both below 40', () => {
    // Δ = |60 − 55| = 5 ≤ 10; 8/8 groups |50 − 45| = 5 ≤ 15 → support 1.
    expect(classifyRobustness(score(60, signals(50)), score(55, signals(45)))).toEqual({
      robustnessClass: 'stable_core',
      supportStability: 1,
    });
  });

  it('Δ exactly 10 is not a shell; 10.01 is', () => {
    expect(classifyRobustness(score(60, signals(50)), score(50, signals(50))).robustnessClass).toBe(
      'stable_core',
    );
    expect(
      classifyRobustness(score(60.01, signals(50)), score(50, signals(50))).robustnessClass,
    ).toBe('ambiguity_shell');
  });

  it('a group moving exactly 15 points is stable, with no binary noise', () => {
    // 45.7 − 30.7 is 15.000000000000004 in doubles; in hundredths 4570 − 3070 = 1500 ≤ 1500.
    expect(supportCounts(signals(45.7), signals(30.7))).toEqual({ stable: 8, comparable: 8 });
    expect(supportCounts(signals(45.71), signals(30.7))).toEqual({ stable: 0, comparable: 8 });
  });

  it('support 5/8 = 0.625 is enough; 4/8 = 0.5 makes a shell', () => {
    const r7 = signals(50);
    // 3 groups move 15.01 points → 5 of 8 stable → 0.625, not < 0.625.
    const fiveOfEight = signals(50, {
      business_vitality: 65.01,
      demographics: 65.01,
      accessibility: 34.99,
    });
    expect(classifyRobustness(score(60, fiveOfEight), score(60, r7))).toEqual({
      robustnessClass: 'stable_core',
      supportStability: 0.625,
    });
    const fourOfEight = signals(50, {
      business_vitality: 80,
      demographics: 80,
      accessibility: 20,
      amenity_demand: 0,
    });
    expect(classifyRobustness(score(60, fourOfEight), score(60, r7))).toEqual({
      robustnessClass: 'ambiguity_shell',
      supportStability: 0.5,
    });
  });

  it('only groups non-null at both resolutions count (m < 8), rounded to 3 decimals', () => {
    // r8 safety null, r7 demographics null → m = 6. Two of the six move 30 → k = 4 →
    // 4/6 = 0.6667 → 0.667 ≥ 0.625 → not a shell.
    const r8 = signals(50, { safety_environment: null, business_vitality: 80, amenity_demand: 80 });
    const r7 = signals(50, { demographics: null });
    expect(classifyRobustness(score(45, r8), score(45, r7))).toEqual({
      robustnessClass: 'stable_core',
      supportStability: 0.667,
    });
    // One more mover → k = 3 → 3/6 = 0.5 → shell.
    const r8b = { ...r8, accessibility: 0 };
    expect(classifyRobustness(score(45, r8b), score(45, r7))).toEqual({
      robustnessClass: 'ambiguity_shell',
      supportStability: 0.5,
    });
  });

  it('stable_non_signal only when both composites are below 40', () => {
    expect(classifyRobustness(score(30, signals(30)), score(35, signals(30))).robustnessClass).toBe(
      'stable_non_signal',
    );
    expect(
      classifyRobustness(score(39.99, signals(30)), score(40, signals(30))).robustnessClass,
    ).toBe('stable_core');
  });

  it('ambiguity_shell takes precedence over stable_non_signal', () => {
    // Δ = |10 − 30| = 20 > 10, both below 40.
    expect(classifyRobustness(score(10, signals(10)), score(30, signals(10))).robustnessClass).toBe(
      'ambiguity_shell',
    );
  });

  it('is unclassified without a scored parent or without comparable groups', () => {
    const unclassified = { robustnessClass: null, supportStability: null };
    expect(classifyRobustness(score(50, signals(50)), null)).toEqual(unclassified);
    expect(classifyRobustness(score(50, signals(50)), score(null, signals(50)))).toEqual(
      unclassified,
    );
    const onlyBv = signals(null, { business_vitality: 50 });
    const onlySafety = signals(null, { safety_environment: 50 });
    expect(classifyRobustness(score(50, onlyBv), score(50, onlySafety))).toEqual(unclassified);
  });
});
