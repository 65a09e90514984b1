import { ApiError } from '@platform/http';
import { json, text } from 'express';
import type { Request, Router } from 'express';

/** Largest upload body, CSV text or JSON. */
export const MAX_UPLOAD_BODY = '2mb';

const UPLOAD_PATH = '/api/portfolios/:id/upload';
const CSV_TYPES = ['text/csv', 'application/csv'];

/**
 * Body parsers of POST /api/portfolios/{id}/upload, mounted ahead of the app's JSON parser (whose
 * 256 KB limit would refuse a 2 MB `{"csv": "..."}`): JSON and CSV text up to 2 MB. Larger bodies
 * and unreadable charsets become the app's 413 payload_too_large / 415 unsupported_media_type.
 */
export function mountUploadBodyParsers(parsers: Router): void {
  parsers.use(
    UPLOAD_PATH,
    json({ limit: MAX_UPLOAD_BODY }),
    text({ type: CSV_TYPES, limit: MAX_UPLOAD_BODY, defaultCharset: 'utf-8' }),
  );
}

function mediaType(request: Request): string {
  return (request.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
}

/**
 * The CSV text of an upload: a `text/csv` body, or `application/json` `{"csv": "..."}`. Any other
 * content type is 415 unsupported_media_type.
 */
export function uploadedCsv(request: Request): string {
  const type = mediaType(request);
  const body: unknown = request.body;
  if (CSV_TYPES.includes(type)) return typeof body === 'string' ? body : '';
  if (type === 'application/json') {
    const valid =
      body !== null &&
      typeof body === 'object' &&
      !Array.isArray(body) &&
      typeof (body as { csv?: unknown }).csv === 'string';
    const extra =
      body !== null && typeof body === 'object'
        ? Object.keys(body).filter((key) => key !== 'csv')
        : [];
    if (!valid || extra.length > 0) {
      const details = [
        ...(valid ? [] : [{ field: 'csv', message: 'csv must be a string holding the CSV text' }]),
        ...extra.map((field) => ({ field, message: `property ${field} should not exist` })),
      ];
      throw ApiError.badRequest(
        'invalid_request',
        details.map((detail) => detail.message).join('; '),
        details,
      );
    }
    return (body as { csv: string }).csv;
  }
  throw new ApiError(
    415,
    'unsupported_media_type',
    'Send the CSV as text/csv, or as application/json {"csv": "..."}',
  );
}
