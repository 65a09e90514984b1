import { Global, Module } from '@nestjs/common';
import { MaritimeConfig } from '@platform/config';
import { QueuesModule } from '@platform/queues';
import { AisDeriveModule } from '../pipeline/ais-derive/ais-derive.module';
import { AisDerivation } from '../pipeline/ais-derive/ais-derivation';
import { PartitionsModule } from '../pipeline/partitions/partitions.module';
import { RiskModule } from '../pipeline/risk/risk.module';
import { SanctionsScreeningModule } from '../pipeline/sanctions/sanctions.module';
import { AisDeriveProcessor } from './ais-derive/ais-derive.processor';
import { AlertDeliveriesJobModule } from './alert-deliveries/alert-deliveries.module';
import { AlertEvaluateModule } from './alert-evaluate/alert-evaluate.module';
import { QueuedAisDerivation } from './ais-derive/queued-ais-derivation';
import { ForecastsIssueJobModule } from './forecasts-issue/forecasts-issue.module';
import { DestinationTrainJobModule } from './destination-train/destination-train.module';
import { ReliabilityRecomputeJobModule } from './reliability-recompute/reliability-recompute.module';
import { DensityRefreshJobModule } from './density-refresh/density-refresh.module';
import { RouteFlowsRefreshJobModule } from './route-flows-refresh/route-flows-refresh.module';
import { VoyageMetricsJobModule } from './voyage-metrics/voyage-metrics.module';
import { CongestionSnapshotJobModule } from './congestion-snapshot/congestion-snapshot.module';
import { RiverLevelsCheckJobModule } from './river-levels-check/river-levels-check.module';
import { JOB_QUEUES } from './job-queues';
import { JobSchedules } from './job-schedules';
import { PartitionsMaintainProcessor } from './partitions-maintain/partitions-maintain.processor';
import { RiskRecomputeProcessor } from './risk-recompute/risk-recompute.processor';
import { SanctionsScreenProcessor } from './sanctions-screen/sanctions-screen.processor';

/**
 * maritime's BullMQ queues (in every replica, to enqueue) and their processors (workers only
 * where QUEUE_WORKERS is on). Global so the ingest injects AisDerivation without queue code.
 */
@Global()
@Module({
  imports: [
    PartitionsModule,
    RiskModule,
    SanctionsScreeningModule,
    AisDeriveModule,
    QueuesModule.forService(MaritimeConfig, Object.values(JOB_QUEUES)),
    AlertEvaluateModule,
    AlertDeliveriesJobModule,
    ForecastsIssueJobModule,
    DestinationTrainJobModule,
    ReliabilityRecomputeJobModule,
    DensityRefreshJobModule,
    RouteFlowsRefreshJobModule,
    VoyageMetricsJobModule,
    CongestionSnapshotJobModule,
    RiverLevelsCheckJobModule,
  ],
  providers: [
    { provide: AisDerivation, useClass: QueuedAisDerivation },
    JobSchedules,
    PartitionsMaintainProcessor,
    SanctionsScreenProcessor,
    RiskRecomputeProcessor,
    AisDeriveProcessor,
  ],
  exports: [AisDerivation, QueuesModule],
})
export class JobsModule {}
