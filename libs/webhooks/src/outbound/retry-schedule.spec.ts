import type { AttemptResult } from './attempt-result';
import { decideNext } from './decide-next';
import {
  MAX_RETRY_AFTER_MS,
  parseRetryAfter,
  RETRY_DELAYS_MS,
  RetrySchedule,
} from './retry-schedule';

describe('RetrySchedule', () => {
  it('waits 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h, then gives up after attempt 8', () => {
    const schedule = new RetrySchedule({ random: () => 0.5 });
    expect([1, 2, 3, 4, 5, 6, 7].map((n) => schedule.delayAfter(n))).toEqual([
      5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000,
    ]);
    expect(schedule.delayAfter(8)).toBeNull();
    expect(schedule.delayAfter(9)).toBeNull();
  });

  it('spreads each wait by at most ±10 %', () => {
    const low = new RetrySchedule({ random: () => 0 });
    const high = new RetrySchedule({ random: () => 0.999999 });
    RETRY_DELAYS_MS.forEach((base, i) => {
      expect(low.delayAfter(i + 1)).toBe(Math.round(base * 0.9));
      expect(high.delayAfter(i + 1)!).toBeLessThanOrEqual(Math.round(base * 1.1));
      expect(high.delayAfter(i + 1)!).toBeGreaterThan(Math.round(base * 1.09));
    });
    const random = new RetrySchedule();
    for (let i = 0; i < 200; i += 1) {
      const delay = random.delayAfter(2)!;
      expect(delay).toBeGreaterThanOrEqual(270_000);
      expect(delay).toBeLessThanOrEqual(330_000);
    }
  });

  it('scales every scheduled wait by the factor, never below 1 ms', () => {
    const tiny = new RetrySchedule({ factor: 0.001, random: () => 0.5 });
    expect(tiny.delayAfter(1)).toBe(5);
    expect(tiny.delayAfter(7)).toBe(36_000);
    expect(new RetrySchedule({ factor: 0.00001, random: () => 0.5 }).delayAfter(1)).toBe(1);
  });

  it('honours a Retry-After as sent: unscaled, unjittered, capped at 10 h', () => {
    const tiny = new RetrySchedule({ factor: 0.001, random: () => 0 });
    expect(tiny.delayAfter(1, 2_000)).toBe(2_000);
    expect(tiny.delayAfter(3, 0)).toBe(0);
    expect(tiny.delayAfter(2, 48 * 3_600_000)).toBe(MAX_RETRY_AFTER_MS);
    expect(tiny.delayAfter(8, 1_000)).toBeNull();
  });

  it('refuses a bad factor, jitter or attempt number', () => {
    expect(() => new RetrySchedule({ factor: 0 })).toThrow(RangeError);
    expect(() => new RetrySchedule({ jitter: 1 })).toThrow(RangeError);
    expect(() => new RetrySchedule().delayAfter(0)).toThrow(RangeError);
  });
});

describe('parseRetryAfter', () => {
  const now = Date.parse('2026-03-31T23:59:00Z');

  it('reads delay seconds and HTTP dates', () => {
    expect(parseRetryAfter('120', now)).toBe(120_000);
    expect(parseRetryAfter(' 0 ', now)).toBe(0);
    expect(parseRetryAfter('Tue, 31 Mar 2026 23:59:30 GMT', now)).toBe(30_000);
    expect(parseRetryAfter('Tue, 31 Mar 2026 23:00:00 GMT', now)).toBe(0);
  });

  it.each([undefined, null, '', '-5', '1.5', '1e3', 'soon', '2026-04-01T00:00:00Z'])(
    'ignores %p',
    (value) => {
      expect(parseRetryAfter(value, now)).toBeNull();
    },
  );
});

describe('decideNext', () => {
  const schedule = new RetrySchedule({ factor: 0.001, random: () => 0.5 });
  const result = (fields: Partial<AttemptResult>): AttemptResult => ({
    outcome: 'http_error',
    attemptedAt: new Date(0),
    durationMs: 1,
    statusCode: null,
    retryAfterMs: null,
    responseExcerpt: null,
    error: null,
    ...fields,
  });

  it('succeeds on a 2xx', () => {
    expect(decideNext(result({ outcome: 'success', statusCode: 202 }), 1, schedule)).toEqual({
      status: 'succeeded',
    });
  });

  it('dies at once on 410 (disabling the endpoint), on other 4xx, and on a refused address', () => {
    expect(decideNext(result({ statusCode: 410 }), 1, schedule)).toEqual({
      status: 'dead',
      reason: 'endpoint_gone',
      disableEndpoint: true,
    });
    for (const code of [400, 401, 403, 404, 405, 413, 422]) {
      expect(decideNext(result({ statusCode: code }), 1, schedule)).toEqual({
        status: 'dead',
        reason: 'http_4xx',
        disableEndpoint: false,
      });
    }
    expect(decideNext(result({ outcome: 'ssrf_blocked' }), 2, schedule)).toMatchObject({
      status: 'dead',
      reason: 'ssrf_blocked',
    });
  });

  it('retries 408, 429, 3xx, 5xx, timeouts and network errors on the schedule', () => {
    for (const fields of [
      { statusCode: 408 },
      { statusCode: 429 },
      { statusCode: 302 },
      { statusCode: 500 },
      { statusCode: 503 },
      { outcome: 'timeout' as const },
      { outcome: 'network_error' as const },
    ]) {
      expect(decideNext(result(fields), 2, schedule)).toEqual({
        status: 'retrying',
        delayMs: 300,
        retryAfter: false,
      });
    }
  });

  it("waits a 429's or 503's Retry-After, ignoring it on other statuses", () => {
    expect(decideNext(result({ statusCode: 429, retryAfterMs: 1_000 }), 1, schedule)).toEqual({
      status: 'retrying',
      delayMs: 1_000,
      retryAfter: true,
    });
    expect(
      decideNext(result({ statusCode: 503, retryAfterMs: 60_000 }), 1, schedule),
    ).toMatchObject({ delayMs: 60_000, retryAfter: true });
    expect(
      decideNext(result({ statusCode: 500, retryAfterMs: 60_000 }), 1, schedule),
    ).toMatchObject({ delayMs: 5, retryAfter: false });
  });

  it('is dead after the 8th failed attempt', () => {
    expect(decideNext(result({ statusCode: 500 }), 7, schedule)).toMatchObject({
      status: 'retrying',
    });
    expect(decideNext(result({ statusCode: 429, retryAfterMs: 5 }), 8, schedule)).toEqual({
      status: 'dead',
      reason: 'retries_exhausted',
      disableEndpoint: false,
    });
  });
});
