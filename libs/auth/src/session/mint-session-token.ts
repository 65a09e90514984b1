import { SignJWT } from 'jose';
import { MIN_HS256_SECRET_LENGTH } from './session-claims';

export interface MintSessionTokenOptions {
  /** The HS256 secret (DASHBOARD_SESSION_SECRET or APP_SESSION_SECRET). */
  secret: string;
  sub: string;
  email?: string;
  team_id?: string;
  /** Lifetime in whole seconds, from `now`. */
  ttlSeconds: number;
  /** Issue time; defaults to the current time (tests set it to mint already expired tokens). */
  now?: Date;
}

/** Mints an HS256 session JWT for operators and tests (the dashboard's own sign-in does the same). */
export async function mintSessionToken(options: MintSessionTokenOptions): Promise<string> {
  if (options.secret.length < MIN_HS256_SECRET_LENGTH) {
    throw new Error(`secret must be at least ${MIN_HS256_SECRET_LENGTH} characters`);
  }
  if (!Number.isInteger(options.ttlSeconds) || options.ttlSeconds <= 0) {
    throw new Error('ttlSeconds must be a positive integer');
  }
  if (options.sub.length === 0) throw new Error('sub must not be empty');
  const issuedAt = Math.floor((options.now ?? new Date()).getTime() / 1000);
  const claims: Record<string, string> = {};
  if (options.email !== undefined) claims['email'] = options.email;
  if (options.team_id !== undefined) claims['team_id'] = options.team_id;
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(options.sub)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + options.ttlSeconds)
    .sign(new TextEncoder().encode(options.secret));
}
