import { Inject, Injectable } from '@nestjs/common';
import { JobProcessor, QueueProcessor } from '@platform/queues';
import {
  RouteFlowsRefreshResult,
  RouteFlowsRefreshService,
} from '../../pipeline/route-flows/route-flows-refresh.service';
import { JOB_QUEUES } from '../job-queues';

/** Daily at 02:30 UTC: REFRESH MATERIALIZED VIEW CONCURRENTLY route_flows_monthly. */
@Injectable()
@QueueProcessor(JOB_QUEUES.routeFlowsRefresh, { exclusive: true, lockDurationMs: 300_000 })
export class RouteFlowsRefreshProcessor implements JobProcessor<unknown, RouteFlowsRefreshResult> {
  constructor(@Inject(RouteFlowsRefreshService) private readonly flows: RouteFlowsRefreshService) {}

  process(): Promise<RouteFlowsRefreshResult> {
    return this.flows.refresh();
  }
}
