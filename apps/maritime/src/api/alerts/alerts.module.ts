import { Module } from '@nestjs/common';
import { AlertStateService } from './alert-state.service';
import { AlertsController } from './alerts.controller';
import { AlertsRepository } from './alerts.repository';
import { AlertsService } from './alerts.service';

/** The alert feeds and per-user alert state. */
@Module({
  controllers: [AlertsController],
  providers: [AlertsRepository, AlertsService, AlertStateService],
})
export class AlertsModule {}
