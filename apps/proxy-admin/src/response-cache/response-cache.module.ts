import { Module } from '@nestjs/common';

/** Exact-match cache of non-streaming completions. */
@Module({})
export class ResponseCacheModule {}
