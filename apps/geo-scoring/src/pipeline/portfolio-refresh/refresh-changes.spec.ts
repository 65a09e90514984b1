import {
  MemberRefresh,
  monitorReport,
  scoreChanges,
  thresholdCrossings,
  topMovers,
} from './refresh-changes';
import { PortfolioSummary } from './portfolio-refresh.types';

const portfolio: PortfolioSummary = {
  id: 'p-1',
  name: 'Austin',
  composite_score: 71,
  member_count: 4,
  scored_count: 3,
  above_threshold_count: 2,
  below_threshold_count: 1,
  last_refreshed_at: '2026-03-31T23:59:59.000Z',
  created_at: '2026-03-01T00:00:00.000Z',
  updated_at: '2026-03-01T00:00:00.000Z',
};

function member(id: string, previous: number | null, score: number | null): MemberRefresh {
  return {
    member_id: id,
    name: `Member ${id}`,
    h3_index: `cell-${id}`,
    previous_score: previous,
    score,
  };
}

describe('scoreChanges', () => {
  it('keeps scored members whose score moved, first scorings included', () => {
    const changes = scoreChanges([
      member('a', 60, 65),
      member('b', 50, 50),
      member('c', null, 40),
      member('d', 70, null),
      member('e', null, null),
    ]);
    expect(changes.map((c) => c.member_id)).toEqual(['a', 'c']);
    expect(changes[1]).toEqual({
      member_id: 'c',
      name: 'Member c',
      h3_index: 'cell-c',
      previous_score: null,
      score: 40,
    });
  });
});

describe('thresholdCrossings', () => {
  it('alerts when a score crosses 70 either way, with 70 itself above', () => {
    const alerts = thresholdCrossings(
      portfolio,
      scoreChanges([
        member('up', 69.99, 70),
        member('down', 70, 69.99),
        member('stays-above', 71, 90),
        member('stays-below', 10, 69),
        member('first', null, 95),
      ]),
    );
    expect(alerts).toEqual([
      {
        portfolio_id: 'p-1',
        portfolio_name: 'Austin',
        member_id: 'up',
        member_name: 'Member up',
        h3_index: 'cell-up',
        previous_score: 69.99,
        score: 70,
        threshold: 70,
        direction: 'crossed_above',
      },
      expect.objectContaining({ member_id: 'down', direction: 'crossed_below' }),
    ]);
  });
});

describe('topMovers and monitorReport', () => {
  it('lists the five largest moves by absolute change, ties by member id', () => {
    const movers = topMovers(
      scoreChanges([
        member('f', 50, 51),
        member('e', 50, 40),
        member('d', 50, 60),
        member('c', 50, 80),
        member('b', 50, 20),
        member('a', 50, 47),
        member('new', null, 99),
      ]),
    );
    expect(movers.map((m) => m.member_id)).toEqual(['b', 'c', 'd', 'e', 'a']);
    expect(movers[0]).toEqual({ member_id: 'b', name: 'Member b', previous_score: 50, score: 20 });
  });

  it('copies the summary into the report', () => {
    const report = monitorReport(portfolio, '2026-04-01T06:00:00.000Z', []);
    expect(report).toEqual({
      portfolio_id: 'p-1',
      portfolio_name: 'Austin',
      refreshed_at: '2026-04-01T06:00:00.000Z',
      member_count: 4,
      scored_count: 3,
      composite_score: 71,
      above_threshold_count: 2,
      below_threshold_count: 1,
      movers: [],
    });
  });
});
