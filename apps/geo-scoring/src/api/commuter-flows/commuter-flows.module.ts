import { Module } from '@nestjs/common';
import { CommuterFlowsController } from './commuter-flows.controller';
import { CommuterFlowsRepository } from './commuter-flows.repository';
import { CommuterFlowsService } from './commuter-flows.service';

/** GET /api/commuter-flows (see docs/geo-scoring/analytics.md#commuter-flows). */
@Module({
  controllers: [CommuterFlowsController],
  providers: [CommuterFlowsRepository, CommuterFlowsService],
})
export class CommuterFlowsModule {}
