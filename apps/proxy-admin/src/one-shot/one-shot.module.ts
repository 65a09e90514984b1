import { Module } from '@nestjs/common';
import { OneShotController } from './one-shot.controller';
import { OneShotRepository } from './one-shot.repository';
import { OneShotService } from './one-shot.service';

/** GET /api/usage/one-shot: the signed-in team's one-shot rate, from session_metrics. */
@Module({
  controllers: [OneShotController],
  providers: [OneShotRepository, OneShotService],
})
export class OneShotModule {}
