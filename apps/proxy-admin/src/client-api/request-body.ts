import { ApiError } from '@platform/http';
import type { IncomingMessage } from 'node:http';

/** Chat requests carry whole conversations, so the client API accepts far more than admin routes. */
export const CLIENT_MAX_BODY_BYTES = 10 * 1024 * 1024;

/** Reads and parses a JSON body with a size cap: 413 when larger, 400 invalid_json when unparseable. */
export async function readJsonBody(
  req: IncomingMessage,
  limit = CLIENT_MAX_BODY_BYTES,
): Promise<unknown> {
  const declared = Number(req.headers['content-length'] ?? 0);
  if (declared > limit)
    throw new ApiError(413, 'payload_too_large', `Request body is larger than ${limit} bytes`);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > limit)
      throw new ApiError(413, 'payload_too_large', `Request body is larger than ${limit} bytes`);
    chunks.push(chunk as Buffer);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown;
  } catch {
    throw new ApiError(400, 'invalid_json', 'Request body is not valid JSON');
  }
}
