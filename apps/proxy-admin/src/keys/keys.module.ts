import { Module } from '@nestjs/common';
import { LimitsModule } from '../limits/limits.module';
import { ClientKeyAuthenticator } from './client-key.authenticator';
import { KeysController } from './keys.controller';
import { KeysRepository } from './keys.repository';
import { KeysService } from './keys.service';

@Module({
  imports: [LimitsModule],
  controllers: [KeysController],
  providers: [KeysRepository, KeysService, ClientKeyAuthenticator],
  exports: [KeysRepository, KeysService, ClientKeyAuthenticator],
})
export class KeysModule {}
