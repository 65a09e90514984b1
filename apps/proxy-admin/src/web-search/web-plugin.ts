import { ApiError, ErrorDetail } from '@platform/http';

/** The web-search plugin as a request asks for it, defaults applied. */
export interface WebPlugin {
  id: 'web';
  maxResults: number;
  /** The query as the client wrote it; null: the last user message. */
  searchPrompt: string | null;
  required: boolean;
}

export const DEFAULT_MAX_RESULTS = 5;
export const MAX_MAX_RESULTS = 10;
const MAX_SEARCH_PROMPT = 2_000;
const KNOWN_PLUGINS = new Set(['web']);
const WEB_FIELDS = new Set(['id', 'max_results', 'search_prompt', 'required']);

function invalid(details: ErrorDetail[]): never {
  throw ApiError.badRequest(
    'invalid_request',
    details.map((d) => `${d.field}: ${d.message}`).join('; '),
    details,
  );
}

function parseWebEntry(entry: Record<string, unknown>, at: string): WebPlugin {
  const details: ErrorDetail[] = [];
  for (const field of Object.keys(entry)) {
    if (!WEB_FIELDS.has(field))
      details.push({ field: `${at}.${field}`, message: 'is not allowed' });
  }
  const max = entry['max_results'];
  if (
    max !== undefined &&
    (typeof max !== 'number' || !Number.isInteger(max) || max < 1 || max > MAX_MAX_RESULTS)
  ) {
    details.push({
      field: `${at}.max_results`,
      message: `must be an integer from 1 to ${MAX_MAX_RESULTS}`,
    });
  }
  const prompt = entry['search_prompt'];
  if (
    prompt !== undefined &&
    (typeof prompt !== 'string' || prompt.trim().length === 0 || prompt.length > MAX_SEARCH_PROMPT)
  ) {
    details.push({
      field: `${at}.search_prompt`,
      message: `must be a non-blank string of at most ${MAX_SEARCH_PROMPT} characters`,
    });
  }
  const required = entry['required'];
  if (required !== undefined && typeof required !== 'boolean') {
    details.push({ field: `${at}.required`, message: 'must be a boolean' });
  }
  if (details.length > 0) invalid(details);
  return {
    id: 'web',
    maxResults: (max as number | undefined) ?? DEFAULT_MAX_RESULTS,
    searchPrompt: (prompt as string | undefined) ?? null,
    required: (required as boolean | undefined) ?? false,
  };
}

/**
 * The plugins a request asks for: the explicit `plugins` array and, for a model ending in
 * `:online`, a default web entry (the explicit entry wins when both are there). Unknown ids
 * answer 400 `unknown_plugin`; malformed entries 400 `invalid_request`.
 */
export function parsePlugins(plugins: unknown, online: boolean): WebPlugin | null {
  let web: WebPlugin | null = null;
  if (plugins !== undefined && plugins !== null) {
    if (!Array.isArray(plugins)) invalid([{ field: 'plugins', message: 'must be an array' }]);
    for (const [i, entry] of (plugins as unknown[]).entries()) {
      const at = `plugins[${i}]`;
      if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) {
        invalid([{ field: at, message: 'must be an object with a string id' }]);
      }
      const id = (entry as { id?: unknown }).id;
      if (typeof id !== 'string') invalid([{ field: `${at}.id`, message: 'must be a string' }]);
      if (!KNOWN_PLUGINS.has(id)) {
        throw ApiError.badRequest(
          'unknown_plugin',
          `Unknown plugin ${JSON.stringify(id)}; known: web`,
          [{ field: `${at}.id`, message: 'must be one of: web' }],
        );
      }
      if (web) invalid([{ field: at, message: 'the web plugin is listed twice' }]);
      web = parseWebEntry(entry as Record<string, unknown>, at);
    }
  }
  if (!web && online) {
    return { id: 'web', maxResults: DEFAULT_MAX_RESULTS, searchPrompt: null, required: false };
  }
  return web;
}
