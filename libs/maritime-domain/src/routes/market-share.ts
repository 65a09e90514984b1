/** Trade-route flows: month × origin → destination × vessel type, with each pair's share. */

/** Percentages are reported to 2 decimals. */
export function roundPct(value: number): number {
  return Math.round(value * 100) / 100;
}

/**
 * A pair's market share: 100 · its tonnage / all tonnage leaving its origin that month (every
 * destination and vessel type). An origin that shipped nothing has no share (null).
 */
export function marketSharePct(pairTonnage: number, originTonnage: number): number | null {
  if (!(originTonnage > 0)) return null;
  return roundPct((100 * pairTonnage) / originTonnage);
}

export interface FlowTonnage {
  period: string;
  origin: string;
  tonnage_mt: number;
}

/** Tonnage leaving each origin in each period, keyed `period|origin`. */
export function originTotals(rows: readonly FlowTonnage[]): Map<string, number> {
  const totals = new Map<string, number>();
  for (const row of rows) {
    const key = `${row.period}|${row.origin}`;
    totals.set(key, (totals.get(key) ?? 0) + row.tonnage_mt);
  }
  return totals;
}

/** Each row with its market share within its origin and period. */
export function withMarketShare<T extends FlowTonnage>(
  rows: readonly T[],
): (T & { market_share_pct: number | null })[] {
  const totals = originTotals(rows);
  return rows.map((row) => ({
    ...row,
    market_share_pct: marketSharePct(
      row.tonnage_mt,
      totals.get(`${row.period}|${row.origin}`) ?? 0,
    ),
  }));
}
