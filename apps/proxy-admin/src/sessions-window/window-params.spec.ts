import { ApiError } from '@platform/http';
import { isoMicros, MAX_WINDOW_US, parseInstantMicros, resolveWindow } from './window-params';

const NOW = Date.parse('2026-03-31T23:59:59Z');
const us = (iso: string) => Date.parse(iso) * 1000;

function codeOf(fn: () => unknown): string | undefined {
  try {
    fn();
  } catch (error) {
    return error instanceof ApiError ? error.code : 'not an ApiError';
  }
  return undefined;
}

describe('parseInstantMicros', () => {
  it('reads offsets and up to six fraction digits', () => {
    expect(parseInstantMicros('2026-03-10T00:00:00Z')).toBe(us('2026-03-10T00:00:00Z'));
    expect(parseInstantMicros('2026-03-10T02:00:00+02:00')).toBe(us('2026-03-10T00:00:00Z'));
    expect(parseInstantMicros('2026-03-09T19:30-04:30')).toBe(us('2026-03-10T00:00:00Z'));
    expect(parseInstantMicros('2026-03-10T00:00:00.000001Z')).toBe(us('2026-03-10T00:00:00Z') + 1);
    expect(parseInstantMicros('2026-03-10T00:00:00.5Z')).toBe(us('2026-03-10T00:00:00Z') + 500_000);
  });

  it.each([
    '2026-03-10',
    '2026-03-10T00:00:00',
    '2026-02-30T00:00:00Z',
    '2026-13-01T00:00:00Z',
    '2026-03-10T24:00:00Z',
    '2026-03-10T00:00:00.1234567Z',
    '2026-03-10T00:00:00+25:00',
    'yesterday',
  ])('refuses %s', (text) => {
    expect(parseInstantMicros(text)).toBeNull();
  });

  it('round-trips through isoMicros', () => {
    const value = us('2026-03-10T00:00:00Z') + 123_456;
    expect(isoMicros(value)).toBe('2026-03-10T00:00:00.123456Z');
    expect(parseInstantMicros(isoMicros(value))).toBe(value);
  });
});

describe('resolveWindow', () => {
  it('defaults to the 24 hours up to now, now included', () => {
    expect(resolveWindow(undefined, undefined, NOW)).toEqual({
      fromUs: NOW * 1000 - 86_400_000_000,
      toUs: NOW * 1000 + 1,
    });
  });

  it('takes from as to minus 24 hours when only to is given', () => {
    expect(resolveWindow(undefined, '2026-03-10T00:00:00Z', NOW)).toEqual({
      fromUs: us('2026-03-09T00:00:00Z'),
      toUs: us('2026-03-10T00:00:00Z'),
    });
  });

  it('allows exactly 7 days and refuses one microsecond more', () => {
    const ok = resolveWindow('2026-03-10T00:00:00Z', '2026-03-17T00:00:00Z', NOW);
    expect(ok.toUs - ok.fromUs).toBe(MAX_WINDOW_US);
    expect(
      codeOf(() => resolveWindow('2026-03-10T00:00:00Z', '2026-03-17T00:00:00.000001Z', NOW)),
    ).toBe('window_too_large');
    // Only from: measured against now, not now plus the inclusive microsecond.
    expect(codeOf(() => resolveWindow('2026-03-24T23:59:59Z', undefined, NOW))).toBeUndefined();
    expect(codeOf(() => resolveWindow('2026-03-24T23:59:58Z', undefined, NOW))).toBe(
      'window_too_large',
    );
  });

  it('refuses from >= to with invalid_window, and bad text with invalid_request', () => {
    expect(codeOf(() => resolveWindow('2026-03-10T00:00:00Z', '2026-03-10T00:00:00Z', NOW))).toBe(
      'invalid_window',
    );
    expect(codeOf(() => resolveWindow('2026-04-01T00:00:00Z', undefined, NOW))).toBe(
      'invalid_window',
    );
    expect(codeOf(() => resolveWindow('soon', undefined, NOW))).toBe('invalid_request');
  });
});
