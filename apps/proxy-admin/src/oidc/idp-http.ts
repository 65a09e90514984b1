import { Inject, Injectable, OnModuleDestroy } from '@nestjs/common';
import { ProxyAdminConfig } from '@platform/config';
import { OutboundTargetGuard, PinnedAgents } from '@platform/webhooks';
import type { CustomFetch } from 'openid-client';
import { fetch as undiciFetch } from 'undici';

/**
 * Every HTTP call to an identity provider (discovery, token endpoint, JWKS, userinfo) goes through
 * here: each URL, not only the issuer, passes the SSRF guard (https, public addresses unless
 * ALLOW_PRIVATE_TARGETS), and the connection is pinned to the address that was checked. Server
 * certificates are verified against Node's roots plus NODE_EXTRA_CA_CERTS (a private PKI).
 */
@Injectable()
export class IdpHttp implements OnModuleDestroy {
  private readonly guard: OutboundTargetGuard;
  private readonly agents = new PinnedAgents({ maxAgents: 64, connectTimeoutMs: 5_000 });

  constructor(@Inject(ProxyAdminConfig) config: ProxyAdminConfig) {
    this.guard = new OutboundTargetGuard({ allowPrivateTargets: config.ALLOW_PRIVATE_TARGETS });
  }

  /** openid-client's `customFetch`: the guard, then undici through the pinned dispatcher. */
  readonly fetch: CustomFetch = async (url, options) => {
    const target = await this.guard.check(url);
    const response = await undiciFetch(url, {
      ...options,
      redirect: 'manual',
      dispatcher: this.agents.dispatcherFor(target),
    });
    // undici's Response is the class Node's global fetch returns (openid-client checks the tag).
    return response as unknown as Response;
  };

  /** Checks a URL without calling it (e.g. an issuer before its discovery is fetched). */
  check(url: string): Promise<unknown> {
    return this.guard.check(url);
  }

  async onModuleDestroy(): Promise<void> {
    await this.agents.close();
  }
}
