import { Inject, Injectable } from '@nestjs/common';
import { Clock } from '@platform/clock';
import { JobProcessor, QueueProcessor, QueueRegistry } from '@platform/queues';
import { PlatformAlertsRepository } from '../../pipeline/risk/platform-alerts.repository';
import { requestAlertEvaluation } from '../alert-evaluate/alert-evaluate.trigger';
import { JOB_QUEUES } from '../job-queues';
import { riverLevelAlert } from './river-level-alert';
import { RiverLevelsRepository } from './river-levels.repository';

export interface RiverLevelsCheckResult {
  gauges: number;
  below_low_water: number;
  alerts_raised: number;
}

/** Daily at 06:00 UTC: a river_level alert for each gauge whose latest reading is low. */
@Injectable()
@QueueProcessor(JOB_QUEUES.riverLevelsCheck, { exclusive: true, lockDurationMs: 60_000 })
export class RiverLevelsCheckProcessor implements JobProcessor<unknown, RiverLevelsCheckResult> {
  constructor(
    @Inject(RiverLevelsRepository) private readonly levels: RiverLevelsRepository,
    @Inject(PlatformAlertsRepository) private readonly alerts: PlatformAlertsRepository,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(QueueRegistry) private readonly queues: QueueRegistry,
  ) {}

  async process(): Promise<RiverLevelsCheckResult> {
    const now = this.clock.now();
    const readings = await this.levels.latestReadings(now.toISOString().slice(0, 10));
    const alerts = readings.flatMap((reading) => riverLevelAlert(reading, now) ?? []);
    const raised = await this.alerts.raise(alerts);
    if (raised > 0) await requestAlertEvaluation(this.queues);
    return { gauges: readings.length, below_low_water: alerts.length, alerts_raised: raised };
  }
}
