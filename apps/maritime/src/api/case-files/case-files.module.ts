import { Module } from '@nestjs/common';
import { CaseFilesController } from './case-files.controller';
import { CaseFilesRepository } from './case-files.repository';
import { CaseFilesService } from './case-files.service';
import { EvidenceRepository } from './evidence.repository';
import { ReconciliationRepository } from './reconciliation.repository';
import { ReconciliationService } from './reconciliation.service';

@Module({
  controllers: [CaseFilesController],
  providers: [
    CaseFilesRepository,
    CaseFilesService,
    EvidenceRepository,
    ReconciliationRepository,
    ReconciliationService,
  ],
})
export class CaseFilesModule {}
