/** Most bytes of a receiver's answer, or of an error, that we ever store. */
export const MAX_STORED_BYTES = 1024;

/**
 * `text` cut to at most `maxBytes` of UTF-8 on a character boundary, with NUL characters removed
 * (PostgreSQL text cannot hold them).
 */
export function clipText(text: string, maxBytes = MAX_STORED_BYTES): string {
  const clean = text.replace(/\0/g, '');
  if (Buffer.byteLength(clean, 'utf8') <= maxBytes) return clean;
  let bytes = 0;
  let end = 0;
  for (const character of clean) {
    const size = Buffer.byteLength(character, 'utf8');
    if (bytes + size > maxBytes) break;
    bytes += size;
    end += character.length;
  }
  return clean.slice(0, end);
}

/** The first bytes of a response body as text, clipped (a cut multi-byte character is dropped). */
export function excerptOf(bytes: Buffer, maxBytes = MAX_STORED_BYTES): string {
  return clipText(
    bytes
      .subarray(0, maxBytes)
      .toString('utf8')
      .replace(/\uFFFD+$/, ''),
    maxBytes,
  );
}
