import { Module } from '@nestjs/common';
import { RouteFlowsPipelineModule } from '../../pipeline/route-flows/route-flows-pipeline.module';
import { RouteFlowsRefreshProcessor } from './route-flows-refresh.processor';

/** The route-flows-refresh queue. */
@Module({ imports: [RouteFlowsPipelineModule], providers: [RouteFlowsRefreshProcessor] })
export class RouteFlowsRefreshJobModule {}
