import { mapSignalGroups, round2, round3, SignalGroup } from '@platform/geo-domain';

/**
 * Output rounding (see docs/geo-scoring/README.md#conventions): composite and signals 2 decimals,
 * confidence and support_stability 3. Stored values are already rounded, so this is a no-op on
 * them; it keeps float noise from aggregates (avg) and any future unrounded writer out of the JSON.
 */
export function round2OrNull(value: number | null): number | null {
  return value === null ? null : round2(value);
}

export function round3OrNull(value: number | null): number | null {
  return value === null ? null : round3(value);
}

/** The eight signal columns of a row, in column order, rounded to 2 decimals. */
export function signalsOf(
  row: Readonly<Record<SignalGroup, number | null>>,
): Record<SignalGroup, number | null> {
  return mapSignalGroups((group) => round2OrNull(row[group]));
}
