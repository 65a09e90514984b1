import { Module } from '@nestjs/common';
import { SanctionsListsRepository } from './sanctions-lists.repository';
import { SanctionsController } from './sanctions.controller';

@Module({ controllers: [SanctionsController], providers: [SanctionsListsRepository] })
export class SanctionsModule {}
