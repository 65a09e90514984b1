import { Module } from '@nestjs/common';
import { PortsController } from './ports.controller';
import { PortsRepository } from './ports.repository';
import { PortsService } from './ports.service';

/** GET /api/ports (see docs/geo-scoring/analytics.md#ports): monthly port volumes. */
@Module({
  controllers: [PortsController],
  providers: [PortsService, PortsRepository],
})
export class PortsModule {}
