const USER_AGENT = 'geo-scoring/1 (portfolio CSV upload)';

/** Answers a geocoder gives; caching them is the caller's choice. */
export type GeocoderAnswer =
  | { found: true; lat: number; lng: number }
  | { found: false; reason: 'no_match' | 'timeout' | 'geocoder_error' };

function coordinate(value: unknown, bound: number): number | undefined {
  const number = typeof value === 'string' ? Number(value) : value;
  return typeof number === 'number' && Number.isFinite(number) && Math.abs(number) <= bound
    ? number
    : undefined;
}

/** The first result of a Nominatim `format=json` answer, or a miss (`[]`). */
export function readNominatimAnswer(body: unknown): GeocoderAnswer {
  if (!Array.isArray(body)) return { found: false, reason: 'geocoder_error' };
  const first: unknown = body[0];
  if (first === undefined) return { found: false, reason: 'no_match' };
  if (first === null || typeof first !== 'object')
    return { found: false, reason: 'geocoder_error' };
  const { lat, lon } = first as { lat?: unknown; lon?: unknown };
  const latitude = coordinate(lat, 90);
  const longitude = coordinate(lon, 180);
  return latitude === undefined || longitude === undefined
    ? { found: false, reason: 'geocoder_error' }
    : { found: true, lat: latitude, lng: longitude };
}

/**
 * A Nominatim-compatible geocoder: `GET {base}/search?q=<address>&format=json&limit=1&countrycodes=us`.
 * The timeout covers the whole exchange, connection included. Failures are answers, never
 * exceptions, so one bad row cannot fail an upload.
 */
export class NominatimClient {
  private readonly base: string;

  constructor(baseUrl: string) {
    this.base = baseUrl.replace(/\/+$/, '');
  }

  async search(address: string, timeoutMs: number): Promise<GeocoderAnswer> {
    const query = new URLSearchParams({
      q: address,
      format: 'json',
      limit: '1',
      countrycodes: 'us',
    });
    try {
      const response = await fetch(`${this.base}/search?${query.toString()}`, {
        headers: { accept: 'application/json', 'user-agent': USER_AGENT },
        redirect: 'manual',
        signal: AbortSignal.timeout(timeoutMs),
      });
      if (response.status !== 200) {
        await response.body?.cancel();
        return { found: false, reason: 'geocoder_error' };
      }
      return readNominatimAnswer(JSON.parse(await response.text()));
    } catch (error) {
      const name = (error as { name?: unknown }).name;
      return { found: false, reason: name === 'TimeoutError' ? 'timeout' : 'geocoder_error' };
    }
  }
}
