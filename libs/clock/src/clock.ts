/**
 * The one way code asks what time it is. Services get the system clock; tests pin a fixed
 * instant, so "today" never moves under a test that runs across midnight or a month's end.
 * Durations (timeouts, latencies) keep using the monotonic clock: only calendar time goes
 * through here.
 */
export abstract class Clock {
  abstract now(): Date;

  /** Milliseconds since the epoch. */
  nowMs(): number {
    return this.now().getTime();
  }

  /** Today's date in UTC, `YYYY-MM-DD`. */
  today(): string {
    return this.now().toISOString().slice(0, 10);
  }
}

const DAY_MS = 86_400_000;

/** The machine's clock. */
export class SystemClock extends Clock {
  /** The UTC day last asked for: hot paths ask for today on every request. */
  private day = { from: 0, until: 0, text: '' };

  now(): Date {
    return new Date();
  }

  override nowMs(): number {
    return Date.now();
  }

  override today(): string {
    const ms = Date.now();
    if (ms < this.day.from || ms >= this.day.until) {
      const from = ms - (((ms % DAY_MS) + DAY_MS) % DAY_MS);
      this.day = { from, until: from + DAY_MS, text: new Date(from).toISOString().slice(0, 10) };
    }
    return this.day.text;
  }
}

/** A clock that stands still until a test moves it. */
export class FixedClock extends Clock {
  private instantMs: number;

  constructor(instant: Date | string) {
    super();
    this.instantMs = toMs(instant);
  }

  now(): Date {
    return new Date(this.instantMs);
  }

  override nowMs(): number {
    return this.instantMs;
  }

  set(instant: Date | string): void {
    this.instantMs = toMs(instant);
  }

  advance(ms: number): void {
    this.instantMs += ms;
  }
}

function toMs(instant: Date | string): number {
  const ms = typeof instant === 'string' ? Date.parse(instant) : instant.getTime();
  if (Number.isNaN(ms)) throw new RangeError(`not an instant: ${String(instant)}`);
  return ms;
}

/** `YYYY-MM-DD` of an instant, in UTC. */
export function utcDay(instant: Date): string {
  return instant.toISOString().slice(0, 10);
}

/** The UTC day `days` after (or before, when negative) `day`. */
export function addUtcDays(day: string, days: number): string {
  const ms = Date.parse(`${day}T00:00:00Z`);
  if (Number.isNaN(ms)) throw new RangeError(`not a day: ${day}`);
  return new Date(ms + days * 86_400_000).toISOString().slice(0, 10);
}
