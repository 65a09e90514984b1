import { Module } from '@nestjs/common';
import { AisDeriveRepository } from './ais-derive.repository';
import { AisDeriveService } from './ais-derive.service';

@Module({
  providers: [AisDeriveRepository, AisDeriveService],
  exports: [AisDeriveService],
})
export class AisDeriveModule {}
