import { Module } from '@nestjs/common';
import { RiskModule } from '../risk/risk.module';
import { SanctionsScreeningModule } from '../sanctions/sanctions.module';
import { MaritimeSeeder } from './maritime-seeder';
import { SeedRepository } from './seed.repository';

@Module({
  imports: [RiskModule, SanctionsScreeningModule],
  providers: [SeedRepository, MaritimeSeeder],
  exports: [MaritimeSeeder, SeedRepository],
})
export class SeedModule {}
