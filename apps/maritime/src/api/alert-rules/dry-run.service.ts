import { Inject, Injectable } from '@nestjs/common';
import { ApiError } from '@platform/http';
import { compileRule } from '@platform/maritime-domain';
import { ruleRecord } from '../../pipeline/alert-evaluate/rule-record';
import type { Caller } from '../../platform/access/caller';
import { DataWindow } from '../../platform/access/data-window';
import { ownerOf } from './alert-rules.service';
import { DryRunRepository, type UnifiedAlertRow } from './dry-run.repository';
import type { DryRunBody } from './dto/alert-rules.dto';
import { parseExpression } from './rule-expression';

export const DRY_RUN_DEFAULT_LIMIT = 100;

/** A unified alert as the feed shows it. */
export function unifiedAlertView(row: UnifiedAlertRow): Record<string, unknown> {
  const imo = row.metadata['imo_number'];
  const name = row.metadata['vessel_name'];
  return {
    id: row.uid,
    source: row.source,
    product: row.product,
    severity: row.severity,
    title: row.title,
    description: row.description,
    event_type: row.event_type,
    entity_id: row.entity_id,
    imo_number: typeof imo === 'string' ? imo : null,
    vessel_name: typeof name === 'string' ? name : null,
    occurred_at: row.occurred_at.toISOString(),
    state: row.state,
    metadata: row.metadata,
  };
}

@Injectable()
export class DryRunService {
  constructor(
    @Inject(DryRunRepository) private readonly alerts: DryRunRepository,
    @Inject(DataWindow) private readonly window: DataWindow,
  ) {}

  /**
   * Evaluates the expression on the newest alerts after the filters: no dedupe and no
   * severity_override. Node statistics count every node, without short-circuit.
   */
  async dryRun(body: DryRunBody, caller: Caller): Promise<Record<string, unknown>> {
    const rule = compileRule(parseExpression(body.expression));
    const ownerId = ownerOf(caller);
    const portfolioId = body.portfolioId ?? null;
    if (portfolioId !== null && !(await this.alerts.categoryExists(ownerId, portfolioId)))
      throw new ApiError(404, 'category_not_found', 'No watchlist category with this id');
    const rows = await this.alerts.newest({
      ownerId,
      product: body.product === undefined || body.product === 'all' ? null : body.product,
      severity: body.severity ?? null,
      watchlistOnly: body.watchlistOnly ?? false,
      portfolioId,
      darkFleet: caller.limits.dark_fleet,
      until: this.window.visibleUntil(caller),
      since: this.window.oldestVisible(caller),
      now: this.window.now(),
      limit: body.limit ?? DRY_RUN_DEFAULT_LIMIT,
    });
    const counts = rule.paths.map(() => 0);
    const matched = rows.filter((row) => rule.evaluateAll(ruleRecord(row), counts));
    return {
      evaluated: rows.length,
      matched: matched.length,
      alerts: matched.map(unifiedAlertView),
      node_stats: rule.paths.map((path, i) => ({ path, matched: counts[i] })),
    };
  }
}
