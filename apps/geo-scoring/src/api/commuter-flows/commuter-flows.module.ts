import { Module } from '@nestjs/common';
import { CommuterFlowsController } from './commuter-flows.controller';
import { CommuterFlowsRepository } from './commuter-flows.repository';
import { CommuterFlowsService } from './commuter-flows.service';

/** GET /api/commuter-flows (design 2.4). */
@Module({
  controllers: [CommuterFlowsController],
  providers: [CommuterFlowsRepository, CommuterFlowsService],
})
export class CommuterFlowsModule {}
