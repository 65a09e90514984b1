import { BeforeApplicationShutdown, Inject, Injectable } from '@nestjs/common';
import { ProxyAdminConfig } from '@platform/config';
import { Agent, Dispatcher } from 'undici';
import { Upstream } from '../routing/model-router';

interface UpstreamTarget {
  origin: string;
  path: string;
  headers: Record<string, string>;
}

/**
 * Sends chat requests to OpenAI-compatible upstreams over pooled keep-alive connections
 * (undici). The deadline covers waiting for headers and every gap between body chunks, so a
 * stalled stream is cut instead of holding the client forever.
 */
@Injectable()
export class UpstreamClient implements BeforeApplicationShutdown {
  private readonly agent: Agent;
  /** Origin, path and headers of each upstream, worked out once instead of per request. */
  private readonly targets = new WeakMap<Upstream, UpstreamTarget>();

  constructor(@Inject(ProxyAdminConfig) config: ProxyAdminConfig) {
    this.agent = new Agent({
      keepAliveTimeout: 30_000,
      connections: 256,
      headersTimeout: config.UPSTREAM_TIMEOUT_MS,
      bodyTimeout: config.UPSTREAM_TIMEOUT_MS,
    });
  }

  /**
   * Dispatches a chat request; `handler` (an UpstreamRelay) receives the answer through undici's
   * dispatcher callbacks, which skips the response stream and promises of `request()`.
   */
  chatCompletions(
    upstream: Upstream,
    body: Buffer | string,
    handler: Dispatcher.DispatchHandler,
  ): void {
    const target = this.targetOf(upstream);
    this.agent.dispatch(
      { origin: target.origin, path: target.path, method: 'POST', headers: target.headers, body },
      handler,
    );
  }

  private targetOf(upstream: Upstream): UpstreamTarget {
    let target = this.targets.get(upstream);
    if (!target) {
      const url = new URL(`${upstream.baseUrl}/chat/completions`);
      target = {
        origin: url.origin,
        path: `${url.pathname}${url.search}`,
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${upstream.apiKey}`,
          accept: 'application/json, text/event-stream',
        },
      };
      this.targets.set(upstream, target);
    }
    return target;
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.agent.close();
  }
}
