import { ApiError } from '@platform/http';
import type { Readable } from 'node:stream';

/** 415 unless the body is declared as `type` (parameters such as charset are allowed). */
export function requireContentType(header: string | undefined, type: string): void {
  const declared = (header ?? '').split(';')[0]?.trim().toLowerCase();
  if (declared !== type)
    throw new ApiError(415, 'unsupported_media_type', `Content-Type must be ${type}`);
}

/**
 * Reads a UTF-8 text body of at most `maxBytes`. The global JSON parser ignores other content
 * types, so these routes read the stream themselves. Over the limit, the rest of the upload is
 * drained unread before the 413, so the client gets the answer rather than a reset.
 */
export function readTextBody(body: Readable, maxBytes: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let bytes = 0;
    let over = false;
    body.on('data', (chunk: Buffer) => {
      bytes += chunk.length;
      if (bytes > maxBytes) over = true;
      else chunks.push(chunk);
    });
    body.on('end', () => {
      if (over)
        reject(
          new ApiError(413, 'payload_too_large', `The body may hold at most ${maxBytes} bytes`),
        );
      else resolve(Buffer.concat(chunks).toString('utf8'));
    });
    body.on('error', reject);
  });
}
