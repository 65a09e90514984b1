import { Module } from '@nestjs/common';
import { EarningsController } from './earnings.controller';
import { EarningsRepository } from './earnings.repository';
import { EarningsService } from './earnings.service';

/** Voyage earnings (TCE) and port revenue. */
@Module({
  controllers: [EarningsController],
  providers: [EarningsRepository, EarningsService],
})
export class EarningsModule {}
