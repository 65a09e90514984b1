import { Module } from '@nestjs/common';
import { ApiKeyGuard } from './api-key.guard';
import { ApiKeysStoreModule } from './api-keys-store.module';

/**
 * API keys of /api/v1 (see docs/geo-scoring/read-routes.md#authentication). Keys are created and
 * revoked with `tools geo api-key`.
 */
@Module({
  imports: [ApiKeysStoreModule],
  providers: [ApiKeyGuard],
  exports: [ApiKeysStoreModule, ApiKeyGuard],
})
export class ApiKeysModule {}
