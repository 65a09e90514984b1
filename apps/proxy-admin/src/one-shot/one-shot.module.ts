import { Module } from '@nestjs/common';
import { SessionGuard } from '@platform/auth';
import { dashboardSessionVerifier } from './dashboard-session.provider';
import { OneShotController } from './one-shot.controller';
import { OneShotRepository } from './one-shot.repository';
import { OneShotService } from './one-shot.service';

/** GET /api/usage/one-shot: the signed-in team's one-shot rate, from session_metrics. */
@Module({
  controllers: [OneShotController],
  providers: [dashboardSessionVerifier, SessionGuard, OneShotRepository, OneShotService],
})
export class OneShotModule {}
