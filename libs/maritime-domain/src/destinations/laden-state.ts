/**
 * The laden state a destination prediction conditions on, from what the caller knows about the
 * draft. The first rule that applies wins.
 */
export interface LadenStateInput {
  /** Draft change over the recent track, metres (negative = lighter). */
  draftDelta?: number | null;
  /** Current draft, metres. */
  draftCurrent?: number | null;
  /** Design draft of a known vessel, metres. */
  designDraft?: number | null;
}

export const DRAFT_DELTA_THRESHOLD_M = 1.0;
export const LADEN_DESIGN_DRAFT_SHARE = 0.75;
export const LADEN_ABSOLUTE_DRAFT_M = 10;

const known = (value: number | null | undefined): value is number =>
  typeof value === 'number' && Number.isFinite(value);

/**
 * (1) draft_delta ≤ −1.0 → ballast; (2) draft_delta ≥ +1.0 → laden; (3) a known vessel (design
 * draft known) → laden iff draft_current ≥ 0.75·design draft; (4) only draft_current → laden iff
 * ≥ 10 m; (5) otherwise null (unknown).
 */
export function ladenStateFromDraft(input: LadenStateInput): boolean | null {
  const { draftDelta, draftCurrent, designDraft } = input;
  if (known(draftDelta) && draftDelta <= -DRAFT_DELTA_THRESHOLD_M) return false;
  if (known(draftDelta) && draftDelta >= DRAFT_DELTA_THRESHOLD_M) return true;
  if (!known(draftCurrent)) return null;
  if (known(designDraft) && designDraft > 0)
    return draftCurrent >= LADEN_DESIGN_DRAFT_SHARE * designDraft;
  return draftCurrent >= LADEN_ABSOLUTE_DRAFT_M;
}
