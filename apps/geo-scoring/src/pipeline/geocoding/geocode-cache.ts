import { Inject, Injectable, Logger } from '@nestjs/common';
import { REDIS } from '@platform/redis';
import type Redis from 'ioredis';
import { createHash } from 'node:crypto';
import type { GeocoderAnswer } from './nominatim.client';

/** How long an answer is reused: a place rarely moves, a miss may be fixed upstream. */
export const GEOCODE_HIT_TTL_SECONDS = 30 * 24 * 3600;
export const GEOCODE_MISS_TTL_SECONDS = 24 * 3600;

type CachedAnswer = { lat: number; lng: number } | { miss: true };

/** The form two spellings of one address share: NFKC, lower case, single spaces. */
export function normaliseAddress(address: string): string {
  return address.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim();
}

export function geocodeCacheKey(address: string): string {
  return `geocode:${createHash('sha256').update(normaliseAddress(address)).digest('hex')}`;
}

/**
 * Geocoder answers in Redis, keyed by the SHA-256 of the normalised address: hits for 30 days,
 * misses (no match) for a day; timeouts and errors are never cached. When Redis fails, lookups
 * miss and writes are dropped (logged): the cache only saves geocoder calls.
 */
@Injectable()
export class GeocodeCache {
  private readonly logger = new Logger(GeocodeCache.name);

  constructor(@Inject(REDIS) private readonly redis: Redis) {}

  /** The cached answer of each address, undefined where none is cached. */
  async getMany(addresses: readonly string[]): Promise<(GeocoderAnswer | undefined)[]> {
    if (addresses.length === 0) return [];
    try {
      const values = await this.redis.mget(...addresses.map(geocodeCacheKey));
      return values.map((value) => (value === null ? undefined : this.decode(value)));
    } catch (error) {
      this.logger.warn({ err: error }, 'geocode cache unavailable; geocoding without it');
      return addresses.map(() => undefined);
    }
  }

  async set(address: string, answer: GeocoderAnswer): Promise<void> {
    let value: CachedAnswer;
    let ttl: number;
    if (answer.found) {
      value = { lat: answer.lat, lng: answer.lng };
      ttl = GEOCODE_HIT_TTL_SECONDS;
    } else if (answer.reason === 'no_match') {
      value = { miss: true };
      ttl = GEOCODE_MISS_TTL_SECONDS;
    } else {
      return;
    }
    try {
      await this.redis.set(geocodeCacheKey(address), JSON.stringify(value), 'EX', ttl);
    } catch (error) {
      this.logger.warn({ err: error }, 'geocode cache unavailable; answer not cached');
    }
  }

  private decode(value: string): GeocoderAnswer | undefined {
    try {
      const cached = JSON.parse(value) as Partial<{ lat: number; lng: number; miss: true }>;
      if (cached.miss === true) return { found: false, reason: 'no_match' };
      if (typeof cached.lat === 'number' && typeof cached.lng === 'number') {
        return { found: true, lat: cached.lat, lng: cached.lng };
      }
    } catch {
      // A value this code did not write: treated as not cached.
    }
    return undefined;
  }
}
