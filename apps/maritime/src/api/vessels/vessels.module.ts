import { Module } from '@nestjs/common';
import { VesselsController } from './vessels.controller';
import { VesselsRepository } from './vessels.repository';
import { VesselsService } from './vessels.service';

@Module({
  controllers: [VesselsController],
  providers: [VesselsRepository, VesselsService],
  exports: [VesselsService, VesselsRepository],
})
export class VesselsModule {}
