import { decideScoreChanges } from './score-changed';

const context = { metroSlug: 'atx', scoreRunId: 7, resetBaselines: false };
const cell = (composite: number | null, notified: number | null) => ({
  h3Index: '882a100d2bfffff',
  composite,
  confidence: 0.5,
  notifiedComposite: notified,
});

describe('decideScoreChanges', () => {
  it('emits at exactly 5.00 points and moves the baseline', () => {
    const { notified, changes } = decideScoreChanges(
      [cell(65.1, 60.1), cell(64.09, 59.1)],
      context,
    );
    expect(notified).toEqual([65.1, 59.1]);
    expect(changes).toEqual([
      {
        h3_index: '882a100d2bfffff',
        metro_slug: 'atx',
        previous_composite: 60.1,
        composite: 65.1,
        delta: 5,
        previous_tier: 'strong',
        tier: 'strong',
        confidence: 0.5,
        score_run_id: 7,
      },
    ]);
  });

  it('sets a first baseline silently, and resets all on an engine change', () => {
    expect(decideScoreChanges([cell(40, null)], context)).toEqual({ notified: [40], changes: [] });
    expect(decideScoreChanges([cell(90, 10)], { ...context, resetBaselines: true })).toEqual({
      notified: [90],
      changes: [],
    });
    expect(decideScoreChanges([cell(null, 30)], context)).toEqual({ notified: [30], changes: [] });
  });

  it('reports downward moves with a negative delta', () => {
    const { changes } = decideScoreChanges([cell(19.99, 25)], context);
    expect(changes[0]).toMatchObject({ delta: -5.01, previous_tier: 'watch', tier: 'elevated' });
  });
});
