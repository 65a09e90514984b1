import { digestEquals, extractBearerToken, MAX_BEARER_TOKEN_LENGTH } from '@platform/auth';
import { ApiError } from '@platform/http';
import type { NextFunction, Request, Response } from 'express';

/** Makes a browser ask for a user name and password; the password is the board's token. */
export const QUEUE_BOARD_CHALLENGE = 'Basic realm="queues"';

// `Basic` (any case), then one base64 token; the cap keeps a huge header away from the decoder.
const BASIC = /^basic[ \t]+([A-Za-z0-9+/]+={0,2})$/i;
const MAX_BASIC_CREDENTIALS_LENGTH = Math.ceil(((MAX_BEARER_TOKEN_LENGTH + 256) * 4) / 3);

/**
 * The credential an Authorization header presents to the board: a Bearer token, or the password
 * of HTTP Basic auth (any user name, the password after the first ':'). Undefined when the header
 * is absent, repeated, of another scheme or malformed.
 */
export function presentedBoardCredential(
  authorizationHeader: string | readonly string[] | undefined,
): string | undefined {
  if (typeof authorizationHeader !== 'string') return undefined;
  const bearer = extractBearerToken(authorizationHeader);
  if (bearer !== undefined) return bearer;
  const header = authorizationHeader.trim();
  if (header.length > MAX_BASIC_CREDENTIALS_LENGTH + 16) return undefined;
  const encoded = BASIC.exec(header)?.[1];
  if (encoded === undefined) return undefined;
  const decoded = Buffer.from(encoded, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return colon === -1 ? undefined : decoded.slice(colon + 1);
}

/**
 * Whether the presented credential is the board's token. Always one constant-time comparison of
 * two SHA-256 digests, also when nothing usable was presented, so neither the token's length nor
 * a shared prefix, nor the kind of refusal, shows in the time taken.
 */
export function boardCredentialMatches(presented: string | undefined, token: string): boolean {
  const equal = digestEquals(presented ?? '', token);
  return equal && presented !== undefined;
}

/**
 * Express middleware in front of every board route (pages, static assets and API): lets through
 * only a request presenting the token, and answers 401 with a Basic challenge otherwise, so a
 * browser asks for it. What passes is marked uncacheable: job data is not for shared caches.
 */
export function requireBoardToken(token: string) {
  return (req: Request, res: Response, next: NextFunction): void => {
    const header = req.headers.authorization;
    if (boardCredentialMatches(presentedBoardCredential(header), token)) {
      res.setHeader('Cache-Control', 'private, no-store');
      next();
      return;
    }
    const headers = { 'WWW-Authenticate': QUEUE_BOARD_CHALLENGE };
    throw header === undefined
      ? new ApiError(
          401,
          'missing_authorization',
          'The queue board needs its token: Authorization: Bearer <token>, or the password of Basic auth',
          { headers },
        )
      : new ApiError(401, 'invalid_queue_board_token', 'The queue board token is not valid', {
          headers,
        });
  };
}
