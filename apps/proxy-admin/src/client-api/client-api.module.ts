import { Module } from '@nestjs/common';
import { KeysModule } from '../keys/keys.module';
import { LimitsModule } from '../limits/limits.module';
import { UsageModule } from '../usage/usage.module';
import { ChatCompletionsService } from './chat-completions.service';
import { ClientApiServer } from './client-api.server';
import { ModelsService } from './models.service';
import { UpstreamClient } from './upstream.client';

@Module({
  imports: [KeysModule, LimitsModule, UsageModule],
  providers: [ChatCompletionsService, ModelsService, UpstreamClient, ClientApiServer],
  exports: [ClientApiServer],
})
export class ClientApiModule {}
