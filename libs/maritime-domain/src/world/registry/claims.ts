/**
 * Synthetic insurance-claim labels per vessel and policy year, drawn from a logistic model of
 * the vessel's age, port-state record, sanctions exposure, dark events and incidents in that year,
 * so that risk indicators really do predict claims in the validation.
 */
import { Rng } from '../prng';
import type { Row } from '../tables';
import { DAY_MS, utcYear } from '../time';
import type { Gap, Vessel, Voyage } from '../types';
import type { Inspection } from './psc';
import type { SanctionsLevel } from './plan';
import { policyYearOf } from './pi-coverage';

export interface ClaimLabel {
  vessel: number;
  policyYear: number;
  hadClaim: boolean;
  claimUsd: number | null;
}

const ageBucket = (age: number): number => (age >= 20 ? 3 : age >= 15 ? 2 : age >= 10 ? 1 : 0);

export function claimLabels(
  seed: number,
  vessel: Vessel,
  inspections: readonly Inspection[],
  gaps: readonly Gap[],
  voyages: readonly Voyage[],
  sanctions: SanctionsLevel,
  asOfMs: number,
): ClaimLabel[] {
  const rng = Rng.stream(seed, `claims:${vessel.index}`);
  const current = policyYearOf(asOfMs);
  const labels: ClaimLabel[] = [];
  for (let year = current - 2; year <= current; year += 1) {
    const from = Date.UTC(year, 1, 20);
    const to = Math.min(asOfMs, Date.UTC(year + 1, 1, 20));
    const inYear = (t: number): boolean => t >= from && t < to;
    const yearInspections = inspections.filter((x) => inYear(x.atMs));
    const detained = yearInspections.some((x) => x.detained) ? 1 : 0;
    const deficiencies = yearInspections.reduce((s, x) => s + x.deficiencies, 0);
    // Dark events scaled to a 90-day rate, as the model's input is a 90-day count.
    const dark =
      (gaps.filter((g) => inYear(g.startMs)).length * 90) / Math.max(30, (to - from) / DAY_MS);
    const incidents = voyages.reduce(
      (n, v) => n + v.stops.filter((s) => s.kind === 'unplanned' && inYear(s.startMs)).length,
      0,
    );
    const z =
      -3.2 +
      0.35 * ageBucket(utcYear(from) - vessel.buildYear) +
      0.9 * detained +
      0.08 * Math.min(deficiencies, 20) +
      1.1 * (sanctions === 'none' ? 0 : 1) +
      0.12 * Math.min(dark, 15) +
      0.45 * Math.min(incidents, 5) +
      rng.normal() * 0.3;
    const hadClaim = rng.next() < 1 / (1 + Math.exp(-z));
    labels.push({
      vessel: vessel.index,
      policyYear: year,
      hadClaim,
      claimUsd: hadClaim ? Math.round(rng.lognormal(180_000, 1.1) * 100) / 100 : null,
    });
  }
  return labels;
}

export function claimRows(vessels: readonly Vessel[], labels: readonly ClaimLabel[]): Row[] {
  return labels.map((l) => [
    (vessels[l.vessel] as Vessel).imo,
    l.policyYear,
    l.hadClaim,
    l.claimUsd,
  ]);
}
