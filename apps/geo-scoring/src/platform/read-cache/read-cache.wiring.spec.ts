import { CallHandler, Controller, Get, NestInterceptor, UseInterceptors } from '@nestjs/common';
import { DiscoveryService, MetadataScanner } from '@nestjs/core';
import type { InstanceWrapper } from '@nestjs/core/injector/instance-wrapper';
import { ReadCacheable, ReadCached } from './read-cache.decorator';
import { ReadCacheWiringCheck } from './read-cache.wiring';

class TagInterceptor implements NestInterceptor {
  intercept(_context: unknown, next: CallHandler) {
    return next.handle();
  }
}

function check(...controllers: (new () => object)[]): () => void {
  const discovery = {
    getControllers: () => controllers.map((metatype) => ({ metatype }) as InstanceWrapper),
  } as unknown as DiscoveryService;
  const wiring = new ReadCacheWiringCheck(discovery, new MetadataScanner());
  return () => wiring.onModuleInit();
}

describe('ReadCacheWiringCheck', () => {
  it('accepts @ReadCacheable directly above @Controller, and controllers without cached routes', () => {
    @UseInterceptors(TagInterceptor)
    @ReadCacheable()
    @Controller('good')
    class Good {
      @Get() @ReadCached('discover') list(): object {
        return {};
      }
    }
    @Controller('plain')
    class Plain {
      @Get() list(): object {
        return {};
      }
    }
    expect(check(Good, Plain)).not.toThrow();
  });

  it('refuses a cached route whose controller is not @ReadCacheable, or has it below another', () => {
    @Controller('missing')
    class Missing {
      @Get() @ReadCached('discover') list(): object {
        return {};
      }
    }
    @ReadCacheable()
    @UseInterceptors(TagInterceptor)
    @Controller('buried')
    class Buried {
      @Get() @ReadCached('cell') one(): object {
        return {};
      }
    }
    expect(check(Missing)).toThrow('Missing: @ReadCached routes (list) need @ReadCacheable()');
    expect(check(Buried)).toThrow('Buried: @ReadCached routes (one)');
  });
});
