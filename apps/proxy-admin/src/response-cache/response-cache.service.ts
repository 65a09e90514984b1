import { Inject, Injectable, Logger } from '@nestjs/common';
import { ProxyAdminConfig } from '@platform/config';
import { REDIS } from '@platform/redis';
import Redis from 'ioredis';
import { hash } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { canonicalJson } from '../client-api/canonical-json';

/** What the cache key is made of: who asks, what is really served, and exactly what was asked. */
export interface CacheScope {
  teamId: string | null;
  keyId: string;
  /** The canonical model after presets and aliases. */
  resolvedModel: string;
  presetVersion: number | null;
  /** The client's request body as received. */
  body: Record<string, unknown>;
}

export type CacheLookup =
  | { state: 'off' }
  | { state: 'bypass' }
  | { state: 'miss'; key: string }
  | { state: 'hit'; key: string; body: Buffer };

/** Answers larger than this are served but not stored. */
const MAX_STORED_BYTES = 1024 * 1024;
/** A cache that cannot answer this fast is skipped: it must never slow a completion down. */
const LOOKUP_DEADLINE_MS = 100;

/** `Cache-Control: no-cache` (or `no-store`) asks for a fresh answer. */
function refusesCache(headers: IncomingHttpHeaders): boolean {
  const value = headers['cache-control'];
  if (typeof value !== 'string') return false;
  return value
    .toLowerCase()
    .split(',')
    .some((d) => ['no-cache', 'no-store'].includes(d.trim().split('=')[0] ?? ''));
}

/**
 * Exact-match cache of non-streaming completions in Redis, for RESPONSE_CACHE_TTL_SECONDS
 * (0 = off). The key is a SHA-256 of the team (the key itself for keys without a team), the
 * resolved model, the preset version and the canonical request body, so a team can only ever
 * read answers to its own requests. Redis trouble never fails a request: it is a miss.
 */
@Injectable()
export class ResponseCache {
  private readonly logger = new Logger(ResponseCache.name);
  private readonly ttlSeconds: number;

  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(ProxyAdminConfig) config: ProxyAdminConfig,
  ) {
    this.ttlSeconds = config.RESPONSE_CACHE_TTL_SECONDS;
  }

  /** False when RESPONSE_CACHE_TTL_SECONDS is 0: callers skip the lookup altogether. */
  get enabled(): boolean {
    return this.ttlSeconds > 0;
  }

  /**
   * `eligible`: the request may use the cache at all (not streaming, no plugin). Ineligible
   * requests and those sending `Cache-Control: no-cache` bypass it (and are not stored).
   */
  async lookup(
    eligible: boolean,
    headers: IncomingHttpHeaders,
    scope: CacheScope,
  ): Promise<CacheLookup> {
    if (this.ttlSeconds === 0) return { state: 'off' };
    if (!eligible || refusesCache(headers)) return { state: 'bypass' };
    const key = this.keyOf(scope);
    if (this.redis.status !== 'ready') return { state: 'miss', key };
    let timer: NodeJS.Timeout | undefined;
    try {
      const body = await Promise.race([
        this.redis.getBuffer(key),
        new Promise<null>((resolve) => {
          timer = setTimeout(() => resolve(null), LOOKUP_DEADLINE_MS);
        }),
      ]);
      return body ? { state: 'hit', key, body } : { state: 'miss', key };
    } catch (error) {
      this.logger.warn({ err: error }, 'response cache lookup failed; treated as a miss');
      return { state: 'miss', key };
    } finally {
      clearTimeout(timer);
    }
  }

  /** Stores a successful (200) JSON answer; never waited for, never fails the request. */
  store(key: string, body: Buffer): void {
    if (body.length > MAX_STORED_BYTES || this.redis.status !== 'ready') return;
    this.redis.set(key, body, 'EX', this.ttlSeconds).catch((error: unknown) => {
      this.logger.warn({ err: error }, 'response cache store failed');
    });
  }

  keyOf(scope: CacheScope): string {
    const owner = scope.teamId === null ? `key:${scope.keyId}` : `team:${scope.teamId}`;
    const material = canonicalJson({
      owner,
      model: scope.resolvedModel,
      preset_version: scope.presetVersion,
      body: scope.body,
    });
    return `resp-cache:${hash('sha256', material, 'hex')}`;
  }
}
