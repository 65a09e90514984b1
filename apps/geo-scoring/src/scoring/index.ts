// Public API of the pure scoring computations (no I/O): engine-v1, tiers, robustness.
export * from './metro-raw-features';
export * from './percent-rank';
export * from './raw-features';
export * from './robustness';
export * from './rounding';
export * from './scoring-engine';
export * from './signal-groups';
export * from './tier';
