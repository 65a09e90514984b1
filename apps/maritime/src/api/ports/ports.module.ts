import { Module } from '@nestjs/common';
import { VesselsModule } from '../vessels/vessels.module';
import { PortsController } from './ports.controller';
import { PortsRepository } from './ports.repository';
import { PortsService } from './ports.service';

@Module({
  imports: [VesselsModule],
  controllers: [PortsController],
  providers: [PortsRepository, PortsService],
})
export class PortsModule {}
