import { Inject, Injectable, Logger } from '@nestjs/common';
import { Clock } from '@platform/clock';
import { ProxyAdminConfig } from '@platform/config';
import { timingSafeEqual } from 'node:crypto';
import { IdpConnectionsService } from '../idp-connections/idp-connections.service';
import { IdpSignInError, OidcClient, type IdpClientSettings } from '../oidc/oidc-client';
import { DeviceAuthorizationsRepository } from './device-authorizations.repository';
import { newBrowserSecret, normaliseUserCode, secretDigest } from './device-codes';
import { DeviceFlowMetrics } from './device-flow.metrics';
import { DeviceRateLimiter } from './device-rate-limiter';
import { signInProblem } from './sign-in-checks';
import { SignInStore } from './sign-in-store';
import { BINDING_COOKIE, VerifyCookies } from './verify-cookies';
import { approvalPage, entryPage, HtmlPage, messagePage } from './verify-page';

/** The verify page's answer: a page to show, or the identity provider to go to. */
export type BrowserOutcome =
  { page: HtmlPage; setCookies: string[] } | { redirect: string; setCookies: string[] };

/** The cookies and address of the browser on the verify page. */
export interface BrowserContext {
  ip: string;
  bindingCookie?: string;
  sessionCookie?: string;
}

const GONE =
  'This code has expired, was already used, or its sign-in was removed. Start again on your device.';

/**
 * The browser half of the device flow: the verify page starts an OIDC sign-in at the
 * connection's identity provider, the callback checks who signed in and opens a short approval
 * session, and the approval page shows what is being approved. Deciding is in DeviceDecisionService.
 */
@Injectable()
export class DeviceSignInService {
  private readonly logger = new Logger(DeviceSignInService.name);
  private readonly baseUrl: string;
  private readonly redirectUri: string;

  constructor(
    private readonly authorizations: DeviceAuthorizationsRepository,
    private readonly connections: IdpConnectionsService,
    private readonly oidc: OidcClient,
    private readonly store: SignInStore,
    private readonly limiter: DeviceRateLimiter,
    private readonly metrics: DeviceFlowMetrics,
    private readonly cookies: VerifyCookies,
    @Inject(ProxyAdminConfig) config: ProxyAdminConfig,
    @Inject(Clock) private readonly clock: Clock,
  ) {
    this.baseUrl = config.SSO_CALLBACK_BASE_URL ?? 'http://invalid';
    this.redirectUri = `${this.baseUrl}/oauth/device/callback`;
  }

  /** GET /oauth/device/verify: the code form, the approval page, or off to sign in. */
  async verify(userCodeInput: unknown, browser: BrowserContext): Promise<BrowserOutcome> {
    if (userCodeInput === undefined || userCodeInput === '')
      return { page: entryPage(), setCookies: [] };
    const release = await this.limiter.reserve('wrongUserCode', browser.ip);
    const code = normaliseUserCode(userCodeInput);
    const authorization =
      code === undefined
        ? undefined
        : await this.authorizations.findLiveByUserCode(code, this.clock.now());
    if (authorization === undefined) {
      const error = 'That code is not valid or has expired. Check it and try again.';
      return { page: entryPage({ status: 404, error }), setCookies: [] };
    }
    await release();
    if (browser.sessionCookie !== undefined) {
      const session = await this.store.session(browser.sessionCookie);
      if (session?.authorizationId === authorization.id) {
        const page = approvalPage(authorization, session.email);
        return { page, setCookies: [] };
      }
    }
    await this.limiter.hit('signInStart', browser.ip);
    const settings = await this.settingsOf(authorization.idpConnectionId);
    if (settings === undefined)
      return { page: messagePage(410, 'Code no longer valid', GONE), setCookies: [] };
    const nonce = newBrowserSecret();
    const codeVerifier = newBrowserSecret();
    const { state, binding } = await this.store.begin({
      authorizationId: authorization.id,
      connectionId: settings.connectionId,
      nonce,
      codeVerifier,
    });
    const url = await this.oidc.authorizationUrl(
      settings,
      { state, nonce, codeVerifier, redirectUri: this.redirectUri },
      authorization.email,
    );
    return { redirect: url.href, setCookies: [this.cookies.binding(binding)] };
  }

