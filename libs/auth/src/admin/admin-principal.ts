/** Who called an admin route, once the bearer token is recognized. */
export type AdminPrincipal = UnrestrictedAdminPrincipal | ScopedAdminPrincipal;

/** The holder of ADMIN_SECRET: every admin route, every team. */
export interface UnrestrictedAdminPrincipal {
  kind: 'admin';
}

/** The holder of one SCOPED_ADMIN_TOKENS entry: allowlisted reads of its own teams only. */
export interface ScopedAdminPrincipal {
  kind: 'scoped';
  /** The entry's `name`, for logs and audit (never the token). */
  name: string;
  teamIds: readonly string[];
}

/** One SCOPED_ADMIN_TOKENS entry (the shape of `ScopedAdminTokenConfig` in @platform/config). */
export interface ScopedAdminToken {
  name: string;
  /** SHA-256 of the token, 64 hex characters. */
  token_sha256: string;
  team_ids: readonly string[];
}

export interface AdminTokenAuthenticatorOptions {
  /** The unrestricted operator credential (ADMIN_SECRET). */
  adminSecret: string;
  scopedTokens: readonly ScopedAdminToken[];
}
