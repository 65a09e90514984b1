import { Module } from '@nestjs/common';
import { PresetInvalidation } from './preset-invalidation';
import { PresetResolver } from './preset-resolver';
import { PresetsAdminController } from './presets-admin.controller';
import { PresetsController } from './presets.controller';
import { PresetsRepository } from './presets.repository';
import { PresetsService } from './presets.service';

/** Team presets with immutable version history; PresetResolver serves them to the client API. */
@Module({
  controllers: [PresetsController, PresetsAdminController],
  providers: [PresetsRepository, PresetResolver, PresetInvalidation, PresetsService],
  exports: [PresetResolver],
})
export class PresetsModule {}
