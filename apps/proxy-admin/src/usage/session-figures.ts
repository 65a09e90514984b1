/** 1 - edit_retry_turns / turns; null for sessions without answered turns. */
export function oneShotRate(turns: number, editRetryTurns: number): number | null {
  return turns === 0 ? null : 1 - editRetryTurns / turns;
}

/** Integer micro-USD (a bigint column arrives as text) as USD. */
export function microToUsd(micro: string | number): number {
  return Number(micro) / 1_000_000;
}
