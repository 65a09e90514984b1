import { extractBearerToken, isProxyVirtualKey, MAX_BEARER_TOKEN_LENGTH } from './bearer-token';
import { readCookie } from './cookies';

describe('extractBearerToken', () => {
  it.each([
    ['Bearer abc.def-123', 'abc.def-123'],
    ['bearer abc', 'abc'],
    ['BEARER abc', 'abc'],
    ['Bearer   abc', 'abc'],
    ['  Bearer abc  ', 'abc'],
    ['Bearer a!#$%&*+/=?^_`{|}~', 'a!#$%&*+/=?^_`{|}~'],
  ])('reads %j', (header, token) => {
    expect(extractBearerToken(header)).toBe(token);
  });

  it.each([
    ['absent', undefined],
    ['empty', ''],
    ['scheme only', 'Bearer'],
    ['scheme and space', 'Bearer '],
    ['another scheme', 'Basic dXNlcjpwYXNz'],
    ['two tokens', 'Bearer a b'],
    ['no space', 'Bearerabc'],
    ['token only', 'abc'],
    ['non-ASCII token', 'Bearer tökén'],
    ['control character', 'Bearer a\u0000b'],
  ])('refuses %s', (_what, header) => {
    expect(extractBearerToken(header)).toBeUndefined();
  });

  it('refuses a repeated header (array value)', () => {
    expect(extractBearerToken(['Bearer a', 'Bearer b'])).toBeUndefined();
  });

  it('accepts a token of exactly the cap and refuses one character more', () => {
    const max = 'x'.repeat(MAX_BEARER_TOKEN_LENGTH);
    expect(extractBearerToken(`Bearer ${max}`)).toBe(max);
    expect(extractBearerToken(`Bearer ${max}x`)).toBeUndefined();
    expect(extractBearerToken(`Bearer ${'x'.repeat(1_000_000)}`)).toBeUndefined();
  });
});

describe('isProxyVirtualKey', () => {
  it('recognizes the sk-proxy- prefix only', () => {
    expect(isProxyVirtualKey('sk-proxy-abc')).toBe(true);
    expect(isProxyVirtualKey('sk-proxy-')).toBe(true);
    expect(isProxyVirtualKey('sk-abc')).toBe(false);
    expect(isProxyVirtualKey('xsk-proxy-abc')).toBe(false);
  });
});

describe('readCookie', () => {
  it('finds a cookie among others', () => {
    expect(readCookie('theme=dark; session=abc.def.ghi; lang=fr', 'session')).toBe('abc.def.ghi');
    expect(readCookie('session=abc', 'session')).toBe('abc');
  });

  it('does not confuse names that share a suffix or prefix', () => {
    expect(readCookie('my_session=x; sessions=y', 'session')).toBeUndefined();
  });

  it('takes the first occurrence, unquotes and percent-decodes', () => {
    expect(readCookie('session=first; session=second', 'session')).toBe('first');
    expect(readCookie('session="quoted"', 'session')).toBe('quoted');
    expect(readCookie('session=a%3Db', 'session')).toBe('a=b');
    expect(readCookie('session=bad%zz', 'session')).toBe('bad%zz');
  });

  it('handles missing, empty and repeated headers', () => {
    expect(readCookie(undefined, 'session')).toBeUndefined();
    expect(readCookie('', 'session')).toBeUndefined();
    expect(readCookie('flag; session=', 'session')).toBe('');
    expect(readCookie(['a=1', 'session=z'], 'session')).toBe('z');
  });
});
