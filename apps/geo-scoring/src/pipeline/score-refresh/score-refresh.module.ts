import { Module } from '@nestjs/common';
import { WebhookOutboxModule } from '../webhooks/webhook-outbox.module';
import { ScoreInputsRepository } from './score-inputs.repository';
import { ScoreRefreshRepository } from './score-refresh.repository';
import { ScoreRefreshService } from './score-refresh.service';

/** The score refresh: the job and the seed's replay run ScoreRefreshService. */
@Module({
  imports: [WebhookOutboxModule],
  providers: [ScoreInputsRepository, ScoreRefreshRepository, ScoreRefreshService],
  exports: [ScoreRefreshService],
})
export class ScoreRefreshModule {}
