/**
 * Number and instant formatting for the AIS COPY stream, where millions of values make the
 * general-purpose conversions (shortest double printing, Date#toISOString) the bottleneck.
 * Output equals String(value) for values already rounded to the given decimals, and
 * toISOString for instants.
 */

const POW10 = [1, 10, 100, 1000, 10_000, 100_000, 1_000_000];

/** `value` (already rounded to `decimals`) as String(value) would print it. */
export function formatFixed(value: number, decimals: number): string {
  const scale = POW10[decimals] as number;
  const scaled = Math.round(value * scale);
  if (scaled === 0) return '0';
  const negative = scaled < 0;
  const abs = negative ? -scaled : scaled;
  const whole = Math.floor(abs / scale);
  let fraction = abs - whole * scale;
  let text = `${negative ? '-' : ''}${whole}`;
  if (fraction === 0) return text;
  let digits = decimals;
  while (fraction % 10 === 0) {
    fraction /= 10;
    digits -= 1;
  }
  const padded = String(fraction);
  text += `.${'0'.repeat(digits - padded.length)}${padded}`;
  return text;
}

const two = (n: number): string => (n < 10 ? `0${n}` : `${n}`);
const three = (n: number): string => (n < 10 ? `00${n}` : n < 100 ? `0${n}` : `${n}`);

/** ISO 8601 with milliseconds and Z, reusing the date part of the previous call's day. */
export class IsoFormatter {
  private dayStart = Number.NaN;
  private dayPrefix = '';

  format(ms: number): string {
    const dayStart = Math.floor(ms / 86_400_000) * 86_400_000;
    if (dayStart !== this.dayStart) {
      this.dayStart = dayStart;
      this.dayPrefix = new Date(dayStart).toISOString().slice(0, 11);
    }
    let rest = ms - dayStart;
    const hours = Math.floor(rest / 3_600_000);
    rest -= hours * 3_600_000;
    const minutes = Math.floor(rest / 60_000);
    rest -= minutes * 60_000;
    const seconds = Math.floor(rest / 1000);
    return `${this.dayPrefix}${two(hours)}:${two(minutes)}:${two(seconds)}.${three(rest - seconds * 1000)}Z`;
  }
}
