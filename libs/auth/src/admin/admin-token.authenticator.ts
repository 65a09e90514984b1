import { timingSafeEqual } from 'node:crypto';
import { malformedAuthorization, missingAuthorization, unauthorized } from '../auth-errors';
import { extractBearerToken, isProxyVirtualKey } from '../bearer/bearer-token';
import { digestFromHex, matchDigest, sha256 } from '../crypto/token-digest';
import {
  AdminPrincipal,
  AdminTokenAuthenticatorOptions,
  ScopedAdminPrincipal,
} from './admin-principal';

/**
 * Recognizes operator bearer tokens (see docs/decisions/0003-authentication-schemes.md#decision):
 * ADMIN_SECRET or one of SCOPED_ADMIN_TOKENS. Only SHA-256 digests are kept in memory, and a
 * presented token is compared against all of them in constant time. Authorization (which routes and
 * teams) is the guard's job, not this class's.
 */
export class AdminTokenAuthenticator {
  private readonly adminDigest: Buffer;
  private readonly scopedDigests: Buffer[];
  private readonly scopedPrincipals: ScopedAdminPrincipal[];

  constructor(options: AdminTokenAuthenticatorOptions) {
    // Configuration mistakes fail at start-up, not as a mysterious 401 later.
    if (options.adminSecret.length === 0) throw new Error('adminSecret must not be empty');
    this.adminDigest = sha256(options.adminSecret);
    this.scopedDigests = options.scopedTokens.map((entry) => {
      const digest = digestFromHex(entry.token_sha256);
      if (!digest) {
        throw new Error(
          `scoped admin token "${entry.name}": token_sha256 must be 64 hex characters`,
        );
      }
      return digest;
    });
    // Frozen: the same principal object is handed to every request of that token.
    this.scopedPrincipals = options.scopedTokens.map((entry) =>
      Object.freeze({
        kind: 'scoped' as const,
        name: entry.name,
        teamIds: Object.freeze([...entry.team_ids]),
      }),
    );
  }

  /** Authenticates an `Authorization` header value; throws ApiError 401 when it is not accepted. */
  authenticate(authorizationHeader: string | readonly string[] | undefined): AdminPrincipal {
    if (authorizationHeader === undefined || authorizationHeader === '') {
      throw missingAuthorization();
    }
    const token = extractBearerToken(authorizationHeader);
    if (token === undefined) throw malformedAuthorization();
    return this.authenticateToken(token);
  }

  /** Authenticates an already extracted bearer token; throws ApiError 401 when unknown. */
  authenticateToken(token: string): AdminPrincipal {
    // Refused before any digest is computed or compared: a client key never gets near the
    // operator credentials, and the answer says exactly why.
    if (isProxyVirtualKey(token)) {
      throw unauthorized(
        'virtual_key_not_allowed',
        'Virtual keys (sk-proxy-...) are not accepted on admin routes; use an operator token',
      );
    }
    const digest = sha256(token);
    // Both checks always run, so timing does not tell an admin match from a scoped one.
    const isAdmin = timingSafeEqual(digest, this.adminDigest);
    const scopedIndex = matchDigest(digest, this.scopedDigests);
    if (isAdmin) return { kind: 'admin' };
    if (scopedIndex !== -1) return this.scopedPrincipals[scopedIndex];
    throw unauthorized('invalid_admin_token', 'The admin token is not valid');
  }
}
