import { Module } from '@nestjs/common';

/** The voyage-metrics queue. */
@Module({})
export class VoyageMetricsJobModule {}
