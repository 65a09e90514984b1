import { BeforeApplicationShutdown, Inject, Injectable } from '@nestjs/common';
import { ProxyAdminConfig } from '@platform/config';
import type { EventEmitter } from 'node:events';
import { Agent, Dispatcher } from 'undici';
import { Upstream } from '../routing/model-router';

export interface UpstreamResponse {
  statusCode: number;
  headers: Record<string, string | string[] | undefined>;
  body: Dispatcher.ResponseData['body'];
}

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

  constructor(@Inject(ProxyAdminConfig) private readonly config: ProxyAdminConfig) {
    this.agent = new Agent({
      keepAliveTimeout: 30_000,
      connections: 256,
      headersTimeout: config.UPSTREAM_TIMEOUT_MS,
      bodyTimeout: config.UPSTREAM_TIMEOUT_MS,
    });
  }

  async chatCompletions(
    upstream: Upstream,
    body: string,
    /** Cancels the request when it emits `abort` (an AbortSignal or a plain EventEmitter). */
    signal: AbortSignal | EventEmitter,
  ): Promise<UpstreamResponse> {
    const target = this.targetOf(upstream);
    // The agent's own request(): no URL parsing and no dispatcher lookup per request.
    const response = await this.agent.request({
      origin: target.origin,
      path: target.path,
      method: 'POST',
      signal,
      headers: target.headers,
      body,
    });
    return { statusCode: response.statusCode, headers: response.headers, body: response.body };
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
