import { createHash } from 'node:crypto';
import {
  canonicalJson,
  CellFeatures,
  compositeOf,
  confidenceOf,
  coverageOf,
  ENGINE_PARAMETERS,
  engineFingerprint,
  isInRefreshWindow,
  isTouched,
  scoreCells,
  volumeOf,
} from './scoring-engine';
import { SIGNAL_GROUPS, SignalVector } from './signal-groups';

function vector(values: Partial<Record<keyof SignalVector, number | null>>): SignalVector {
  return {
    business_vitality: null,
    population_momentum: null,
    demographics: null,
    economic_strength: null,
    development_pipeline: null,
    accessibility: null,
    safety_environment: null,
    amenity_demand: null,
    ...values,
  };
}

const ALL_50 = vector(Object.fromEntries(SIGNAL_GROUPS.map((g) => [g, 50])));

describe('composite, coverage, volume, confidence', () => {
  it('keeps the eight groups in column order', () => {
    expect(SIGNAL_GROUPS).toEqual([
      'business_vitality',
      'population_momentum',
      'demographics',
      'economic_strength',
      'development_pipeline',
      'accessibility',
      'safety_environment',
      'amenity_demand',
    ]);
  });

  it('composite = Σ w·s / Σ w over non-null groups', () => {
    expect(compositeOf(ALL_50)).toBe(50);
    // bv .15·100 + econ .15·50 + dev .15·0 + acc .10·100 + amen .10·40
    //   = 15 + 7.5 + 0 + 10 + 4 = 36.5; Σw = .65 → 36.5 / .65 = 56.1538… → 56.15
    const signals = vector({
      business_vitality: 100,
      economic_strength: 50,
      development_pipeline: 0,
      accessibility: 100,
      amenity_demand: 40,
    });
    expect(compositeOf(signals)).toBe(56.15);
    expect(coverageOf(signals)).toBe(0.65);
  });

  it('composite is null and coverage 0 when every group is null', () => {
    expect(compositeOf(vector({}))).toBeNull();
    expect(coverageOf(vector({}))).toBe(0);
  });

  it('coverage of all groups is exactly 1', () => {
    expect(coverageOf(ALL_50)).toBe(1);
  });

  it('volume = min(1, log10(1+n) / log10(201))', () => {
    expect(volumeOf(0)).toBe(0);
    expect(volumeOf(200)).toBe(1);
    expect(volumeOf(5000)).toBe(1);
    // log10(10) / log10(201) = 1 / 2.3031961 = 0.4341793
    expect(volumeOf(9)).toBeCloseTo(0.4341793, 7);
    expect(() => volumeOf(-1)).toThrow(RangeError);
  });

  it('confidence = coverage × volume, 3 decimals', () => {
    // 0.65 × 0.4341793 = 0.2822165 → 0.282
    expect(
      confidenceOf(
        vector({
          business_vitality: 1,
          economic_strength: 1,
          development_pipeline: 1,
          accessibility: 1,
          amenity_demand: 1,
        }),
        9,
      ),
    ).toBe(0.282);
    expect(confidenceOf(ALL_50, 200)).toBe(1);
  });
});

function cellOf(
  h3Index: string,
  metroSlug: string,
  raw: SignalVector,
  volumeCount: number,
): CellFeatures {
  return { h3Index, metroSlug, raw, volumeCount };
}

