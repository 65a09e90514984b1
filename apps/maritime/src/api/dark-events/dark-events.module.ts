import { Module } from '@nestjs/common';
import { DarkEventsController } from './dark-events.controller';
import { DarkEventsRepository } from './dark-events.repository';
import { DarkEventsService } from './dark-events.service';

@Module({
  controllers: [DarkEventsController],
  providers: [DarkEventsRepository, DarkEventsService],
})
export class DarkEventsModule {}
