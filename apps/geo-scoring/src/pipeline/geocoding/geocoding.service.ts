import { Inject, Injectable } from '@nestjs/common';
import { performance } from 'node:perf_hooks';
import { GeocodeCache, normaliseAddress } from './geocode-cache';
import type { GeocodeResult } from './geocode-result';
import type { GeocoderAnswer, NominatimClient } from './nominatim.client';

export interface GeocodingLimits {
  /** Requests to the geocoder at once. */
  concurrency: number;
  /** How long one request may take, connection included. */
  rowTimeoutMs: number;
  /** Rows not started this long after the batch began are not geocoded. */
  deadlineMs: number;
}

/** The limits of CSV uploads: 4 at once, 6 s per row, 50 s in all (under a 60 s ingress timeout). */
export const UPLOAD_GEOCODING_LIMITS: GeocodingLimits = {
  concurrency: 4,
  rowTimeoutMs: 6_000,
  deadlineMs: 50_000,
};

export const GEOCODING_LIMITS = Symbol('GEOCODING_LIMITS');
/** The configured geocoder, or null when GEOCODER_URL is unset. */
export const GEOCODER = Symbol('GEOCODER');

/**
 * Places a batch of addresses (see docs/geo-scoring/dashboard.md#geocoding): cached answers
 * first, then the rest through the geocoder by a fixed pool of workers, each address once however
 * often it repeats. Durations are measured on the monotonic clock; calendar time plays no part.
 */
@Injectable()
export class GeocodingService {
  constructor(
    @Inject(GEOCODER) private readonly geocoder: NominatimClient | null,
    private readonly cache: GeocodeCache,
    @Inject(GEOCODING_LIMITS) private readonly limits: GeocodingLimits,
  ) {}

  /** One result per address, in order. */
  async geocodeAll(addresses: readonly string[]): Promise<GeocodeResult[]> {
    const startedAt = performance.now();
    if (this.geocoder === null) {
      return addresses.map(() => ({ found: false, reason: 'geocoder_unavailable' }));
    }
    const geocoder = this.geocoder;
    // One lookup per distinct address; each keeps the first spelling seen.
    const distinct = new Map<string, string>();
    for (const address of addresses) {
      const key = normaliseAddress(address);
      if (!distinct.has(key)) distinct.set(key, address);
    }
    const keys = [...distinct.keys()];
    const answers = new Map<string, GeocodeResult>();
    const cached = await this.cache.getMany([...distinct.values()]);
    const pending: string[] = [];
    keys.forEach((key, i) => {
      const answer = cached[i];
      if (answer === undefined) pending.push(key);
      else answers.set(key, answer);
    });

    const deadline = startedAt + this.limits.deadlineMs;
    let next = 0;
    const worker = async (): Promise<void> => {
      for (let i = next++; i < pending.length; i = next++) {
        const key = pending[i] as string;
        if (performance.now() >= deadline) {
          answers.set(key, { found: false, reason: 'deadline_exceeded' });
          continue;
        }
        const address = distinct.get(key) as string;
        const answer: GeocoderAnswer = await geocoder.search(address, this.limits.rowTimeoutMs);
        answers.set(key, answer);
        await this.cache.set(address, answer);
      }
    };
    const workers = Math.min(this.limits.concurrency, pending.length);
    await Promise.all(Array.from({ length: workers }, worker));
    return addresses.map(
      (address) =>
        answers.get(normaliseAddress(address)) ?? { found: false, reason: 'geocoder_error' },
    );
  }
}
