// Independent recomputations of the published formulas, written from the contract rather than
// imported from the domain library, so the acceptance specs check the routes against the text.

export interface ClaimsFactors {
  age_bucket: '0-9' | '10-14' | '15-19' | '20+' | null;
  psc_detained_12m: boolean;
  psc_deficiency_count_12m: number;
  sanctions_match: boolean;
  dark_events_90d: number;
  incident_proxy: number;
}

const AGE_CODES: Record<string, number> = { '0-9': 0, '10-14': 1, '15-19': 2, '20+': 3 };

const round = (value: number, decimals: number): number => {
  const f = 10 ** decimals;
  return Math.round(value * f) / f;
};

/** 1/(1+e^−z), z = −3.2 + 0.35·a + 0.9·detained + 0.08·min(def,20) + 1.1·sanctioned + … */
export function claimsProbability(f: ClaimsFactors): number {
  const z =
    -3.2 +
    0.35 * (f.age_bucket === null ? 0 : (AGE_CODES[f.age_bucket] as number)) +
    0.9 * (f.psc_detained_12m ? 1 : 0) +
    0.08 * Math.min(f.psc_deficiency_count_12m, 20) +
    1.1 * (f.sanctions_match ? 1 : 0) +
    0.12 * Math.min(f.dark_events_90d, 15) +
    0.45 * Math.min(f.incident_proxy, 5);
  return round(1 / (1 + Math.exp(-z)), 4);
}

export interface PremiumInputs {
  risk_score: number;
  sanctions_match_type: 'direct_imo' | 'mmsi' | 'name' | null;
  psc_deficiency_count_12m: number;
  psc_detained_12m: boolean;
  dark_events_90d: number;
}

/** clamp(1 + Σ contributions each rounded to 4 decimals, 0.75, 2.50). */
export function premiumFactor(i: PremiumInputs): number {
  const sanctions =
    i.sanctions_match_type === 'direct_imo' || i.sanctions_match_type === 'mmsi'
      ? 0.5
      : i.sanctions_match_type === 'name'
        ? 0.25
        : 0;
  const parts = [
    (0.4 * (i.risk_score - 25)) / 100,
    sanctions,
    0.02 * Math.min(i.psc_deficiency_count_12m, 10) + 0.1 * (i.psc_detained_12m ? 1 : 0),
    0.03 * Math.min(i.dark_events_90d, 10),
  ].map((c) => round(c, 4));
  const sum = parts.reduce((s, c) => s + c, 1);
  return Math.min(2.5, Math.max(0.75, sum));
}

/** 100·(below + 0.5·equal)/count to 1 decimal, plus median and mean; nulls for an empty pool. */
export function poolStats(
  focal: number,
  scores: readonly number[],
): {
  count: number;
  percentile_rank: number | null;
  median_risk_score: number | null;
  mean_risk_score: number | null;
} {
  const count = scores.length;
  if (count === 0)
    return { count, percentile_rank: null, median_risk_score: null, mean_risk_score: null };
  const below = scores.filter((s) => s < focal).length;
  const equal = scores.filter((s) => s === focal).length;
  const sorted = [...scores].sort((a, b) => a - b);
  const mid = Math.floor(count / 2);
  const median = count % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
  return {
    count,
    percentile_rank: round((100 * (below + 0.5 * equal)) / count, 1),
    median_risk_score: round(median, 1),
    mean_risk_score: round(sorted.reduce((s, v) => s + v, 0) / count, 1),
  };
}

/** discrepancy_pct = 100·|e−i|/max(e,i) to 2 decimals, and its status; 100 when a side is 0/null. */
export function mirror(
  exported: number | null,
  imported: number | null,
): { discrepancy_pct: number; status: string } {
  if (!exported || !imported) return { discrepancy_pct: 100, status: 'missing_mirror' };
  const pct = round((100 * Math.abs(exported - imported)) / Math.max(exported, imported), 2);
  const status = pct < 5 ? 'consistent' : pct < 15 ? 'minor' : pct < 30 ? 'significant' : 'major';
  return { discrepancy_pct: pct, status };
}