describe('scoreCells', () => {
  // atx: A, B, C. Per group (raw → signal, n = non-null count):
  //   bv    A 1, B 2, C 3         → 0, 50, 100
  //   pm    A –, B 5, C 1         → –, 100, 0
  //   demo  all 0 (ties)          → 0, 0, 0
  //   econ  A 3, B 1, C 2         → 100, 0, 50
  //   dev   A 10, B 10, C 20      → 0, 0, 100
  //   acc   A −1, B −2, C −3      → 100, 50, 0
  //   safe  A –, B –, C −4 (n=1)  → –, –, 0
  //   amen  A 2, B 1, C 2         → 50, 0, 50   (A and C tie at rank 2 → 1/2)
  const A = cellOf(
    'a',
    'atx',
    vector({
      business_vitality: 1,
      demographics: 0,
      economic_strength: 3,
      development_pipeline: 10,
      accessibility: -1,
      amenity_demand: 2,
    }),
    200,
  );
  const B = cellOf(
    'b',
    'atx',
    vector({
      business_vitality: 2,
      population_momentum: 5,
      demographics: 0,
      economic_strength: 1,
      development_pipeline: 10,
      accessibility: -2,
      amenity_demand: 1,
    }),
    9,
  );
  const C = cellOf(
    'c',
    'atx',
    vector({
      business_vitality: 3,
      population_momentum: 1,
      demographics: 0,
      economic_strength: 2,
      development_pipeline: 20,
      accessibility: -3,
      safety_environment: -4,
      amenity_demand: 2,
    }),
    0,
  );
  // bos: a single cell, so every non-null signal is 0 whatever its raw values.
  const D = cellOf(
    'd',
    'bos',
    vector({
      business_vitality: 99,
      population_momentum: 99,
      demographics: 99,
      economic_strength: 99,
      development_pipeline: 99,
      accessibility: 99,
      amenity_demand: 99,
    }),
    20,
  );

  const [a, d, b, c] = scoreCells([A, D, B, C]);

  it('percent-ranks each group within the metro, keeping input order', () => {
    expect([a.h3Index, d.h3Index, b.h3Index, c.h3Index]).toEqual(['a', 'd', 'b', 'c']);
    expect(a.signals).toEqual(
      vector({
        business_vitality: 0,
        demographics: 0,
        economic_strength: 100,
        development_pipeline: 0,
        accessibility: 100,
        amenity_demand: 50,
      }),
    );
    expect(b.signals).toEqual(
      vector({
        business_vitality: 50,
        population_momentum: 100,
        demographics: 0,
        economic_strength: 0,
        development_pipeline: 0,
        accessibility: 50,
        amenity_demand: 0,
      }),
    );
    expect(c.signals).toEqual(
      vector({
        business_vitality: 100,
        population_momentum: 0,
        demographics: 0,
        economic_strength: 50,
        development_pipeline: 100,
        accessibility: 0,
        safety_environment: 0,
        amenity_demand: 50,
      }),
    );
  });

  it('computes composites from the rounded signals', () => {
    // A: Σw = .15+.10+.15+.15+.10+.10 = .75; Σws = .15·100 + .10·100 + .10·50 = 30 → 40
    expect(a.composite).toBe(40);
    // B: Σw = .85; Σws = .15·50 + .10·100 + .10·50 = 7.5 + 10 + 5 = 22.5 → 26.4706 → 26.47
    expect(b.composite).toBe(26.47);
    // C: Σw = 1; Σws = .15·100 + .15·50 + .15·100 + .10·50 = 15 + 7.5 + 15 + 5 = 42.5
    expect(c.composite).toBe(42.5);
  });

  it('computes confidence = coverage × volume', () => {
    expect(a.confidence).toBe(0.75); // .75 × 1 (n = 200)
    expect(b.confidence).toBe(0.369); // .85 × 0.4341793 = 0.369052
    expect(c.confidence).toBe(0); // n = 0
  });

  it('never ranks across metros', () => {
    // D alone in bos: all signals 0, composite 0; coverage .85 (safety null);
    // volume log10(21)/log10(201) = 1.3222193/2.3031961 = 0.5740802 → .85 × that = 0.48797 → 0.488
    expect(d.signals).toEqual(
      vector({
        business_vitality: 0,
        population_momentum: 0,
        demographics: 0,
        economic_strength: 0,
        development_pipeline: 0,
        accessibility: 0,
        amenity_demand: 0,
      }),
    );
    expect(d.composite).toBe(0);
    expect(d.confidence).toBe(0.488);
  });

  it('returns [] for no cells', () => {
    expect(scoreCells([])).toEqual([]);
  });
});

