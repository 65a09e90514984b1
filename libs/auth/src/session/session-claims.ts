/** Claims a deployment can insist on: `sub`, `email`, `team_id`. */
export type SessionClaimName = 'sub' | 'email' | 'team_id';

/** The claims of a verified session JWT. `exp` is always present: sessions must expire. */
export interface SessionClaims {
  sub?: string;
  email?: string;
  team_id?: string;
  /** Expiry, seconds since the epoch. */
  exp: number;
  /** Issued at, seconds since the epoch. */
  iat?: number;
}

/** Session claims where the required ones are known to be present. */
export type VerifiedSession<R extends SessionClaimName = never> = SessionClaims & {
  [K in R]-?: string;
};

/** The proxy-admin dashboard session: a team member (`sub`, `email`, `team_id`). */
export type DashboardSession = VerifiedSession<'sub' | 'email' | 'team_id'>;

/** Longest session token accepted, from the cookie or the Authorization header. */
export const MAX_SESSION_TOKEN_LENGTH = 4096;

/** Shortest HS256 secret accepted: 256 bits of text, as RFC 7518 section 3.2 asks. */
export const MIN_HS256_SECRET_LENGTH = 32;
