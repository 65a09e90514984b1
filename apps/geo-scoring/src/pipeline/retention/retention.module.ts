import { Module } from '@nestjs/common';
import { RetentionRepository } from './retention.repository';

/** The retention job's deletes. */
@Module({
  providers: [RetentionRepository],
  exports: [RetentionRepository],
})
export class RetentionModule {}
