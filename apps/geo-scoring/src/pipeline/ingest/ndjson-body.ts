// Streams an NDJSON request body (see docs/geo-scoring/ingestion.md#route): optional gzip, at most
// 64 MB decompressed and 50,000 non-blank lines. The platform's JSON parser only takes
// application/json, so this route reads the raw stream itself and the 256 kB limit of other routes
// stays as it is.
import { ApiError } from '@platform/http';
import type { Readable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import { createGunzip } from 'node:zlib';

export const MAX_INGEST_LINES = 50_000;
export const MAX_INGEST_BYTES = 64 * 1024 * 1024;

const NDJSON_TYPES = new Set([
  'application/x-ndjson',
  'application/ndjson',
  'application/jsonl',
  'application/x-jsonlines',
]);

export interface NdjsonLine {
  /** 1-based physical line number in the (decompressed) body. */
  line: number;
  text: string;
}

export interface NdjsonLimits {
  maxLines: number;
  maxBytes: number;
}

export interface NdjsonHeaders {
  contentType: string | undefined;
  contentEncoding: string | undefined;
}

/** 415 unless the body is declared NDJSON with an encoding we can read. */
export function checkNdjsonHeaders(headers: NdjsonHeaders): { gzip: boolean } {
  const type = (headers.contentType ?? '').split(';')[0].trim().toLowerCase();
  if (!NDJSON_TYPES.has(type)) {
    throw new ApiError(
      415,
      'unsupported_media_type',
      'Content-Type must be application/x-ndjson (one JSON object per line)',
    );
  }
  const encoding = (headers.contentEncoding ?? 'identity').trim().toLowerCase();
  if (encoding !== 'identity' && encoding !== 'gzip' && encoding !== 'x-gzip') {
    throw new ApiError(415, 'unsupported_media_type', 'Content-Encoding must be gzip or identity');
  }
  return { gzip: encoding !== 'identity' };
}

function tooLarge(message: string): ApiError {
  return new ApiError(413, 'payload_too_large', message);
}

/**
 * Reads the body into its non-blank lines. Over a limit, the rest of the upload is drained
 * (not parsed) before the 413 is thrown, so the client gets the answer rather than a reset.
 */
export function readNdjsonLines(
  body: Readable,
  gzip: boolean,
  limits: NdjsonLimits = { maxLines: MAX_INGEST_LINES, maxBytes: MAX_INGEST_BYTES },
): Promise<NdjsonLine[]> {
  return new Promise((resolve, reject) => {
    const lines: NdjsonLine[] = [];
    const decoder = new StringDecoder('utf8');
    let pending = '';
    let lineNumber = 0;
    let bytes = 0;
    let settled = false;
    const gunzip = gzip ? createGunzip() : undefined;
    const source: Readable = gunzip === undefined ? body : body.pipe(gunzip);

    const push = (raw: string): void => {
      lineNumber++;
      const text = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
      if (text.trim() === '') return;
      if (lines.length >= limits.maxLines) {
        throw tooLarge(`At most ${limits.maxLines} lines per request`);
      }
      lines.push({ line: lineNumber, text });
    };

    const fail = (error: unknown): void => {
      if (settled) return;
      settled = true;
      if (gunzip !== undefined) {
        body.unpipe(gunzip);
        gunzip.destroy();
      }
      // Drain what is left of the upload, then answer.
      if (body.readableEnded || body.destroyed) {
        reject(error);
        return;
      }
      body.on('end', () => reject(error));
      body.on('error', () => reject(error));
      body.on('close', () => reject(error));
      body.resume();
    };

    source.on('data', (chunk: Buffer) => {
      if (settled) return;
      try {
        bytes += chunk.length;
        if (bytes > limits.maxBytes) {
          throw tooLarge(`At most ${limits.maxBytes} bytes (decompressed) per request`);
        }
        const parts = (pending + decoder.write(chunk)).split('\n');
        pending = parts.pop() ?? '';
        for (const part of parts) push(part);
      } catch (error) {
        fail(error);
      }
    });
    source.on('end', () => {
      if (settled) return;
      try {
        const rest = pending + decoder.end();
        if (rest !== '') push(rest);
        settled = true;
        resolve(lines);
      } catch (error) {
        fail(error);
      }
    });
    source.on('error', (error: NodeJS.ErrnoException) => {
      fail(
        gunzip !== undefined && error.code?.startsWith('Z_')
          ? ApiError.badRequest('invalid_request', 'Request body is not valid gzip')
          : ApiError.badRequest('request_aborted', 'Request body could not be read'),
      );
    });
    if (gunzip !== undefined)
      body.on('error', () => fail(ApiError.badRequest('request_aborted', 'Request was aborted')));
  });
}
