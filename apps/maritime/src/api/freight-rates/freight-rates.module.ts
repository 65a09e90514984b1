import { Module } from '@nestjs/common';
import { FreightRatesController } from './freight-rates.controller';
import { FreightRatesRepository } from './freight-rates.repository';
import { FreightRatesService } from './freight-rates.service';

/** Freight-rate assessments: the published index and rates users submit. */
@Module({
  controllers: [FreightRatesController],
  providers: [FreightRatesRepository, FreightRatesService],
})
export class FreightRatesModule {}
