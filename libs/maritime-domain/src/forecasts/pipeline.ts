export const DEFAULT_SPEED_KN = 12;
const DAY_MS = 86_400_000;

/** A port's chance of being a voyage's destination. */
export interface PortProbability {
  portId: string;
  probability: number;
}

/**
 * P(port) for a voyage: a parseable declared destination gets reliability (0..1), and the rest,
 * 1 − reliability (all of it when nothing is declared), is spread over the destination model's
 * distribution. Without a model the rest is dropped, so Σ P ≤ 1.
 */
export function destinationProbabilities(
  declaredPortId: string | null,
  reliability: number,
  model: readonly PortProbability[] | null,
): Map<string, number> {
  const out = new Map<string, number>();
  const declared = declaredPortId === null ? 0 : Math.min(1, Math.max(0, reliability));
  if (declaredPortId !== null && declared > 0) out.set(declaredPortId, declared);
  const rest = 1 - declared;
  if (model !== null && rest > 0)
    for (const { portId, probability } of model)
      if (probability > 0) out.set(portId, (out.get(portId) ?? 0) + rest * probability);
  return out;
}

/**
 * The horizon (whole UTC days after the issue day) of the ETA issue + remaining nm / speed,
 * where `issueMs` is the issue day's 00:00 UTC and an unknown speed (≤ 0) is 12 kn. 0 means the
 * issue day itself.
 */
export function etaHorizonDays(issueMs: number, remainingNm: number, speedKn: number): number {
  const speed = speedKn > 0 && Number.isFinite(speedKn) ? speedKn : DEFAULT_SPEED_KN;
  const hours = remainingNm / speed;
  return Math.floor((issueMs + hours * 3_600_000) / DAY_MS) - Math.floor(issueMs / DAY_MS);
}
