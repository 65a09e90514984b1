import { reliabilityPct, reliabilityTier } from './reliability';

describe('declared-destination reliability', () => {
  it('is 100·matched/voyages to 2 decimals', () => {
    expect(reliabilityPct(2, 3)).toBe(66.67);
    expect(reliabilityPct(0, 4)).toBe(0);
    expect(reliabilityPct(5, 5)).toBe(100);
  });
  it('tiers at 80 and 50', () => {
    expect(reliabilityTier(80)).toBe('reliable');
    expect(reliabilityTier(79.99)).toBe('moderate');
    expect(reliabilityTier(50)).toBe('moderate');
    expect(reliabilityTier(49.99)).toBe('unreliable');
  });
});