  /** GET /oauth/device/callback: checks the sign-in, then shows the approval page. */
  async callback(
    query: Record<string, unknown>,
    originalUrl: string,
    browser: BrowserContext,
  ): Promise<BrowserOutcome> {
    const clearBinding = [this.cookies.clear(BINDING_COOKIE)];
    const refuse = (status: number, title: string, message: string): BrowserOutcome => {
      this.metrics.count('sign_in_refused');
      return { page: messagePage(status, title, message), setCookies: clearBinding };
    };
    const state = query['state'];
    if (typeof state !== 'string' || state === '' || state.length > 200)
      return refuse(
        400,
        'Sign-in failed',
        'The identity provider did not send the sign-in back correctly.',
      );
    const pending = await this.store.consume(state);
    if (pending === undefined)
      return refuse(
        400,
        'Sign-in link already used',
        'This sign-in has expired or was already completed. Start again from the code on your device.',
      );
    if (!sameDigest(browser.bindingCookie, pending.bindingDigest))
      return refuse(
        400,
        'Sign-in failed',
        'This sign-in was started in another browser. Open the link on your device in this browser and sign in again.',
      );
    if (query['error'] !== undefined)
      return refuse(
        400,
        'Sign-in cancelled',
        'The identity provider did not sign you in. Start again to retry.',
      );
    const now = this.clock.now();
    const authorization = await this.authorizations.findLiveById(pending.authorizationId, now);
    const settings = await this.settingsOf(pending.connectionId);
    if (
      authorization === undefined ||
      settings === undefined ||
      authorization.idpConnectionId !== pending.connectionId
    )
      return refuse(410, 'Code no longer valid', GONE);
    let identity;
    try {
      identity = await this.oidc.completeSignIn(settings, this.callbackUrl(originalUrl), {
        state,
        nonce: pending.nonce,
        codeVerifier: pending.codeVerifier,
        redirectUri: this.redirectUri,
      });
    } catch (error) {
      if (!(error instanceof IdpSignInError)) throw error;
      this.logger.warn(
        { device_authorization_id: authorization.id, reason: error.message },
        'IdP sign-in refused',
      );
      return refuse(
        400,
        'Sign-in failed',
        'The sign-in could not be verified. Start again from your device.',
      );
    }
    const problem = signInProblem(identity, settings, authorization.email);
    if (problem !== undefined) {
      this.logger.warn(
        { device_authorization_id: authorization.id },
        'IdP sign-in does not match the request',
      );
      return refuse(403, 'Not allowed', problem);
    }
    const token = await this.store.openSession({
      authorizationId: authorization.id,
      email: authorization.email,
      subject: identity.subject,
    });
    this.logger.log({ device_authorization_id: authorization.id }, 'device sign-in verified');
    this.metrics.count('sign_in_verified');
    return {
      page: approvalPage(authorization, authorization.email),
      setCookies: [...clearBinding, this.cookies.session(token)],
    };
  }

  /** The redirect URI as registered, with the query the identity provider sent back. */
  private callbackUrl(originalUrl: string): URL {
    const url = new URL(this.redirectUri);
    const query = originalUrl.indexOf('?');
    url.search = query < 0 ? '' : originalUrl.slice(query);
    return url;
  }

  private async settingsOf(
    connectionId: string | null,
  ): Promise<(IdpClientSettings & { connectionId: string; loginDomain: string }) | undefined> {
    if (connectionId === null) return undefined;
    const found = await this.connections.forSignIn(connectionId);
    if (found === undefined) return undefined;
    return {
      connectionId: found.connection.id,
      provider: found.connection.provider,
      loginDomain: found.connection.loginDomain,
      issuer: found.connection.issuer,
      clientId: found.connection.clientId,
      clientSecret: found.clientSecret,
      metadata: found.connection.discovery,
    };
  }
}

/** Constant-time comparison of a cookie's digest with the stored one. */
function sameDigest(cookie: string | undefined, storedDigest: string): boolean {
  if (cookie === undefined) return false;
  const a = Buffer.from(secretDigest(cookie), 'hex');
  const b = Buffer.from(storedDigest, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}
