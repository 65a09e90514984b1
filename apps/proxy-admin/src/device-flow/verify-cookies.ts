import { Inject, Injectable } from '@nestjs/common';
import { ProxyAdminConfig } from '@platform/config';
import { APPROVAL_SESSION_TTL_SECONDS, SIGN_IN_TTL_SECONDS } from './sign-in-store';

/**
 * Binds an IdP callback to the browser that started the sign-in. SameSite=Lax, because the
 * callback arrives as a top-level navigation from the identity provider's site.
 */
export const BINDING_COOKIE = 'pa_device_signin';
/**
 * The signed-in approval session. SameSite=Strict: only requests made by our own pages carry it,
 * so another site can never make a browser approve anything.
 */
export const SESSION_COOKIE = 'pa_device_session';

const PATH = '/oauth/device';

/** Set-Cookie values of the verify flow; `Secure` when the public origin is https. */
@Injectable()
export class VerifyCookies {
  private readonly secure: boolean;

  constructor(@Inject(ProxyAdminConfig) config: ProxyAdminConfig) {
    this.secure = config.SSO_CALLBACK_BASE_URL?.startsWith('https://') ?? false;
  }

  binding(value: string): string {
    return this.cookie(BINDING_COOKIE, value, SIGN_IN_TTL_SECONDS, 'Lax');
  }

  session(value: string): string {
    return this.cookie(SESSION_COOKIE, value, APPROVAL_SESSION_TTL_SECONDS, 'Strict');
  }

  clear(name: string): string {
    return this.cookie(name, '', 0, name === SESSION_COOKIE ? 'Strict' : 'Lax');
  }

  private cookie(name: string, value: string, maxAge: number, sameSite: string): string {
    return [
      `${name}=${value}`,
      `Path=${PATH}`,
      `Max-Age=${maxAge}`,
      'HttpOnly',
      `SameSite=${sameSite}`,
      ...(this.secure ? ['Secure'] : []),
    ].join('; ');
  }
}
