import type { SqlRunner } from '@platform/database';
import { TEST_NOW } from '@platform/testing';
import { PortfolioRefreshRepository } from '../src/pipeline/portfolio-refresh/portfolio-refresh.repository';
import { PortfolioRefreshService } from '../src/pipeline/portfolio-refresh/portfolio-refresh.service';
import type {
  PortfolioRefreshListener,
  PortfolioRefreshResult,
} from '../src/pipeline/portfolio-refresh/portfolio-refresh.types';
import { PortfolioSummariesRepository } from '../src/pipeline/portfolio-refresh/portfolio-summaries.repository';
import { geoForFile } from './support/geo-harness';
import { ScoredCell, scoredCells, setComposite, UNSCORED_POINT } from './support/scored-cells';
import { tinySeedTemplate } from './support/tiny-seed';
import { latLngToCell } from 'h3-js';

// PortfolioRefreshService as the portfolio-monitor job uses it: refresh everything, and report
// what changed (alerts, monitor reports) to an optional listener inside each refresh transaction.

const file = geoForFile({ ...tinySeedTemplate, replicas: 0 });
let cells: ScoredCell[];

function service(listener: PortfolioRefreshListener | null = null): PortfolioRefreshService {
  const db = file.geo.db;
  return new PortfolioRefreshService(
    db,
    new PortfolioRefreshRepository(db),
    new PortfolioSummariesRepository(db),
    file.geo.clock,
    listener,
  );
}

async function portfolio(userId: string, name: string): Promise<string> {
  const [row] = await file.geo.db.query<{ id: string }[]>(
    'INSERT INTO portfolios (user_id, name) VALUES ($1, $2) RETURNING id',
    [userId, name],
  );
  return row!.id;
}

