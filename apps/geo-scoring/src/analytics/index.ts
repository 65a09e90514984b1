// Public API of the pure analytics computations (no I/O): hotspot trend, commuter-flow shares,
// pioneer tier.
export * from './commuter-flows';
export * from './dates';
export * from './hotspot-trend';
export * from './pioneer-tier';
