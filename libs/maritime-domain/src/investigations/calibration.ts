/**
 * Analyst adjudication of signals: the calibration counts over a vessel's signal list and the
 * window in which an adjudicated signal's repeats are held back.
 */

export type AdjudicationStatus = 'confirmed' | 'false_positive' | 'pending';

export const ADJUDICATION_STATUSES: readonly AdjudicationStatus[] = [
  'confirmed',
  'false_positive',
  'pending',
];

export const SUPPRESSION_HOURS = [4, 12, 24, 48, 168] as const;

export const REASON_CODE_PATTERN = /^[a-z][a-z0-9_]{1,63}$/;

export interface Calibration {
  totalSignals: number;
  confirmed: number;
  falsePositives: number;
  /** Adjudicated as pending, or never adjudicated. */
  pending: number;
  /** falsePositives / (confirmed + falsePositives), 4 decimals; null when nothing is decided. */
  falsePositiveRate: number | null;
}

/** Counts over the statuses of the listed signals (null = never adjudicated). */
export function calibrate(statuses: readonly (AdjudicationStatus | null)[]): Calibration {
  let confirmed = 0;
  let falsePositives = 0;
  for (const status of statuses) {
    if (status === 'confirmed') confirmed += 1;
    else if (status === 'false_positive') falsePositives += 1;
  }
  const decided = confirmed + falsePositives;
  return {
    totalSignals: statuses.length,
    confirmed,
    falsePositives,
    pending: statuses.length - decided,
    falsePositiveRate: decided === 0 ? null : Math.round((falsePositives / decided) * 1e4) / 1e4,
  };
}

/** The end of the suppression window opened at `at` for `hours`. */
export function suppressionUntil(at: Date, hours: number): Date {
  return new Date(at.getTime() + hours * 3_600_000);
}

/**
 * How many of `repeats` (detection times of later signals of the same type and vessel) fall in
 * the window [until − hours, until): those the alert pipeline held back.
 */
export function suppressedRepeats(
  until: Date | null,
  hours: number | null,
  repeats: readonly Date[],
): number {
  if (until === null || hours === null) return 0;
  const end = until.getTime();
  const start = end - hours * 3_600_000;
  return repeats.filter((r) => r.getTime() >= start && r.getTime() < end).length;
}