describe('engineFingerprint', () => {
  const CANONICAL =
    '{"engine_version":"engine-v1","percentile_method":"percent_rank",' +
    '"weights":{"accessibility":0.1,"amenity_demand":0.1,"business_vitality":0.15,' +
    '"demographics":0.1,"development_pipeline":0.15,"economic_strength":0.15,' +
    '"population_momentum":0.1,"safety_environment":0.15},' +
    '"windows":{"activity":90,"detections":90,"incidents":365,"licences":365,"permits":365,' +
    '"transactions":90}}';

  it('is the SHA-256 hex of the canonical JSON of the engine parameters', () => {
    expect(canonicalJson(ENGINE_PARAMETERS)).toBe(CANONICAL);
    expect(engineFingerprint()).toBe(createHash('sha256').update(CANONICAL).digest('hex'));
  });

  it('is pinned: a change here is a material scoring-engine change (re-run the classifier)', () => {
    expect(engineFingerprint()).toBe(
      'd97934c0c7ca8a24da8b7dceba826717e681def055c6f228206a0c62fbed5f0f',
    );
  });

  it('changes with any parameter and ignores key order', () => {
    const changed = engineFingerprint({
      ...ENGINE_PARAMETERS,
      windows: { ...ENGINE_PARAMETERS.windows, activity: 60 },
    });
    expect(changed).not.toBe(engineFingerprint());
    const reordered = engineFingerprint({
      percentile_method: 'percent_rank',
      windows: ENGINE_PARAMETERS.windows,
      weights: ENGINE_PARAMETERS.weights,
      engine_version: 'engine-v1',
    });
    expect(reordered).toBe(engineFingerprint());
  });
});

describe('canonicalJson', () => {
  it('sorts keys at every depth, keeps array order and drops undefined', () => {
    expect(canonicalJson({ b: [2, { d: 1, c: null }], a: 'x', u: undefined })).toBe(
      '{"a":"x","b":[2,{"c":null,"d":1}]}',
    );
  });
});

describe('touch rule', () => {
  it('isInRefreshWindow is (previous as_of, D]', () => {
    expect(isInRefreshWindow('2025-01-10', '2025-01-10', '2025-01-12')).toBe(false);
    expect(isInRefreshWindow('2025-01-11', '2025-01-10', '2025-01-12')).toBe(true);
    expect(isInRefreshWindow('2025-01-12', '2025-01-10', '2025-01-12')).toBe(true);
    expect(isInRefreshWindow('2025-01-13', '2025-01-10', '2025-01-12')).toBe(false);
    expect(isInRefreshWindow('2020-01-01', null, '2025-01-12')).toBe(true);
    expect(() => isInRefreshWindow('2025-1-1', null, '2025-01-12')).toThrow(RangeError);
  });

  it('first scoring and new raw records always touch', () => {
    expect(isTouched({ lastSnapshot: null, composite: 50, hasNewRawRecords: false })).toBe(true);
    expect(
      isTouched({ lastSnapshot: { composite: 50 }, composite: 50, hasNewRawRecords: true }),
    ).toBe(true);
  });

  it('|Δcomposite| ≥ 0.5 touches, exactly at 0.50 too', () => {
    const touched = (last: number, now: number): boolean =>
      isTouched({ lastSnapshot: { composite: last }, composite: now, hasNewRawRecords: false });
    expect(touched(50, 50.49)).toBe(false);
    expect(touched(50, 50.5)).toBe(true);
    expect(touched(50.5, 50)).toBe(true);
    expect(touched(50, 49.51)).toBe(false);
    expect(touched(10.1, 10.6)).toBe(true); // 1060 − 1010 = 50 hundredths
  });

  it('a composite appearing or disappearing touches; null → null does not', () => {
    const base = { hasNewRawRecords: false };
    expect(isTouched({ ...base, lastSnapshot: { composite: null }, composite: 10 })).toBe(true);
    expect(isTouched({ ...base, lastSnapshot: { composite: 10 }, composite: null })).toBe(true);
    expect(isTouched({ ...base, lastSnapshot: { composite: null }, composite: null })).toBe(false);
  });
});
