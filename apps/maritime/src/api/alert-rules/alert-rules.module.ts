import { Module } from '@nestjs/common';
import { AlertRulesController } from './alert-rules.controller';
import { AlertRulesRepository } from './alert-rules.repository';
import { AlertRulesService } from './alert-rules.service';
import { DryRunRepository } from './dry-run.repository';
import { DryRunService } from './dry-run.service';

/** Alert rules, their immutable versions and dry-run. */
@Module({
  controllers: [AlertRulesController],
  providers: [AlertRulesRepository, AlertRulesService, DryRunRepository, DryRunService],
  exports: [AlertRulesRepository],
})
export class AlertRulesModule {}
