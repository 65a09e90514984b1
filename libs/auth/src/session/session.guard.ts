import { Inject, Injectable } from '@nestjs/common';
import type { ApiError } from '@platform/http';
import type { Request } from 'express';
import { unauthorized } from '../auth-errors';
import { extractBearerToken } from '../bearer/bearer-token';
import { readCookie } from '../bearer/cookies';
import { BearerTokenGuard } from '../guards/bearer-token.guard';
import { PrincipalSlot } from '../guards/principal-slot';
import { SessionClaims } from './session-claims';

/** Injection token of the app's SessionTokenVerifier (see SessionAuthModule). */
export const SESSION_TOKEN_VERIFIER = Symbol('SESSION_TOKEN_VERIFIER');

/** Name of the cookie carrying the session JWT. */
export const SESSION_COOKIE = 'session';

/** Where SessionGuard leaves the verified claims; read them with `@CurrentSession()`. */
export const SESSION_CLAIMS = new PrincipalSlot<SessionClaims>('session');

/** What SessionGuard needs from a verifier (any `SessionTokenVerifier<...>` fits). */
export interface SessionVerifier {
  verify(token: string): Promise<SessionClaims>;
}

/**
 * Guards dashboard routes with a session JWT. An `Authorization` header, when sent, is used and
 * must be `Bearer <jwt>` (an explicit header beats an ambient cookie); otherwise the `session`
 * cookie is read. Every failure is 401 `unauthorized`.
 */
@Injectable()
export class SessionGuard extends BearerTokenGuard<SessionClaims> {
  protected readonly slot = SESSION_CLAIMS;

  constructor(@Inject(SESSION_TOKEN_VERIFIER) private readonly verifier: SessionVerifier) {
    super();
  }

  protected authenticate(token: string): Promise<SessionClaims> {
    return this.verifier.verify(token);
  }

  protected override extractToken(request: Request): string {
    const header = request.headers.authorization;
    if (header !== undefined && header !== '') {
      const token = extractBearerToken(header);
      if (token === undefined) throw this.malformedCredentials();
      return token;
    }
    const cookie = readCookie(request.headers.cookie, SESSION_COOKIE);
    if (cookie === undefined || cookie === '') throw this.missingCredentials();
    return cookie;
  }

  protected override missingCredentials(): ApiError {
    return unauthorized(
      'unauthorized',
      'Sign-in required: send the session cookie or Authorization: Bearer <session token>',
    );
  }

  protected override malformedCredentials(): ApiError {
    return unauthorized(
      'unauthorized',
      'Authorization header must be exactly "Bearer <session token>"',
    );
  }
}
