import { BeforeApplicationShutdown, Inject, Injectable, Optional } from '@nestjs/common';
import { ProxyAdminConfig } from '@platform/config';
import { Agent, request } from 'undici';

/** One search hit, trimmed to what the prompt block shows. */
export interface SearchResult {
  title: string;
  url: string;
  snippet: string;
}

export type WebSearchFailure =
  'web_search_unavailable' | 'web_search_timeout' | 'web_search_failed';

/** A search that produced no results list; `code` is what warnings and errors report. */
export class WebSearchError extends Error {
  override readonly name = 'WebSearchError';
  constructor(
    readonly code: WebSearchFailure,
    message: string,
  ) {
    super(message);
  }
}

/** The whole search (connect, headers, body) must finish within this. */
export const WEB_SEARCH_DEADLINE_MS = 5_000;
/** Injection token to shorten the deadline (tests of the adapter itself). */
export const WEB_SEARCH_DEADLINE = Symbol('WEB_SEARCH_DEADLINE');
/** SearXNG answers are small; anything larger is cut off and treated as a failure. */
const MAX_BODY_BYTES = 2 * 1024 * 1024;
const MAX_TITLE = 200;
const MAX_URL = 500;
const MAX_SNIPPET = 500;

function clean(text: unknown, max: number): string {
  if (typeof text !== 'string') return '';
  // One line each: a result cannot add lines that look like the block's own structure.
  return text.replace(/\s+/g, ' ').trim().slice(0, max);
}

/**
 * The SearXNG JSON API (`GET <WEB_SEARCH_URL>/search?q=&format=json`). The host is operator
 * configuration only: nothing in a request can change where the search goes.
 */
@Injectable()
export class SearxngClient implements BeforeApplicationShutdown {
  private readonly agent = new Agent({ keepAliveTimeout: 30_000, connections: 32 });
  private readonly baseUrl: string | undefined;

  constructor(
    @Inject(ProxyAdminConfig) config: ProxyAdminConfig,
    @Optional() @Inject(WEB_SEARCH_DEADLINE) private readonly deadlineMs = WEB_SEARCH_DEADLINE_MS,
  ) {
    this.baseUrl = config.WEB_SEARCH_URL?.replace(/\/+$/, '');
  }

  /** The top `maxResults` results in SearXNG's order; throws WebSearchError on any failure. */
  async search(query: string, maxResults: number, cancel?: AbortSignal): Promise<SearchResult[]> {
    if (!this.baseUrl) {
      throw new WebSearchError('web_search_unavailable', 'Web search is not configured');
    }
    const url = `${this.baseUrl}/search?${new URLSearchParams({ q: query, format: 'json' })}`;
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, this.deadlineMs);
    const onCancel = (): void => controller.abort();
    cancel?.addEventListener('abort', onCancel, { once: true });
    try {
      const response = await request(url, {
        method: 'GET',
        dispatcher: this.agent,
        signal: controller.signal,
        headers: { accept: 'application/json' },
      });
      let size = 0;
      const chunks: Buffer[] = [];
      for await (const chunk of response.body) {
        size += (chunk as Buffer).length;
        if (size > MAX_BODY_BYTES) throw new Error('answer too large');
        chunks.push(chunk as Buffer);
      }
      if (response.statusCode !== 200) throw new Error(`answered ${response.statusCode}`);
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { results?: unknown };
      if (!Array.isArray(body.results)) throw new Error('answer has no results array');
      return this.top(body.results, maxResults);
    } catch (error) {
      if (timedOut) {
        throw new WebSearchError(
          'web_search_timeout',
          `Web search did not answer within ${this.deadlineMs} ms`,
        );
      }
      const reason = error instanceof Error ? error.message : 'unknown error';
      throw new WebSearchError('web_search_failed', `Web search failed: ${reason}`);
    } finally {
      clearTimeout(timer);
      cancel?.removeEventListener('abort', onCancel);
    }
  }

  private top(results: unknown[], maxResults: number): SearchResult[] {
    const top: SearchResult[] = [];
    for (const raw of results) {
      if (top.length >= maxResults) break;
      const r = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>;
      const url = clean(r['url'], MAX_URL);
      if (!/^https?:\/\//i.test(url)) continue;
      top.push({
        title: clean(r['title'], MAX_TITLE) || url,
        url,
        snippet: clean(r['content'], MAX_SNIPPET),
      });
    }
    return top;
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.agent.close();
  }
}
