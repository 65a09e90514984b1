import { KeyInput, readCacheKey } from './read-cache.keys';

const CELL = '882a100d2dfffff';

type Query = Record<string, string | string[]>;

function input(query: Query, params = {}): KeyInput {
  return { params, query, today: '2026-03-31' };
}

describe('readCacheKey', () => {
  it('gives equivalent discover queries one key: sorted, defaults applied, limit clamped', () => {
    const keys = [input({}), input({ limit: '50' }), input({ limit: '+050' })].map((i) =>
      readCacheKey('discover', i),
    );
    expect(new Set(keys)).toEqual(
      new Set(['discover?businessMin=&compositeMin=&limit=50&metro=&safetyMin=']),
    );
    expect(
      readCacheKey('discover', input({ limit: '500', metro: 'atx', compositeMin: '040' })),
    ).toBe(readCacheKey('discover', input({ compositeMin: '40', metro: 'atx', limit: '200' })));
    expect(readCacheKey('discover', input({ limit: '0' }))).toBe(
      readCacheKey('discover', input({ limit: '1' })),
    );
  });

  it.each<Query>([
    { compositeMin: '101' },
    { businessMin: '-1' },
    { safetyMin: '1.5' },
    { limit: 'abc' },
    { limit: '1e3' },
    { metro: 'ATX' },
    { metro: '' },
    { metro: ['atx', 'bos'] },
    { other: '1' },
  ])('never keys a discover query the route refuses: %j', (query) => {
    expect(readCacheKey('discover', input(query))).toBeUndefined();
  });

  it('keys the tier distribution with its default signal, and refuses what the route refuses', () => {
    expect(readCacheKey('tier-distribution', input({ metro: 'atx' }))).toBe(
      readCacheKey('tier-distribution', input({ signal: 'safety_environment', metro: 'atx' })),
    );
    const refused: Query[] = [
      {},
      { signal: 'composite' },
      { metro: 'atx', signal: 'nope' },
      { metro: 'atx', signal: '' },
      { metro: 'atx', signal: ['composite', 'safety_environment'] },
      { metro: 'atx', limit: '1' },
    ];
    for (const query of refused) {
      expect({ query, key: readCacheKey('tier-distribution', input(query)) }).toEqual({
        query,
        key: undefined,
      });
    }
  });

  it('keys a cell by its index only when it is a res-8 cell and no query is given', () => {
    expect(readCacheKey('cell', input({}, { h3Index: CELL }))).toBe(`cell/${CELL}`);
    expect(readCacheKey('cell', input({ x: '1' }, { h3Index: CELL }))).toBeUndefined();
    expect(readCacheKey('cell', input({}, { h3Index: CELL.toUpperCase() }))).toBeUndefined();
    expect(readCacheKey('cell', input({}, { h3Index: '852a1073fffffff' }))).toBeUndefined();
  });

  it('keys the heatmaps by the clock day, ignoring the query string', () => {
    expect(readCacheKey('activity-heatmap', input({ cb: '1' }))).toBe(
      'activity-heatmap@2026-03-31',
    );
    expect(readCacheKey('heatmap-dimension', input({}, { dimension: 'crime' }))).toBe(
      'heatmap/crime@2026-03-31',
    );
    expect(readCacheKey('heatmap-dimension', input({}, { dimension: 'noise' }))).toBeUndefined();
  });

  it('keys nearby by the point as the route reads it, and by the clock day', () => {
    const key = 'nearby?lat=42.3601&lng=-71.0589@2026-03-31';
    expect(readCacheKey('nearby', input({ lat: '42.3601', lng: '-71.0589' }))).toBe(key);
    expect(readCacheKey('nearby', input({ lng: ' -71.05890', lat: '+42.36010' }))).toBe(key);
    expect(readCacheKey('nearby', input({ lat: '90', lng: '-180' }))).toBe(
      'nearby?lat=90&lng=-180@2026-03-31',
    );
  });

  it.each<Query>([
    {},
    { lat: '42.36' },
    { lat: '90.5', lng: '0' },
    { lat: '0', lng: '-180.01' },
    { lat: '1e400', lng: '0' },
    { lat: 'NaN', lng: '0' },
    { lat: '', lng: '0' },
    { lat: '0x10', lng: '0' },
    { lat: ['1', '2'], lng: '0' },
    { lat: '1', lng: '2', radius: '5' },
  ])('never keys a nearby query the route refuses: %j', (query) => {
    expect(readCacheKey('nearby', input(query))).toBeUndefined();
  });
});
