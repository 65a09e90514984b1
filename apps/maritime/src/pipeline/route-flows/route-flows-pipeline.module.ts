import { Module } from '@nestjs/common';
import { RouteFlowsRefreshService } from './route-flows-refresh.service';

@Module({ providers: [RouteFlowsRefreshService], exports: [RouteFlowsRefreshService] })
export class RouteFlowsPipelineModule {}
