import { Module } from '@nestjs/common';

/** The route-flows-refresh queue. */
@Module({})
export class RouteFlowsRefreshJobModule {}
