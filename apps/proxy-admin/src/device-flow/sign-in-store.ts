import { Inject, Injectable, Logger } from '@nestjs/common';
import { ApiError } from '@platform/http';
import { REDIS } from '@platform/redis';
import type Redis from 'ioredis';
import { newBrowserSecret, secretDigest } from './device-codes';

/** An IdP sign-in in flight, keyed by its state; consumed by the callback exactly once. */
export interface PendingSignIn {
  authorizationId: string;
  connectionId: string;
  nonce: string;
  codeVerifier: string;
  /** SHA-256 of the binding cookie set in the browser that started the sign-in. */
  bindingDigest: string;
}

/** A finished sign-in that may approve or deny one device authorization. */
export interface ApprovalSession {
  authorizationId: string;
  email: string;
  subject: string;
}

/** How long a sign-in may take at the identity provider. */
export const SIGN_IN_TTL_SECONDS = 600;
/** How long the approval page stays usable after signing in. */
export const APPROVAL_SESSION_TTL_SECONDS = 300;

/**
 * Browser-side state of the verify page, in Redis so any replica can serve any step. Keys are
 * SHA-256 digests of the secrets the browser holds, so Redis never stores a usable state or
 * cookie value.
 */
@Injectable()
export class SignInStore {
  private readonly logger = new Logger(SignInStore.name);

  constructor(@Inject(REDIS) private readonly redis: Redis) {}

  /** Stores a sign-in; returns its state (sent to the IdP) and the binding cookie's value. */
  async begin(signIn: Omit<PendingSignIn, 'bindingDigest'>): Promise<{
    state: string;
    binding: string;
  }> {
    const state = newBrowserSecret();
    const binding = newBrowserSecret();
    const record: PendingSignIn = { ...signIn, bindingDigest: secretDigest(binding) };
    await this.call(() =>
      this.redis.set(signInKey(state), JSON.stringify(record), 'EX', SIGN_IN_TTL_SECONDS),
    );
    return { state, binding };
  }

  /** The sign-in of a state, removed in the same step: a replayed callback finds nothing. */
  async consume(state: string): Promise<PendingSignIn | undefined> {
    const value = await this.call(() => this.redis.getdel(signInKey(state)));
    return value === null ? undefined : (JSON.parse(value) as PendingSignIn);
  }

  /** Opens an approval session; returns the cookie value. */
  async openSession(session: ApprovalSession): Promise<string> {
    const token = newBrowserSecret();
    await this.call(() =>
      this.redis.set(
        sessionKey(token),
        JSON.stringify(session),
        'EX',
        APPROVAL_SESSION_TTL_SECONDS,
      ),
    );
    return token;
  }

  async session(token: string): Promise<ApprovalSession | undefined> {
    const value = await this.call(() => this.redis.get(sessionKey(token)));
    return value === null ? undefined : (JSON.parse(value) as ApprovalSession);
  }

  /** Ends a session once it decided (a second POST with the same cookie is refused). */
  async closeSession(token: string): Promise<boolean> {
    return (await this.call(() => this.redis.del(sessionKey(token)))) === 1;
  }
  /** Redis failures become a 503 the pages can show, never a 500. */
  private async call<T>(run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      this.logger.error({ err: error }, 'device sign-in store unavailable');
      throw new ApiError(
        503,
        'sign_in_unavailable',
        'Sign-in is unavailable for a moment; retry shortly',
        {
          headers: { 'Retry-After': '5' },
        },
      );
    }
  }
}

function signInKey(state: string): string {
  return `device:signin:${secretDigest(state)}`;
}

function sessionKey(token: string): string {
  return `device:session:${secretDigest(token)}`;
}
