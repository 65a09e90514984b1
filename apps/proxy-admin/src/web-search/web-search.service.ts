import { Injectable, Logger } from '@nestjs/common';
import { ApiError } from '@platform/http';
import { textOf } from '../client-api/chat-request';
import { SearxngClient, WebSearchError } from './searxng.client';
import { appendToSystemPrompt, formatWebResults, newMarker } from './web-results-block';
import type { WebPlugin } from './web-plugin';

/** An optional plugin that failed: reported in the JSON body and in X-Proxy-Plugin-Warning. */
export interface PluginWarning {
  plugin: string;
  code: string;
  message: string;
}

export interface WebSearchOutcome {
  /** The conversation to forward: with the results block, or unchanged after a failure. */
  messages: unknown[];
  /** Searches that returned an answer (each one is charged the surcharge). */
  calls: number;
  warning: PluginWarning | null;
}

function lastUserText(messages: unknown[]): string {
  for (let i = messages.length - 1; i >= 0; i -= 1) {
    const message = messages[i] as { role?: unknown; content?: unknown };
    if (message.role === 'user') return textOf(message.content).trim();
  }
  return '';
}

/**
 * Runs the web-search plugin for one request: the query (search_prompt, else the last user
 * message), the search, and the results block appended to the system prompt. A failure of a
 * required plugin answers 502 `plugin_required_failed`; an optional one becomes a warning.
 */
@Injectable()
export class WebSearchService {
  private readonly logger = new Logger(WebSearchService.name);

  constructor(private readonly searxng: SearxngClient) {}

  async apply(
    plugin: WebPlugin,
    messages: unknown[],
    cancel?: AbortSignal,
  ): Promise<WebSearchOutcome> {
    try {
      const query = plugin.searchPrompt ?? lastUserText(messages).slice(0, 2_000);
      if (query.length === 0) {
        throw new WebSearchError(
          'web_search_failed',
          'Nothing to search for: no search_prompt and no user message text',
        );
      }
      const results = await this.searxng.search(query, plugin.maxResults, cancel);
      const block = formatWebResults(results, newMarker());
      return { messages: appendToSystemPrompt(messages, block), calls: 1, warning: null };
    } catch (error) {
      if (!(error instanceof WebSearchError)) throw error;
      this.logger.warn({ code: error.code, err: error.message }, 'web search failed');
      if (plugin.required) {
        throw new ApiError(
          502,
          'plugin_required_failed',
          `Required plugin web failed: ${error.message}`,
          {
            extra: { plugin: 'web', reason: error.code },
          },
        );
      }
      return {
        messages,
        calls: 0,
        warning: { plugin: 'web', code: error.code, message: error.message },
      };
    }
  }
}
