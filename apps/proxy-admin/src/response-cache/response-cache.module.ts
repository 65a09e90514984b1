import { Module } from '@nestjs/common';
import { ResponseCache } from './response-cache.service';

/** Exact-match cache of non-streaming completions. */
@Module({ providers: [ResponseCache], exports: [ResponseCache] })
export class ResponseCacheModule {}
