/**
 * The value of one cookie from a `Cookie` request header (RFC 6265 section 5.4 syntax), or
 * undefined. The first occurrence wins, as browsers send the most specific path first. Quoted
 * values are unquoted and percent-encoding is decoded when valid.
 */
export function readCookie(
  cookieHeader: string | readonly string[] | undefined,
  name: string,
): string | undefined {
  if (cookieHeader === undefined) return undefined;
  const header = typeof cookieHeader === 'string' ? cookieHeader : cookieHeader.join('; ');
  for (const pair of header.split(';')) {
    const eq = pair.indexOf('=');
    if (eq === -1 || pair.slice(0, eq).trim() !== name) continue;
    return decodeValue(pair.slice(eq + 1).trim());
  }
  return undefined;
}

function decodeValue(raw: string): string {
  const value =
    raw.length >= 2 && raw.startsWith('"') && raw.endsWith('"') ? raw.slice(1, -1) : raw;
  if (!value.includes('%')) return value;
  try {
    return decodeURIComponent(value);
  } catch {
    // Not valid percent-encoding: keep the bytes as sent (verification will refuse them anyway).
    return value;
  }
}
