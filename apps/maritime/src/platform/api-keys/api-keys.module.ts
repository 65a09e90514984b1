import { Module } from '@nestjs/common';
import { ApiKeyVersions } from './api-key-versions';
import { ApiKeysRepository } from './api-keys.repository';
import { ApiKeysService } from './api-keys.service';

@Module({
  providers: [ApiKeysRepository, ApiKeyVersions, ApiKeysService],
  exports: [ApiKeysService],
})
export class ApiKeysModule {}
