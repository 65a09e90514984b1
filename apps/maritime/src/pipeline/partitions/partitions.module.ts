import { Module } from '@nestjs/common';
import { PartitionsService } from './partitions.service';

@Module({ providers: [PartitionsService], exports: [PartitionsService] })
export class PartitionsModule {}
