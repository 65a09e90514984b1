// score.changed decisions (see docs/geo-scoring/webhook-events.md#scorechanged): which cells notify
// and what notified_composite becomes.
import { round2, toHundredths } from './rounding';
import { tierOf, Tier } from './tier';

/** Minimum |composite − notified_composite| (points) that emits score.changed. */
export const SCORE_CHANGED_THRESHOLD = 5;

export interface NotifyInput {
  h3Index: string;
  composite: number | null;
  confidence: number;
  /** cell_scores.notified_composite before this refresh (null: never scored or no baseline). */
  notifiedComposite: number | null;
}

/** The `data` of a score.changed event. */
export interface ScoreChangedData {
  h3_index: string;
  metro_slug: string;
  previous_composite: number;
  composite: number;
  delta: number;
  previous_tier: Tier;
  tier: Tier;
  confidence: number;
  score_run_id: number;
}

export interface NotifyDecision {
  /** notified_composite to store, per input cell (same order). */
  notified: (number | null)[];
  changes: ScoreChangedData[];
}

/**
 * First scoring sets the baseline silently; an engine fingerprint change resets every baseline
 * and emits nothing; otherwise a move of ≥ 5.00 points (exact, in hundredths) emits and moves
 * the baseline. A null composite (no group applies) neither emits nor moves the baseline.
 */
export function decideScoreChanges(
  cells: readonly NotifyInput[],
  context: { metroSlug: string; scoreRunId: number; resetBaselines: boolean },
): NotifyDecision {
  const notified: (number | null)[] = [];
  const changes: ScoreChangedData[] = [];
  for (const cell of cells) {
    const { composite, notifiedComposite: previous } = cell;
    if (composite === null) {
      notified.push(previous);
    } else if (context.resetBaselines || previous === null) {
      notified.push(composite);
    } else if (
      Math.abs(toHundredths(composite) - toHundredths(previous)) >=
      SCORE_CHANGED_THRESHOLD * 100
    ) {
      notified.push(composite);
      changes.push({
        h3_index: cell.h3Index,
        metro_slug: context.metroSlug,
        previous_composite: previous,
        composite,
        delta: round2(composite - previous),
        previous_tier: tierOf(previous),
        tier: tierOf(composite),
        confidence: cell.confidence,
        score_run_id: context.scoreRunId,
      });
    } else {
      notified.push(previous);
    }
  }
  return { notified, changes };
}
