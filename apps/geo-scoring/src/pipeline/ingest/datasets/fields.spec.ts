import { latLngToCell } from 'h3-js';
import {
  date,
  latLng,
  LineError,
  num,
  oneOf,
  optionalStr,
  res8Cell,
  str,
  timestamp,
} from './fields';

function messageOf(fn: () => unknown): string {
  try {
    fn();
  } catch (error) {
    if (error instanceof LineError) return error.message;
    throw error;
  }
  throw new Error('expected a LineError');
}

describe('field validators', () => {
  it('strings: required, typed, trimmed, bounded', () => {
    expect(str({ a: ' x ' }, 'a')).toBe('x');
    expect(messageOf(() => str({}, 'a'))).toBe('a is required');
    expect(messageOf(() => str({ a: 1 }, 'a'))).toBe('a must be a string');
    expect(messageOf(() => str({ a: '  ' }, 'a'))).toBe('a must not be empty');
    expect(messageOf(() => str({ a: 'xyz' }, 'a', 2))).toBe('a must be at most 2 characters');
    expect(optionalStr({ a: '' }, 'a')).toBeNull();
  });

  it('numbers and coordinates', () => {
    expect(num({ n: 3 }, 'n', { integer: true, min: 0 })).toBe(3);
    expect(messageOf(() => num({ n: '3' }, 'n'))).toBe('n must be a number');
    expect(messageOf(() => num({ n: 1.5 }, 'n', { integer: true }))).toBe('n must be an integer');
    expect(messageOf(() => latLng({ lat: 91, lng: 0 }))).toBe('lat must be between -90 and 90');
    expect(messageOf(() => latLng({ lat: 0, lng: -181 }))).toBe('lng must be between -180 and 180');
    expect(messageOf(() => num({ n: 0 }, 'n', { above: 0 }))).toBe('n must be greater than 0');
  });

  it('enums are exact', () => {
    expect(oneOf({ k: 'b' }, 'k', ['a', 'b'])).toBe('b');
    expect(messageOf(() => oneOf({ k: 'B' }, 'k', ['a', 'b']))).toBe('k must be one of a, b');
  });

  it('dates and timestamps', () => {
    expect(date({ d: '2024-02-29' }, 'd')).toBe('2024-02-29');
    expect(messageOf(() => date({ d: '2023-02-29' }, 'd'))).toMatch(/YYYY-MM-DD/);
    expect(timestamp({ t: '2025-06-01T20:00:00-05:00' }, 't')).toBe('2025-06-02T01:00:00.000Z');
    expect(timestamp({ t: '2025-06-01' }, 't', true)).toBe('2025-06-01T00:00:00.000Z');
    expect(messageOf(() => timestamp({ t: '2025-06-01T10:00:00' }, 't'))).toMatch(/time zone/);
    expect(messageOf(() => timestamp({ t: '2025-06-31T10:00:00Z' }, 't'))).toMatch(/time zone/);
    expect(messageOf(() => timestamp({ t: '2025-06-01T24:00:00Z' }, 't'))).toMatch(/time zone/);
  });

  it('res-8 cells', () => {
    const cell = latLngToCell(30.2672, -97.7431, 8);
    expect(res8Cell({ c: cell }, 'c')).toBe(cell);
    expect(messageOf(() => res8Cell({ c: latLngToCell(30.2672, -97.7431, 7) }, 'c'))).toMatch(
      /resolution-8/,
    );
  });
});
