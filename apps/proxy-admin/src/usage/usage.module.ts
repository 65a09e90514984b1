import { Module } from '@nestjs/common';
import { KeysModule } from '../keys/keys.module';
import { UsageRecorder } from './usage-recorder.service';
import { UsageRepository } from './usage.repository';

@Module({
  imports: [KeysModule],
  providers: [UsageRepository, UsageRecorder],
  exports: [UsageRecorder],
})
export class UsageModule {}