async function member(
  userId: string,
  portfolioId: string | null,
  name: string,
  point: { lat: number; lng: number },
): Promise<string> {
  const [row] = await file.geo.db.query<{ id: string }[]>(
    `INSERT INTO monitored_locations (user_id, portfolio_id, name, lat, lng, h3_index)
     VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
    [userId, portfolioId, name, point.lat, point.lng, latLngToCell(point.lat, point.lng, 8)],
  );
  return row!.id;
}

async function lastScores(): Promise<Record<string, number | null>> {
  const rows = await file.geo.db.query<{ name: string; last_score: number | null }[]>(
    'SELECT name, last_score FROM monitored_locations',
  );
  return Object.fromEntries(rows.map((row) => [row.name, row.last_score]));
}

beforeAll(async () => {
  cells = await scoredCells(file.geo.db, 3);
});

beforeEach(async () => {
  file.geo.clock.set(TEST_NOW);
  await file.geo.db.query('DELETE FROM monitored_locations');
  await file.geo.db.query('DELETE FROM portfolios');
  await file.geo.db.query('DELETE FROM webhook_events');
  // Tests move composites; every test starts from the seed's.
  for (const cell of cells) await setComposite(file.geo.db, cell.h3_index, cell.composite);
});

describe('PortfolioRefreshService', () => {
  it('refreshes every portfolio of every user, then the unassigned locations', async () => {
    const [c0, c1] = [cells[0]!, cells[1]!];
    const ada = await portfolio('user-ada', 'Ada');
    const bob = await portfolio('user-bob', 'Bob');
    await member('user-ada', ada, 'a1', c0);
    await member('user-ada', ada, 'a2', UNSCORED_POINT);
    await member('user-bob', bob, 'b1', c1);
    await member('user-ada', null, 'loose', c1);
    const run = await service().refreshAll();
    expect(run.portfolios.map((r) => [r.portfolio.id, r.userId, r.refreshed, r.scored])).toEqual(
      [
        [ada, 'user-ada', 2, 1],
        [bob, 'user-bob', 1, 1],
      ].sort((x, y) => String(x[0]).localeCompare(String(y[0]))),
    );
    expect(run.unassigned).toEqual({ refreshed: 1, scored: 1 });
    expect(await lastScores()).toEqual({
      a1: c0.composite,
      a2: null,
      b1: c1.composite,
      loose: c1.composite,
    });
    const [stamp] = await file.geo.db.query<{ last_refreshed_at: Date }[]>(
      'SELECT last_refreshed_at FROM portfolios WHERE id = $1',
      [ada],
    );
    expect(stamp!.last_refreshed_at.toISOString()).toBe(TEST_NOW);
  });

  it('reports changes, threshold crossings and the largest moves', async () => {
    const id = await portfolio('user-ada', 'Watchlist');
    const [c0, c1, c2] = [cells[0]!, cells[1]!, cells[2]!];
    const m0 = await member('user-ada', id, 'rising', c0);
    const m1 = await member('user-ada', id, 'falling', c1);
    const m2 = await member('user-ada', id, 'drifting', c2);
    await setComposite(file.geo.db, c0.h3_index, 65);
    await setComposite(file.geo.db, c1.h3_index, 75);
    await setComposite(file.geo.db, c2.h3_index, 50);

    const first = await service().refreshPortfolio('user-ada', id);
    expect(first.changes.map((c) => [c.name, c.previous_score, c.score])).toEqual([
      ['rising', null, 65],
      ['falling', null, 75],
      ['drifting', null, 50],
    ]);
    // A first scoring sets the baseline: nothing crossed, nothing moved.
    expect(first.alerts).toEqual([]);
    expect(first.report.movers).toEqual([]);

    file.geo.clock.set('2026-04-01T06:00:00.000Z');
    await setComposite(file.geo.db, c0.h3_index, 72.5);
    await setComposite(file.geo.db, c1.h3_index, 68);
    await setComposite(file.geo.db, c2.h3_index, 51);
    const second = await service().refreshPortfolio('user-ada', id);
    expect(second.refreshedAt).toBe('2026-04-01T06:00:00.000Z');
    expect(second.alerts).toEqual([
      {
        portfolio_id: id,
        portfolio_name: 'Watchlist',
        member_id: m0,
        member_name: 'rising',
        h3_index: c0.h3_index,
        previous_score: 65,
        score: 72.5,
        threshold: 70,
        direction: 'crossed_above',
      },
      expect.objectContaining({ member_id: m1, direction: 'crossed_below', score: 68 }),
    ]);
    expect(second.report).toEqual({
      portfolio_id: id,
      portfolio_name: 'Watchlist',
      refreshed_at: '2026-04-01T06:00:00.000Z',
      member_count: 3,
      scored_count: 3,
      composite_score: 64,
      above_threshold_count: 1,
      below_threshold_count: 2,
      movers: [
        { member_id: m0, name: 'rising', previous_score: 65, score: 72.5 },
        { member_id: m1, name: 'falling', previous_score: 75, score: 68 },
        { member_id: m2, name: 'drifting', previous_score: 50, score: 51 },
      ],
    });
    expect(second.portfolio).toMatchObject({
      composite_score: 64,
      last_refreshed_at: second.refreshedAt,
    });

    const third = await service().refreshPortfolio('user-ada', id);
    expect(third.changes).toEqual([]);
    expect(third.alerts).toEqual([]);
    expect(third.report.movers).toEqual([]);
  });

  it("refuses another user's portfolio and skips a deleted one", async () => {
    const id = await portfolio('user-ada', 'Mine');
    await expect(service().refreshPortfolio('user-bob', id)).rejects.toMatchObject({
      status: 404,
      code: 'portfolio_not_found',
    });
    await expect(service().refreshPortfolio('user-ada', 'nope')).rejects.toMatchObject({
      status: 404,
    });
    await file.geo.db.query('DELETE FROM portfolios WHERE id = $1', [id]);
    await expect(service().refreshPortfolioById(id)).resolves.toBeUndefined();
  });

  it('runs the listener inside the refresh transaction, then after commit', async () => {
    const id = await portfolio('user-ada', 'Events');
    await member('user-ada', id, 'm', cells[0]!);
    const seen: string[] = [];
    const writer: PortfolioRefreshListener = {
      async inTransaction(result: PortfolioRefreshResult, tx: SqlRunner) {
        seen.push(`in:${result.portfolio.id}`);
        await tx.query(
          `INSERT INTO webhook_events (id, type, owner_id, payload)
           VALUES ('evt_TEST', 'monitor.report', $1, $2::jsonb)`,
          [result.userId, JSON.stringify(result.report)],
        );
      },
      async afterCommit(result: PortfolioRefreshResult) {
        const rows = await file.geo.db.query<unknown[]>(
          `SELECT 1 FROM webhook_events WHERE id = 'evt_TEST'`,
        );
        seen.push(`after:${result.portfolio.id}:${rows.length}`);
      },
    };
    await service(writer).refreshPortfolio('user-ada', id);
    expect(seen).toEqual([`in:${id}`, `after:${id}:1`]);
    const [event] = await file.geo.db.query<
      { owner_id: string; payload: { portfolio_id: string } }[]
    >(`SELECT owner_id, payload FROM webhook_events WHERE id = 'evt_TEST'`);
    expect(event).toMatchObject({ owner_id: 'user-ada', payload: { portfolio_id: id } });
  });

  it('rolls the refresh back when the listener fails inside the transaction', async () => {
    const id = await portfolio('user-ada', 'Rollback');
    await member('user-ada', id, 'm', cells[0]!);
    const failing: PortfolioRefreshListener = {
      inTransaction: () => Promise.reject(new Error('outbox unavailable')),
    };
    await expect(service(failing).refreshPortfolio('user-ada', id)).rejects.toThrow(
      'outbox unavailable',
    );
    expect(await lastScores()).toEqual({ m: null });
    const [row] = await file.geo.db.query<{ last_refreshed_at: Date | null }[]>(
      'SELECT last_refreshed_at FROM portfolios WHERE id = $1',
      [id],
    );
    expect(row!.last_refreshed_at).toBeNull();
  });

  it('keeps a committed refresh when only the after-commit step fails', async () => {
    const id = await portfolio('user-ada', 'After');
    await member('user-ada', id, 'm', cells[0]!);
    const result = await service({
      inTransaction: () => Promise.resolve(),
      afterCommit: () => Promise.reject(new Error('queue down')),
    }).refreshPortfolio('user-ada', id);
    expect(result.scored).toBe(1);
    expect(await lastScores()).toEqual({ m: cells[0]!.composite });
  });
});
