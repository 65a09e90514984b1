import { Module } from '@nestjs/common';
import { CongestionController } from './congestion.controller';
import { CongestionRepository } from './congestion.repository';
import { CongestionService } from './congestion.service';

/** Port congestion: latest, history and refresh. */
@Module({
  controllers: [CongestionController],
  providers: [CongestionRepository, CongestionService],
})
export class CongestionModule {}
