import { motifName, type MotifContext } from './motif';

const T = Date.parse('2026-05-10T12:00:00Z');
const h = (hours: number): Date => new Date(T + hours * 3_600_000);

function context(overrides: Partial<MotifContext> = {}): MotifContext {
  return {
    anchor: { eventType: 'dark_event', occurredAt: h(0), darkEventId: '1' },
    darkEvents: [{ id: '1', startedAt: h(-6), endedAt: h(20), inZone: false }],
    stsStarts: [],
    loiterEnds: [],
    identityClones: [],
    identityChanges: [],
    ...overrides,
  };
}

describe('motifName', () => {
  it('dark_sts: an STS within 48 h of the gap wins over every other rule', () => {
    const c = context({
      darkEvents: [{ id: '1', startedAt: h(-6), endedAt: h(20), inZone: true }],
      stsStarts: [h(20 + 47)],
      loiterEnds: [h(-7)],
      identityClones: [h(1)],
    });
    expect(motifName(c)).toBe('dark_sts');
    expect(motifName({ ...c, stsStarts: [h(-6 - 48)] })).toBe('dark_sts');
  });

  it('an STS 49 h after the gap ended does not count', () => {
    expect(motifName(context({ stsStarts: [h(20 + 49)] }))).toBe('single_dark_event');
    expect(motifName(context({ stsStarts: [h(-6 - 49)] }))).toBe('single_dark_event');
  });

  it('an open gap measures the STS window from its start', () => {
    const open = [{ id: '1', startedAt: h(-6), endedAt: null, inZone: false }];
    expect(motifName(context({ darkEvents: open, stsStarts: [h(-6 + 48)] }))).toBe('dark_sts');
    expect(motifName(context({ darkEvents: open, stsStarts: [h(-6 + 49)] }))).toBe(
      'single_dark_event',
    );
  });

  it('gap_in_risk_zone: a gap inside a zone', () => {
    const c = context({ darkEvents: [{ id: '1', startedAt: h(-6), endedAt: h(1), inZone: true }] });
    expect(motifName({ ...c, loiterEnds: [h(-7)] })).toBe('gap_in_risk_zone');
  });

  it('loiter_then_dark: a gap starting within 24 h after loitering ended', () => {
    expect(motifName(context({ loiterEnds: [h(-6 - 24)] }))).toBe('loiter_then_dark');
    expect(motifName(context({ loiterEnds: [h(-6 - 25)] }))).toBe('single_dark_event');
    // Loitering that ends after the gap started is not "then dark".
    expect(motifName(context({ loiterEnds: [h(-5)] }))).toBe('single_dark_event');
  });

  it('identity_shift: an identity clone within 48 h or an identity change within 30 days', () => {
    expect(motifName(context({ identityClones: [h(47)] }))).toBe('identity_shift');
    expect(motifName(context({ identityClones: [h(49)] }))).toBe('single_dark_event');
    expect(motifName(context({ identityChanges: [h(-30 * 24)] }))).toBe('identity_shift');
    expect(motifName(context({ identityChanges: [h(-30 * 24 - 1)] }))).toBe('single_dark_event');
  });

  it('a non-dark anchor looks at dark events that started within 48 h of it', () => {
    const anchor = { eventType: 'sts_transfer', occurredAt: h(0), darkEventId: null };
    const zoned = { id: '7', startedAt: h(-40), endedAt: h(-10), inZone: true };
    expect(motifName(context({ anchor, darkEvents: [zoned] }))).toBe('gap_in_risk_zone');
    const far = { ...zoned, startedAt: h(-49) };
    expect(motifName(context({ anchor, darkEvents: [far] }))).toBe('single_sts_transfer');
  });

  it('single_<event_type> otherwise', () => {
    const anchor = { eventType: 'sanctions_match', occurredAt: h(0), darkEventId: null };
    expect(motifName(context({ anchor, darkEvents: [] }))).toBe('single_sanctions_match');
  });
});
