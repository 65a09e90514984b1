export { malformedAuthorization, missingAuthorization, unauthorized } from './auth-errors';
export {
  extractBearerToken,
  isProxyVirtualKey,
  MAX_BEARER_TOKEN_LENGTH,
  VIRTUAL_KEY_PREFIX,
} from './bearer/bearer-token';
export { apiKeyFormat } from './api-keys/api-key-format';
export type { ApiKeyFormat, ApiKeyMaterial } from './api-keys/api-key-format';
export { readCookie } from './bearer/cookies';
export { digestEquals, matchTokenDigest, sha256, sha256Hex } from './crypto/token-digest';
export { BearerTokenGuard } from './guards/bearer-token.guard';
export { PrincipalSlot } from './guards/principal-slot';
export type {
  AdminPrincipal,
  AdminTokenAuthenticatorOptions,
  ScopedAdminPrincipal,
  ScopedAdminToken,
  UnrestrictedAdminPrincipal,
} from './admin/admin-principal';
export { AdminTokenAuthenticator } from './admin/admin-token.authenticator';
export {
  ADMIN_ROUTE_ACCESS,
  AdminSecretOnly,
  AllowScopedAdminToken,
} from './admin/admin-route-access';
export type { AdminRouteAccess } from './admin/admin-route-access';
export { ADMIN_PRINCIPAL, ADMIN_TOKEN_AUTHENTICATOR, AdminGuard } from './admin/admin.guard';
export { AdminAuthModule } from './admin/admin-auth.module';
export { CurrentAdmin } from './admin/current-admin.decorator';
export { MAX_SESSION_TOKEN_LENGTH, MIN_HS256_SECRET_LENGTH } from './session/session-claims';
export type {
  DashboardSession,
  SessionClaimName,
  SessionClaims,
  VerifiedSession,
} from './session/session-claims';
export { mintSessionToken } from './session/mint-session-token';
export type { MintSessionTokenOptions } from './session/mint-session-token';
export { SessionTokenVerifier } from './session/session-token.verifier';
export type { SessionTokenVerifierOptions } from './session/session-token.verifier';
export {
  SESSION_CLAIMS,
  SESSION_COOKIE,
  SESSION_TOKEN_VERIFIER,
  SessionGuard,
} from './session/session.guard';
export type { SessionVerifier } from './session/session.guard';
export { SessionAuthModule } from './session/session-auth.module';
export { CurrentSession } from './session/current-session.decorator';
