import { Module } from '@nestjs/common';
import { ApiKeysRepository } from './api-keys.repository';
import { ApiKeysService } from './api-keys.service';

/**
 * The keys themselves (create, list, revoke, authenticate): needs only the database, so
 * `tools geo api-key` runs it without the app's Redis or secrets.
 */
@Module({
  providers: [ApiKeysRepository, ApiKeysService],
  exports: [ApiKeysService],
})
export class ApiKeysStoreModule {}
