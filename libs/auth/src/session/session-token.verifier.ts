import { ApiError } from '@platform/http';
import { createRemoteJWKSet, decodeProtectedHeader, errors, jwtVerify } from 'jose';
import type { JWTPayload, JWTVerifyOptions } from 'jose';
import { unauthorized } from '../auth-errors';
import {
  MAX_SESSION_TOKEN_LENGTH,
  MIN_HS256_SECRET_LENGTH,
  SessionClaimName,
  SessionClaims,
  VerifiedSession,
} from './session-claims';

export interface SessionTokenVerifierOptions<R extends SessionClaimName> {
  /** HS256 shared secret. Exactly one of `hs256Secret` and `jwksUrl`. */
  hs256Secret?: string;
  /** JWKS endpoint for RS256/ES256 tokens. Exactly one of `hs256Secret` and `jwksUrl`. */
  jwksUrl?: string;
  /** Claims every session must carry as non-empty strings (`exp` is always required). */
  requiredClaims: readonly R[];
  /** Allowed clock skew for `exp`/`nbf`/`iat`, in seconds; 5 by default. */
  clockToleranceSeconds?: number;
  /** How long one JWKS fetch may take, in milliseconds; 5000 by default. */
  jwksTimeoutMs?: number;
}

type VerifyJwt = (token: string, options: JWTVerifyOptions) => Promise<{ payload: JWTPayload }>;

const CLAIM_NAMES: readonly SessionClaimName[] = ['sub', 'email', 'team_id'];

/** Failures of the key source itself (our side), as opposed to a bad token. */
const KEY_SOURCE_FAILURES = new Set(['ERR_JWKS_TIMEOUT', 'ERR_JWKS_INVALID', 'ERR_JOSE_GENERIC']);

/**
 * Verifies dashboard session JWTs (see docs/decisions/0003-authentication-schemes.md#decision). The
 * accepted algorithms follow from the key source and nothing else: HS256 with a shared secret,
 * RS256/ES256 with a JWKS. A token can never pick its own algorithm, so `alg: none` and
 * HS256-signed-with-a-public-key are refused. Failures are ApiError 401 `unauthorized`; an
 * unreachable JWKS is 503 `session_keys_unavailable`.
 */
export class SessionTokenVerifier<R extends SessionClaimName = SessionClaimName> {
  private readonly verifyJwt: VerifyJwt;
  private readonly usesJwks: boolean;
  private readonly options: JWTVerifyOptions;
  private readonly requiredClaims: readonly R[];

  constructor(options: SessionTokenVerifierOptions<R>) {
    const { hs256Secret, jwksUrl } = options;
    for (const claim of options.requiredClaims) {
      if (!CLAIM_NAMES.includes(claim)) throw new Error(`unknown session claim "${claim}"`);
    }
    this.requiredClaims = [...options.requiredClaims];
    const common = {
      clockTolerance: options.clockToleranceSeconds ?? 5,
      requiredClaims: ['exp', ...this.requiredClaims],
    };
    if (hs256Secret !== undefined && jwksUrl === undefined) {
      this.usesJwks = false;
      this.verifyJwt = hs256Verifier(hs256Secret);
      this.options = { ...common, algorithms: ['HS256'] };
    } else if (jwksUrl !== undefined && hs256Secret === undefined) {
      this.usesJwks = true;
      this.verifyJwt = jwksVerifier(jwksUrl, options.jwksTimeoutMs ?? 5000);
      this.options = { ...common, algorithms: ['RS256', 'ES256'] };
    } else {
      throw new Error('SessionTokenVerifier needs exactly one of hs256Secret and jwksUrl');
    }
  }

  /** The claims of a valid session token; throws ApiError (401, or 503 when keys are unreachable). */
  async verify(token: string): Promise<VerifiedSession<R>> {
    if (token.length === 0 || token.length > MAX_SESSION_TOKEN_LENGTH) {
      throw invalidSession('Session token is malformed');
    }
    let payload: JWTPayload;
    try {
      ({ payload } = await this.verifyJwt(token, this.options));
    } catch (error) {
      throw this.translate(error, token);
    }
    return this.claimsOf(payload);
  }

  private claimsOf(payload: JWTPayload): VerifiedSession<R> {
    if (typeof payload.exp !== 'number') throw invalidSession('Session token has no expiry');
    const claims: SessionClaims = { exp: payload.exp };
    if (typeof payload.iat === 'number') claims.iat = payload.iat;
    for (const name of CLAIM_NAMES) {
      const value = payload[name];
      if (value === undefined) continue;
      if (typeof value !== 'string' || value.length === 0) {
        throw invalidSession(`Session token claim "${name}" must be a non-empty string`);
      }
      claims[name] = value;
    }
    // jose checked presence of the required claims; this keeps the type honest.
    for (const name of this.requiredClaims) {
      if (claims[name] === undefined) {
        throw invalidSession(`Session token is missing the "${name}" claim`);
      }
    }
    return claims as VerifiedSession<R>;
  }

  private translate(error: unknown, token: string): ApiError {
    const code = error instanceof errors.JOSEError ? error.code : undefined;
    if (this.usesJwks && (code === undefined || KEY_SOURCE_FAILURES.has(code))) {
      return new ApiError(
        503,
        'session_keys_unavailable',
        'Session signing keys are unavailable; try again later',
      );
    }
    if (error instanceof errors.JWTClaimValidationFailed) {
      return invalidSession(
        error.reason === 'missing'
          ? `Session token is missing the "${error.claim}" claim`
          : `Session token claim "${error.claim}" is not valid`,
      );
    }
    switch (code) {
      case 'ERR_JWT_EXPIRED':
        return invalidSession('Session token has expired');
      case 'ERR_JWS_SIGNATURE_VERIFICATION_FAILED':
        return invalidSession('Session token signature is invalid');
      case 'ERR_JOSE_ALG_NOT_ALLOWED':
        return invalidSession(`Session token algorithm "${algorithmOf(token)}" is not accepted`);
      case 'ERR_JWKS_NO_MATCHING_KEY':
      case 'ERR_JWKS_MULTIPLE_MATCHING_KEYS':
        return invalidSession('No signing key matches the session token');
      case 'ERR_JWS_INVALID':
      case 'ERR_JWT_INVALID':
      case 'ERR_JOSE_NOT_SUPPORTED':
      case 'ERR_JWK_INVALID':
        return invalidSession('Session token is malformed');
      default:
        return invalidSession('Session token is invalid');
    }
  }
}

function hs256Verifier(secret: string): VerifyJwt {
  if (secret.length < MIN_HS256_SECRET_LENGTH) {
    throw new Error(`hs256Secret must be at least ${MIN_HS256_SECRET_LENGTH} characters`);
  }
  const key = new TextEncoder().encode(secret);
  return (token, options) => jwtVerify(token, key, options);
}

function jwksVerifier(jwksUrl: string, timeoutMs: number): VerifyJwt {
  const url = new URL(jwksUrl);
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new Error('jwksUrl must be an http(s) URL');
  }
  // jose caches the key set and refetches (rate-limited) when a token names an unknown kid.
  const keys = createRemoteJWKSet(url, { timeoutDuration: timeoutMs });
  return (token, options) => jwtVerify(token, keys, options);
}

function invalidSession(message: string): ApiError {
  return unauthorized('unauthorized', message);
}

/** The token's declared algorithm, shortened, for the error message only. */
function algorithmOf(token: string): string {
  try {
    return String(decodeProtectedHeader(token).alg).slice(0, 16);
  } catch {
    return 'unknown';
  }
}
