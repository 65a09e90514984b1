/** Longest bearer token accepted; anything longer is refused before any hashing or parsing. */
export const MAX_BEARER_TOKEN_LENGTH = 4096;

/** Prefix of proxy virtual keys (client API credentials), never valid on admin routes. */
export const VIRTUAL_KEY_PREFIX = 'sk-proxy-';

// `Bearer` (any case), one or more spaces, then exactly one token of visible ASCII. Wider than
// RFC 6750's b64token on purpose: operators pick ADMIN_SECRET and may use any printable symbol.
const BEARER = /^bearer[ \t]+([\x21-\x7e]+)$/i;

/**
 * The token of an `Authorization: Bearer <token>` header, or undefined when the header is absent,
 * repeated, uses another scheme, carries no token or more than one, or is over the length cap.
 */
export function extractBearerToken(
  authorizationHeader: string | readonly string[] | undefined,
): string | undefined {
  if (typeof authorizationHeader !== 'string') return undefined;
  const header = authorizationHeader.trim();
  // Cheap bound first, so a huge header never reaches the regular expression.
  if (header.length > MAX_BEARER_TOKEN_LENGTH + 64) return undefined;
  const token = BEARER.exec(header)?.[1];
  return token !== undefined && token.length <= MAX_BEARER_TOKEN_LENGTH ? token : undefined;
}

/** True for a proxy virtual key (`sk-proxy-...`). */
export function isProxyVirtualKey(token: string): boolean {
  return token.startsWith(VIRTUAL_KEY_PREFIX);
}
