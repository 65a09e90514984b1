import { Global, Injectable, Module, OnModuleInit } from '@nestjs/common';
import { ProxyAdminConfig } from '@platform/config';
import { CacheInvalidationBus } from '@platform/redis';
import { AliasCache } from '../model-aliases/alias-cache';
import { ModelAliasesRepository } from '../model-aliases/model-aliases.repository';
import { ModelRouter } from './model-router';

/** Drops the alias table when any replica changes it, or when messages may have been missed. */
@Injectable()
class AliasCacheInvalidation implements OnModuleInit {
  constructor(
    private readonly bus: CacheInvalidationBus,
    private readonly aliases: AliasCache,
  ) {}

  onModuleInit(): void {
    this.bus.onInvalidation((event) => {
      if (event.type === 'flush-all' || event.message.kind === 'model-aliases')
        this.aliases.invalidate();
    });
  }
}

@Global()
@Module({
  providers: [
    ModelAliasesRepository,
    {
      provide: ModelRouter,
      inject: [ProxyAdminConfig],
      useFactory: (config: ProxyAdminConfig) => new ModelRouter(config.UPSTREAMS, config.PRICING),
    },
    {
      provide: AliasCache,
      inject: [ProxyAdminConfig, ModelAliasesRepository],
      useFactory: (config: ProxyAdminConfig, repository: ModelAliasesRepository) =>
        new AliasCache(config.ALIAS_CACHE_TTL_MS, () => repository.all()),
    },
    AliasCacheInvalidation,
  ],
  exports: [ModelRouter, AliasCache, ModelAliasesRepository],
})
export class RoutingModule {}
