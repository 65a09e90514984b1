import { Module } from '@nestjs/common';
import { PiImportRepository } from './pi-import.repository';
import { PiImportService } from './pi-import.service';
import { PiController } from './pi.controller';
import { PiRepository } from './pi.repository';
import { PiService } from './pi.service';

/** P&I clubs, coverage and the CSV import. */
@Module({
  controllers: [PiController],
  providers: [PiRepository, PiService, PiImportRepository, PiImportService],
})
export class PiModule {}
