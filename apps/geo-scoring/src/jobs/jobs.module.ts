import { Global, Module } from '@nestjs/common';
import { GeoScoringConfig } from '@platform/config';
import { QueuesModule } from '@platform/queues';
import { LicenceTiersModule } from '../pipeline/licence-tiers/licence-tiers.module';
import { PartitionsModule } from '../pipeline/partitions/partitions.module';
import { PopulationModule } from '../pipeline/population/population.module';
import { PortfolioRefreshModule } from '../pipeline/portfolio-refresh/portfolio-refresh.module';
import { RetentionModule } from '../pipeline/retention/retention.module';
import { RobustnessModule } from '../pipeline/robustness/robustness.module';
import { RollupsModule } from '../pipeline/rollups/rollups.module';
import { ScoreRefreshModule } from '../pipeline/score-refresh/score-refresh.module';
import { SpatialDiagnosticsModule } from '../pipeline/spatial-diagnostics/spatial-diagnostics.module';
import { WebhookDeliveryModule } from '../pipeline/webhooks/webhook-delivery.module';
import { BullIngestFollowUps } from './bull-ingest-follow-ups';
import { IngestFollowUps } from './ingest-follow-ups';
import { JOB_QUEUES } from './job-queues';
import { JobSchedules } from './job-schedules';
import { LicenceTiersProcessor } from './licence-tiers/licence-tiers.processor';
import { PartitionMaintainProcessor } from './partition-maintain/partition-maintain.processor';
import { PopulationRefreshProcessor } from './population-refresh/population-refresh.processor';
import { PortfolioMonitorProcessor } from './portfolio-monitor/portfolio-monitor.processor';
import { RetentionProcessor } from './retention/retention.processor';
import { RobustnessClassifyProcessor } from './robustness-classify/robustness-classify.processor';
import { RollupReconcileProcessor } from './rollup-reconcile/rollup-reconcile.processor';
import { ScoreRefreshProcessor } from './score-refresh/score-refresh.processor';
import { SpatialDiagnosticsProcessor } from './spatial-diagnostics/spatial-diagnostics.processor';
import { DeliveryEnqueuer } from './webhook-deliveries/delivery-enqueuer';
import { OutboxSweepProcessor } from './webhook-deliveries/outbox-sweep.processor';
import { WebhookDeliveryWorker } from './webhook-deliveries/webhook-delivery.worker';

/**
 * Background jobs on BullMQ (see docs/geo-scoring/jobs.md). Queues exist in every replica (to
 * enqueue); workers only where QUEUE_WORKERS is on. Global so that ingestion injects
 * IngestFollowUps without importing queue code.
 */
@Global()
@Module({
  imports: [
    ScoreRefreshModule,
    SpatialDiagnosticsModule.fromConfig(),
    RobustnessModule,
    RollupsModule,
    PopulationModule,
    PartitionsModule,
    RetentionModule,
    LicenceTiersModule,
    PortfolioRefreshModule,
    WebhookDeliveryModule,
    QueuesModule.forService(GeoScoringConfig, Object.values(JOB_QUEUES)),
  ],
  providers: [
    { provide: IngestFollowUps, useClass: BullIngestFollowUps },
    JobSchedules,
    ScoreRefreshProcessor,
    SpatialDiagnosticsProcessor,
    RobustnessClassifyProcessor,
    RollupReconcileProcessor,
    PopulationRefreshProcessor,
    PartitionMaintainProcessor,
    RetentionProcessor,
    LicenceTiersProcessor,
    PortfolioMonitorProcessor,
    OutboxSweepProcessor,
    WebhookDeliveryWorker,
    DeliveryEnqueuer,
  ],
  exports: [IngestFollowUps, QueuesModule],
})
export class JobsModule {}
