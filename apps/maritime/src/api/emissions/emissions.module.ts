import { Module } from '@nestjs/common';
import { EmissionsController } from './emissions.controller';
import { EmissionsRepository } from './emissions.repository';
import { EmissionsService } from './emissions.service';

/** Voyage emissions accounting and the annual report. */
@Module({
  controllers: [EmissionsController],
  providers: [EmissionsRepository, EmissionsService],
})
export class EmissionsModule {}
