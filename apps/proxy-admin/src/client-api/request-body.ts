import { ApiError, findNul, MAX_INPUT_DEPTH, nestsDeeperThan, nulRejected } from '@platform/http';
import type { IncomingMessage } from 'node:http';

/** Chat requests carry whole conversations, so the client API accepts far more than admin routes. */
export const CLIENT_MAX_BODY_BYTES = 10 * 1024 * 1024;

function tooLarge(limit: number): ApiError {
  return new ApiError(413, 'payload_too_large', `Request body is larger than ${limit} bytes`);
}

/**
 * The raw body, read with plain 'data'/'end' listeners (an async iterator costs a promise and
 * more per chunk). Past the cap the request is destroyed, as leaving a `for await` loop would.
 */
function readRaw(req: IncomingMessage, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const cleanup = (): void => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onError);
      req.off('close', onClose);
    };
    const onData = (chunk: Buffer): void => {
      size += chunk.length;
      if (size > limit) {
        cleanup();
        req.destroy();
        reject(tooLarge(limit));
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = (): void => {
      cleanup();
      const [only] = chunks;
      resolve(only && chunks.length === 1 ? only : Buffer.concat(chunks));
    };
    const onError = (error: Error): void => {
      cleanup();
      reject(error);
    };
    // Closed before 'end' (the client went away): what a `for await` loop reports.
    const onClose = (): void => {
      cleanup();
      reject(Object.assign(new Error('Premature close'), { code: 'ERR_STREAM_PREMATURE_CLOSE' }));
    };
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onError);
    req.on('close', onClose);
  });
}

/** A JSON request body: parsed, and the bytes it came as (forwarded as they are when possible). */
export interface JsonBody {
  value: unknown;
  raw: Buffer;
  text: string;
}

/** Reads and parses a JSON body with a size cap: 413 when larger, 400 invalid_json when unparseable. */
export async function readJsonBody(
  req: IncomingMessage,
  limit = CLIENT_MAX_BODY_BYTES,
): Promise<JsonBody> {
  const declared = Number(req.headers['content-length'] ?? 0);
  if (declared > limit) throw tooLarge(limit);
  const raw = await readRaw(req, limit);
  const text = raw.toString('utf8');
  let value: unknown;
  try {
    value = JSON.parse(text) as unknown;
  } catch {
    throw new ApiError(400, 'invalid_json', 'Request body is not valid JSON');
  }
  // The client API bypasses Express, so it applies the platform's input rules itself: deeper
  // nesting would overflow the recursive code after it (token estimates, conversation hashes).
  if (nestsDeeperThan(value, MAX_INPUT_DEPTH)) {
    const message = `body must not nest arrays and objects deeper than ${MAX_INPUT_DEPTH} levels`;
    throw ApiError.badRequest('invalid_request', message, [{ field: 'body', message }]);
  }
  const nul = findNul(value, '');
  if (nul !== undefined) throw nulRejected(nul === '' ? 'body' : nul);
  return { value, raw, text };
}
