import { Module } from '@nestjs/common';
import { KeysModule } from '../keys/keys.module';
import { LimitsModule } from '../limits/limits.module';
import { PresetsModule } from '../presets/presets.module';
import { ResponseCacheModule } from '../response-cache/response-cache.module';
import { UsageModule } from '../usage/usage.module';
import { WebSearchModule } from '../web-search/web-search.module';
import { Admission } from './admission';
import { ChatCompletionsService } from './chat-completions.service';
import { ChatPreparer } from './chat-preparation';
import { ClientApiServer } from './client-api.server';
import { ModelsService } from './models.service';
import { UpstreamClient } from './upstream.client';

@Module({
  imports: [
    KeysModule,
    LimitsModule,
    UsageModule,
    PresetsModule,
    WebSearchModule,
    ResponseCacheModule,
  ],
  providers: [
    Admission,
    ChatPreparer,
    ChatCompletionsService,
    ModelsService,
    UpstreamClient,
    ClientApiServer,
  ],
  exports: [ClientApiServer],
})
export class ClientApiModule {}
