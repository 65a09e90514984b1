import { UnsafeTargetError } from './unsafe-target-error';

/** Longest URL we store and call. */
export const MAX_TARGET_URL_LENGTH = 2048;

/**
 * Parses a subscriber's URL: absolute, https, at most 2,048 characters, with a host and without
 * user:password (the URL is shown back in listings, so it must not carry credentials). The WHATWG
 * parser normalises the host (case, IDNA, IPv4 shorthand such as `127.1` or `2130706433`), so
 * the guard judges the address the request would really reach.
 */
export function parseTargetUrl(text: string): URL {
  if (typeof text !== 'string' || text.length === 0) {
    throw new UnsafeTargetError('invalid_url', 'url must be an absolute https URL');
  }
  if (text.length > MAX_TARGET_URL_LENGTH) {
    throw new UnsafeTargetError(
      'url_too_long',
      `url must be at most ${MAX_TARGET_URL_LENGTH} characters`,
    );
  }
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new UnsafeTargetError('invalid_url', 'url must be an absolute https URL');
  }
  if (url.protocol !== 'https:') throw new UnsafeTargetError('not_https', 'url must use https');
  if (url.hostname === '') throw new UnsafeTargetError('invalid_url', 'url must name a host');
  if (url.username !== '' || url.password !== '') {
    throw new UnsafeTargetError(
      'credentials_in_url',
      'url must not contain a user name or password',
    );
  }
  return url;
}
