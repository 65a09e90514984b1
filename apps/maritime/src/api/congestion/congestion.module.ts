import { Module } from '@nestjs/common';

/** Port congestion: latest, history and refresh. */
@Module({})
export class CongestionModule {}
