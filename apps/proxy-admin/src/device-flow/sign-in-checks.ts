import { emailDomain } from '../idp-connections/login-domain';
import type { IdpProvider } from '../idp-connections/idp-connection';
import type { SignedInIdentity } from '../oidc/oidc-client';

/**
 * Why a verified sign-in may not approve the authorization, or undefined when it may: the email
 * must be verified, in the connection's domain and the one the device asked for. Google's issuer
 * serves every Google account, so a Workspace connection also needs the account's `hd` claim to
 * name the domain: a personal account registered under a company address has none.
 */
export function signInProblem(
  identity: SignedInIdentity,
  connection: { provider: IdpProvider; loginDomain: string },
  requestedEmail: string,
): string | undefined {
  const email = identity.email?.toLowerCase();
  if (email === undefined || !identity.emailVerified)
    return 'Your identity provider has not verified your email address.';
  if (emailDomain(email) !== connection.loginDomain)
    return `You signed in with an account outside ${connection.loginDomain}.`;
  if (
    connection.provider === 'google_workspace' &&
    identity.hostedDomain?.toLowerCase() !== connection.loginDomain
  )
    return `You signed in with an account that is not managed by ${connection.loginDomain}.`;
  if (email !== requestedEmail)
    return `This code was requested for ${requestedEmail}; you signed in as someone else.`;
  return undefined;
}
