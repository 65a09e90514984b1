import { Injectable } from '@nestjs/common';
import { UnsafeTargetError } from '@platform/webhooks';
import * as oidc from 'openid-client';
import type { IdpProvider } from '../idp-connections/idp-connection';
import { IdpHttp } from './idp-http';

/** What a connection tells the client: the issuer's cached metadata and the app's credentials. */
export interface IdpClientSettings {
  provider: IdpProvider;
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The discovery document fetched (and checked) when the connection was saved. */
  metadata: oidc.ServerMetadata;
}

/** The per-sign-in secrets that bind a callback to the browser that started it. */
export interface SignInChecks {
  state: string;
  nonce: string;
  codeVerifier: string;
  redirectUri: string;
}

/** Who the identity provider says signed in, from the verified ID token. */
export interface SignedInIdentity {
  subject: string;
  email: string | undefined;
  emailVerified: boolean;
  /** Google's `hd`: the Workspace domain of the account (absent for personal accounts). */
  hostedDomain: string | undefined;
}

/** Why an issuer was refused; `message` is safe to show the operator. */
export class IdpDiscoveryError extends Error {}

/** A sign-in the identity provider or our checks refused (state, nonce, PKCE, signature...). */
export class IdpSignInError extends Error {}

const DISCOVERY_TIMEOUT_SECONDS = 5;
const CALL_TIMEOUT_SECONDS = 10;

/**
 * The one adapter to OIDC identity providers, through openid-client: discovery when a connection
 * is saved, then authorization code + PKCE (S256) sign-ins checked for state, nonce, issuer,
 * audience and signature. Every call goes through IdpHttp, so through the SSRF guard.
 */
@Injectable()
export class OidcClient {
  constructor(private readonly http: IdpHttp) {}

  /**
   * The issuer's discovery document, fetched within 5 s and checked: its `issuer` must be the
   * URL given (openid-client compares them) and its endpoints https.
   */
  async discover(issuer: string): Promise<oidc.ServerMetadata> {
    let url: URL;
    try {
      url = new URL(issuer);
      await this.http.check(issuer);
    } catch (error) {
      if (error instanceof UnsafeTargetError)
        throw new IdpDiscoveryError(`issuer ${error.message}`);
      throw new IdpDiscoveryError('issuer must be an absolute https URL');
    }
    let config: oidc.Configuration;
    try {
      config = await oidc.discovery(url, 'discovery-probe', undefined, undefined, {
        [oidc.customFetch]: this.http.fetch,
        timeout: DISCOVERY_TIMEOUT_SECONDS,
      });
    } catch (error) {
      throw new IdpDiscoveryError(
        `the discovery document of ${issuer} could not be used: ${describe(error)}`,
      );
    }
    const metadata = config.serverMetadata();
    for (const field of ['authorization_endpoint', 'token_endpoint', 'jwks_uri'] as const) {
      const value = metadata[field];
      if (typeof value !== 'string' || !value.startsWith('https://'))
        throw new IdpDiscoveryError(`the discovery document of ${issuer} has no https ${field}`);
    }
    return { ...metadata };
  }

  /** Where the browser goes to sign in: code flow, PKCE S256, state, nonce and login_hint. */
  async authorizationUrl(
    settings: IdpClientSettings,
    checks: SignInChecks,
    loginHint: string,
  ): Promise<URL> {
    return oidc.buildAuthorizationUrl(this.configuration(settings), {
      redirect_uri: checks.redirectUri,
      response_type: 'code',
      scope: 'openid email profile',
      state: checks.state,
      nonce: checks.nonce,
      code_challenge: await oidc.calculatePKCECodeChallenge(checks.codeVerifier),
      code_challenge_method: 'S256',
      login_hint: loginHint,
      // Ask for the account every time; Google knows no prompt=login, only select_account.
      prompt: settings.provider === 'google_workspace' ? 'select_account' : 'login',
    });
  }

  /**
   * Redeems the callback's code and returns the ID token's verified identity. `callbackUrl` is
   * the redirect URI with the callback's query (openid-client sends it without the query).
   */
  async completeSignIn(
    settings: IdpClientSettings,
    callbackUrl: URL,
    checks: SignInChecks,
  ): Promise<SignedInIdentity> {
    let claims: oidc.IDToken | undefined;
    try {
      const tokens = await oidc.authorizationCodeGrant(this.configuration(settings), callbackUrl, {
        expectedState: checks.state,
        expectedNonce: checks.nonce,
        pkceCodeVerifier: checks.codeVerifier,
        idTokenExpected: true,
      });
      claims = tokens.claims();
    } catch (error) {
      throw new IdpSignInError(describe(error));
    }
    if (claims === undefined) throw new IdpSignInError('the identity provider sent no ID token');
    return {
      subject: claims.sub,
      email: typeof claims['email'] === 'string' ? claims['email'] : undefined,
      // Only a literal true counts: some providers send "true" strings or leave it out.
      emailVerified: claims['email_verified'] === true,
      hostedDomain: typeof claims['hd'] === 'string' ? claims['hd'] : undefined,
    };
  }

  private configuration(settings: IdpClientSettings): oidc.Configuration {
    // client_secret_basic: OIDC's default token_endpoint_auth_method, what IdP consoles register.
    const config = new oidc.Configuration(
      settings.metadata,
      settings.clientId,
      undefined,
      oidc.ClientSecretBasic(settings.clientSecret),
    );
    config[oidc.customFetch] = this.http.fetch;
    config.timeout = CALL_TIMEOUT_SECONDS;
    return config;
  }
}

/** A short reason without secrets: openid-client's messages name checks, never token values. */
function describe(error: unknown): string {
  if (error instanceof UnsafeTargetError) return error.message;
  if (error instanceof Error) {
    const cause = error.cause instanceof Error ? `: ${error.cause.message}` : '';
    return `${error.message}${cause}`.slice(0, 300);
  }
  return 'unknown error';
}
