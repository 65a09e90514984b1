/** A virtual key as stored (never the plaintext). Money is integer micro-dollars. */
export interface VirtualKey {
  id: string;
  teamId: string | null;
  alias: string;
  keyPrefix: string;
  /** null: every configured model. */
  allowedModels: string[] | null;
  expiresAt: Date | null;
  rpm: number | null;
  tpm: number | null;
  monthlyBudgetMicroUsd: number | null;
  metadata: Record<string, string>;
  createdAt: Date;
  revokedAt: Date | null;
  lastUsedAt: Date | null;
}

export type KeyStatus = 'active' | 'revoked' | 'expired';

export function keyStatus(
  key: Pick<VirtualKey, 'revokedAt' | 'expiresAt'>,
  now = Date.now(),
): KeyStatus {
  if (key.revokedAt) return 'revoked';
  if (key.expiresAt && key.expiresAt.getTime() <= now) return 'expired';
  return 'active';
}

/** A model is allowed when the key lists the name the client used or what it resolves to. */
export function keyMayUse(
  key: Pick<VirtualKey, 'allowedModels'>,
  requested: string,
  canonical: string,
): boolean {
  return (
    key.allowedModels === null ||
    key.allowedModels.includes(requested) ||
    key.allowedModels.includes(canonical)
  );
}

export const MICRO_USD_PER_USD = 1_000_000;

export function usdToMicro(usd: number): number {
  return Math.round(usd * MICRO_USD_PER_USD);
}

export function microToUsd(micro: number): number {
  return Math.round(micro) / MICRO_USD_PER_USD;
}
