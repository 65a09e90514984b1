import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import { extractBearerToken, isProxyVirtualKey } from '@platform/auth';
import { Clock } from '@platform/clock';
import { ProxyAdminConfig } from '@platform/config';
import { ApiError } from '@platform/http';
import { CacheInvalidationBus } from '@platform/redis';
import { KeyCache } from './key-cache';
import { hashKey, looksLikeVirtualKey } from './key-material';
import { KeysRepository } from './keys.repository';
import { keyStatus, VirtualKey } from './virtual-key';

const invalidKey = (): ApiError =>
  new ApiError(401, 'invalid_api_key', 'Incorrect API key provided', {
    headers: { 'WWW-Authenticate': 'Bearer' },
  });

/**
 * Resolves `Authorization: Bearer sk-proxy-...` to an active key for the client API. Lookups
 * are cached per replica (KEY_CACHE_TTL_MS); revocations drop the cached entry through the bus,
 * and the Redis revocation marker, checked on every request by the limiter, covers the moment
 * before the message arrives.
 */
@Injectable()
export class ClientKeyAuthenticator implements OnModuleInit {
  private readonly cache: KeyCache;

  constructor(
    private readonly keys: KeysRepository,
    private readonly bus: CacheInvalidationBus,
    @Inject(ProxyAdminConfig) config: ProxyAdminConfig,
    @Inject(Clock) private readonly clock: Clock,
  ) {
    this.cache = new KeyCache(config.KEY_CACHE_TTL_MS, () => this.clock.nowMs());
  }

  onModuleInit(): void {
    this.bus.onInvalidation((event) => {
      if (event.type === 'flush-all') this.cache.clear();
      else if (
        event.message.kind === 'key-revoked' &&
        typeof event.message['key_id'] === 'string'
      ) {
        this.cache.invalidateKey(event.message['key_id']);
      }
    });
  }

  async authenticate(
    authorization: string | string[] | undefined,
    now = this.clock.nowMs(),
  ): Promise<VirtualKey> {
    const token = typeof authorization === 'string' ? extractBearerToken(authorization) : undefined;
    if (!token) {
      throw new ApiError(
        401,
        'missing_api_key',
        'Send your key as Authorization: Bearer sk-proxy-...',
        {
          headers: { 'WWW-Authenticate': 'Bearer' },
        },
      );
    }
    if (!isProxyVirtualKey(token) || !looksLikeVirtualKey(token)) throw invalidKey();
    const key = await this.cache.get(
      hashKey(token),
      async (hash) => (await this.keys.findByHash(hash)) ?? null,
    );
    if (!key) throw invalidKey();
    switch (keyStatus(key, now)) {
      case 'revoked':
        throw ApiError.unauthorized('key_revoked', 'This API key has been revoked');
      case 'expired':
        throw ApiError.unauthorized('key_expired', 'This API key has expired');
      default:
        return key;
    }
  }
}
