import { Module } from '@nestjs/common';
import { DeadLetterReplayRepository } from './dead-letter-replay.repository';

/** Replays of dead letters: the database only, so the CLI needs no channel key. */
@Module({
  providers: [DeadLetterReplayRepository],
  exports: [DeadLetterReplayRepository],
})
export class DeadLetterReplayModule {}
