/** Attempts in all before a delivery is dead: the first one and seven retries. */
export const MAX_DELIVERY_ATTEMPTS = 8;

/** Waits before retries 1..7: 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h (about 28 h in all). */
export const RETRY_DELAYS_MS: readonly number[] = [
  5_000,
  5 * 60_000,
  30 * 60_000,
  2 * 3_600_000,
  5 * 3_600_000,
  10 * 3_600_000,
  10 * 3_600_000,
];

/** A receiver's Retry-After is honoured up to the schedule's longest wait, 10 h. */
export const MAX_RETRY_AFTER_MS = 10 * 3_600_000;

export interface RetryScheduleOptions {
  /** Multiplies every scheduled wait (1 in production, tiny in tests); never a Retry-After. */
  factor?: number;
  /** Relative spread either way; 0.1 = ±10 %. */
  jitter?: number;
  /** Uniform [0, 1) source of the jitter. */
  random?: () => number;
}

/** When the next attempt of a failed delivery is due. */
export class RetrySchedule {
  private readonly factor: number;
  private readonly jitter: number;
  private readonly random: () => number;

  constructor(options: RetryScheduleOptions = {}) {
    this.factor = options.factor ?? 1;
    this.jitter = options.jitter ?? 0.1;
    this.random = options.random ?? Math.random;
    if (!(this.factor > 0) || !Number.isFinite(this.factor)) {
      throw new RangeError('factor must be a positive number');
    }
    if (!(this.jitter >= 0 && this.jitter < 1)) throw new RangeError('jitter must be in [0, 1)');
  }

  /**
   * The wait after failed attempt `attempt` (1-based), or null when it was the last one. A
   * Retry-After the receiver sent replaces the schedule as sent: neither scaled nor jittered,
   * only capped at 10 h.
   */
  delayAfter(attempt: number, retryAfterMs: number | null = null): number | null {
    if (!Number.isInteger(attempt) || attempt < 1)
      throw new RangeError('attempt must be 1 or more');
    if (attempt >= MAX_DELIVERY_ATTEMPTS) return null;
    if (retryAfterMs !== null) return Math.min(Math.max(0, retryAfterMs), MAX_RETRY_AFTER_MS);
    const base = RETRY_DELAYS_MS[attempt - 1] ?? MAX_RETRY_AFTER_MS;
    const spread = 1 + this.jitter * (2 * this.random() - 1);
    return Math.max(1, Math.round(base * spread * this.factor));
  }
}

/**
 * A Retry-After header as milliseconds from `now`: delay-seconds (`120`) or an HTTP date. Null
 * when absent or malformed, so the schedule applies instead.
 */
export function parseRetryAfter(value: string | null | undefined, now: number): number | null {
  if (value === undefined || value === null) return null;
  const text = value.trim();
  if (/^\d{1,10}$/.test(text)) return Number(text) * 1000;
  if (!/^[A-Za-z]{3}, \d{2} [A-Za-z]{3} \d{4} \d{2}:\d{2}:\d{2} GMT$/.test(text)) return null;
  const at = Date.parse(text);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}
