import { BeforeApplicationShutdown, Inject, Injectable } from '@nestjs/common';
import { ProxyAdminConfig } from '@platform/config';
import type { EventEmitter } from 'node:events';
import { Agent, Dispatcher, request } from 'undici';
import { Upstream } from '../routing/model-router';

export interface UpstreamResponse {
  statusCode: number;
  headers: Record<string, string | string[] | undefined>;
  body: Dispatcher.ResponseData['body'];
}

/**
 * Sends chat requests to OpenAI-compatible upstreams over pooled keep-alive connections
 * (undici). The deadline covers waiting for headers and every gap between body chunks, so a
 * stalled stream is cut instead of holding the client forever.
 */
@Injectable()
export class UpstreamClient implements BeforeApplicationShutdown {
  private readonly agent: Agent;

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
    const response = await request(`${upstream.baseUrl}/chat/completions`, {
      method: 'POST',
      dispatcher: this.agent,
      signal,
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${upstream.apiKey}`,
        accept: 'application/json, text/event-stream',
      },
      body,
    });
    return { statusCode: response.statusCode, headers: response.headers, body: response.body };
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.agent.close();
  }
}
