import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import { INTERCEPTORS_METADATA } from '@nestjs/common/constants';
import { DiscoveryService, MetadataScanner } from '@nestjs/core';
import { READ_CACHE_ROUTE } from './read-cache.decorator';
import { ReadCacheInterceptor } from './read-cache.interceptor';

/**
 * Refuses to start when a @ReadCached route's controller is not @ReadCacheable, or carries it
 * below another interceptor: such a route would silently go uncached, or pay every interceptor
 * on a hit. Checked once at start-up, so the mistake cannot ship.
 */
@Injectable()
export class ReadCacheWiringCheck implements OnModuleInit {
  constructor(
    @Inject(DiscoveryService) private readonly discovery: DiscoveryService,
    @Inject(MetadataScanner) private readonly scanner: MetadataScanner,
  ) {}

  onModuleInit(): void {
    for (const wrapper of this.discovery.getControllers()) {
      const controller = wrapper.metatype as (new (...args: never[]) => object) | undefined;
      if (!controller) continue;
      const cached = this.scanner
        .getAllMethodNames(controller.prototype)
        .filter((name) =>
          Reflect.getMetadata(READ_CACHE_ROUTE, controller.prototype[name as never]),
        );
      if (cached.length === 0) continue;
      const interceptors = (Reflect.getMetadata(INTERCEPTORS_METADATA, controller) ??
        []) as unknown[];
      if (interceptors[0] !== ReadCacheInterceptor)
        throw new Error(
          `${controller.name}: @ReadCached routes (${cached.join(', ')}) need @ReadCacheable() directly above @Controller`,
        );
    }
  }
}
