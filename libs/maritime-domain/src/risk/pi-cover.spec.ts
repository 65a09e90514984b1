import { piCoverStateFromPolicies } from './pi-cover';
import type { PiPolicy } from './pi-cover';

const AS_OF = new Date('2025-06-15T12:00:00.000Z');

function policy(
  inception: string,
  expiry: string,
  club: Partial<Pick<PiPolicy, 'ig_member' | 'club_risk_tier'>> = {},
): PiPolicy {
  return {
    ig_member: club.ig_member ?? false,
    club_risk_tier: club.club_risk_tier ?? 'medium',
    inception: new Date(inception),
    expiry: new Date(expiry),
  };
}

describe('piCoverStateFromPolicies', () => {
  it('reads no policies as none', () => {
    expect(piCoverStateFromPolicies([], AS_OF)).toEqual({ state: 'none' });
  });

  it('prefers an active International Group club over any other active cover', () => {
    const covers = [
      policy('2025-02-20T00:00:00Z', '2026-02-20T00:00:00Z', { club_risk_tier: 'low' }),
      policy('2025-02-20T00:00:00Z', '2026-02-20T00:00:00Z', {
        ig_member: true,
        club_risk_tier: 'low',
      }),
    ];
    expect(piCoverStateFromPolicies(covers, AS_OF)).toEqual({ state: 'active_ig' });
  });

  it('takes the best-rated of several active non-IG clubs', () => {
    const covers = [
      policy('2025-01-01T00:00:00Z', '2026-01-01T00:00:00Z', { club_risk_tier: 'high' }),
      policy('2025-03-01T00:00:00Z', '2026-03-01T00:00:00Z', { club_risk_tier: 'medium' }),
    ];
    expect(piCoverStateFromPolicies(covers, AS_OF)).toEqual({
      state: 'active_non_ig',
      club_risk_tier: 'medium',
    });
  });

  it('counts a policy active from its inception up to, not including, its expiry', () => {
    const starts = [policy('2025-06-15T12:00:00Z', '2026-06-15T12:00:00Z', { ig_member: true })];
    expect(piCoverStateFromPolicies(starts, AS_OF)).toEqual({ state: 'active_ig' });
    const ends = [policy('2024-06-15T12:00:00Z', '2025-06-15T12:00:00Z', { ig_member: true })];
    expect(piCoverStateFromPolicies(ends, AS_OF)).toEqual({ state: 'lapsed_within_12m' });
  });

  it('reads cover that expired within the last 12 calendar months as lapsed, older as none', () => {
    const lapsedAtLimit = [policy('2023-06-15T12:00:00Z', '2024-06-15T12:00:00Z')];
    expect(piCoverStateFromPolicies(lapsedAtLimit, AS_OF)).toEqual({ state: 'lapsed_within_12m' });
    const lapsedLongAgo = [policy('2023-06-15T11:00:00Z', '2024-06-15T11:59:59Z')];
    expect(piCoverStateFromPolicies(lapsedLongAgo, AS_OF)).toEqual({ state: 'none' });
  });

  it('clamps the 12-month look-back at the end of a shorter month', () => {
    const leapDay = new Date('2025-02-28T00:00:00Z');
    const expired = [policy('2023-02-28T00:00:00Z', '2024-02-28T00:00:00Z')];
    expect(piCoverStateFromPolicies(expired, leapDay)).toEqual({ state: 'lapsed_within_12m' });
    const fromLeapDay = new Date('2024-02-29T00:00:00Z');
    const expiredBefore = [policy('2022-02-28T00:00:00Z', '2023-02-27T23:59:59Z')];
    expect(piCoverStateFromPolicies(expiredBefore, fromLeapDay)).toEqual({ state: 'none' });
    const expiredOnLimit = [policy('2022-02-28T00:00:00Z', '2023-02-28T00:00:00Z')];
    expect(piCoverStateFromPolicies(expiredOnLimit, fromLeapDay)).toEqual({
      state: 'lapsed_within_12m',
    });
  });

  it('reads cover that has not started yet as none', () => {
    const future = [policy('2025-07-01T00:00:00Z', '2026-07-01T00:00:00Z', { ig_member: true })];
    expect(piCoverStateFromPolicies(future, AS_OF)).toEqual({ state: 'none' });
  });
});
