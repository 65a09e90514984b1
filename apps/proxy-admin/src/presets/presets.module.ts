import { Module } from '@nestjs/common';

/** Team presets with immutable version history. */
@Module({})
export class PresetsModule {}
