import { readNominatimAnswer } from './nominatim.client';
import { geocodeCacheKey, normaliseAddress } from './geocode-cache';

describe('readNominatimAnswer', () => {
  it('takes the first result of a list; an empty list is no match', () => {
    expect(
      readNominatimAnswer([
        { lat: '30.25', lon: '-97.75' },
        { lat: '1', lon: '2' },
      ]),
    ).toEqual({
      found: true,
      lat: 30.25,
      lng: -97.75,
    });
    expect(readNominatimAnswer([])).toEqual({ found: false, reason: 'no_match' });
  });

  it('treats anything else as a geocoder error', () => {
    for (const body of [
      {},
      null,
      'x',
      [null],
      [{ lat: 'north', lon: '1' }],
      [{ lat: '91', lon: '0' }],
    ]) {
      expect(readNominatimAnswer(body)).toEqual({ found: false, reason: 'geocoder_error' });
    }
  });
});

describe('geocode cache keys', () => {
  it('share one key across case, spacing and compatibility forms', () => {
    expect(normaliseAddress('  1  Main\tST ')).toBe('1 main st');
    expect(geocodeCacheKey('1 Main St')).toBe(geocodeCacheKey(' 1 MAIN  st'));
    expect(geocodeCacheKey('１ Main St')).toBe(geocodeCacheKey('1 Main St'));
    expect(geocodeCacheKey('1 Main St')).toMatch(/^geocode:[0-9a-f]{64}$/);
    expect(geocodeCacheKey('1 Main St')).not.toBe(geocodeCacheKey('2 Main St'));
  });
});
