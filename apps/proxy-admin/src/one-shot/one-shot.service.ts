import { Inject, Injectable } from '@nestjs/common';
import { Clock } from '@platform/clock';
import { microToUsd, oneShotRate } from '../usage/session-figures';
import { OneShotPeriod } from './dto/one-shot.query';
import { OneShotModelRow, OneShotResponse } from './dto/one-shot.response';
import { OneShotRepository } from './one-shot.repository';

const PERIOD_MS: Record<OneShotPeriod, number> = {
  '24h': 86_400_000,
  '7d': 7 * 86_400_000,
  '30d': 30 * 86_400_000,
};

@Injectable()
export class OneShotService {
  constructor(
    private readonly repository: OneShotRepository,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  /**
   * The team's sessions whose last request falls in the period (ending now), summed, and the
   * same split by each session's primary model (the groups add up to the summary).
   */
  async oneShot(teamId: string, period: OneShotPeriod): Promise<OneShotResponse> {
    const since = new Date(this.clock.nowMs() - PERIOD_MS[period]);
    const groups = await this.repository.byPrimaryModel(teamId, since);
    let sessions = 0;
    let turns = 0;
    let editRetry = 0;
    let costMicro = 0;
    let webSearch = 0;
    const byModel: OneShotModelRow[] = groups.map((g) => {
      const row = {
        sessions: Number(g.sessions),
        turns: Number(g.turns),
        editRetry: Number(g.edit_retry_turns),
        costMicro: Number(g.total_cost_micro_usd),
      };
      sessions += row.sessions;
      turns += row.turns;
      editRetry += row.editRetry;
      costMicro += row.costMicro;
      webSearch += Number(g.web_search_calls);
      return {
        model: g.model ?? 'unknown',
        sessions: row.sessions,
        turns: row.turns,
        edit_retry_turns: row.editRetry,
        one_shot_rate: oneShotRate(row.turns, row.editRetry),
        total_cost_usd: microToUsd(row.costMicro),
      };
    });
    byModel.sort(
      (a, b) =>
        b.turns - a.turns ||
        b.sessions - a.sessions ||
        (a.model < b.model ? -1 : a.model > b.model ? 1 : 0),
    );
    return {
      period,
      summary: {
        sessions,
        turns,
        edit_retry_turns: editRetry,
        one_shot_rate: oneShotRate(turns, editRetry),
        total_cost_usd: microToUsd(costMicro),
        web_search_calls: webSearch,
      },
      by_model: byModel,
    };
  }
}
