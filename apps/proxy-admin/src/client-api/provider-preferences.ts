import type { UpstreamConfig } from '@platform/config';
import type { Upstream } from '../routing/model-router';

function names(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}

function toUpstream(config: UpstreamConfig): Upstream {
  return {
    name: config.name,
    baseUrl: config.base_url.replace(/\/+$/, ''),
    apiKey: config.api_key,
  };
}

/**
 * Which upstream serves `model` under a preset's provider preferences. Understood fields (others
 * are ignored; the preferences are never forwarded upstream):
 * - `order`: upstream names (as in UPSTREAMS) to try first, in that order;
 * - `ignore`: upstream names never to use;
 * - `allow_fallbacks` (default true): false keeps the request to the `order` list.
 * Without preferences, or with none that match, the router's choice (the first upstream listing
 * the model) stands. Undefined: no allowed upstream serves the model.
 */
export function pickUpstream(
  upstreams: UpstreamConfig[],
  model: string,
  preferences: Record<string, unknown> | null,
  routed: Upstream | undefined,
): Upstream | undefined {
  if (!preferences) return routed;
  const order = names(preferences['order']);
  const ignore = new Set(names(preferences['ignore']));
  const fallbacks = preferences['allow_fallbacks'] !== false;
  const serving = upstreams.filter((u) => u.models.includes(model) && !ignore.has(u.name));
  for (const name of order) {
    const match = serving.find((u) => u.name === name);
    if (match) return toUpstream(match);
  }
  if (!fallbacks && order.length > 0) return undefined;
  if (routed && !ignore.has(routed.name)) return routed;
  const first = serving[0];
  return first ? toUpstream(first) : undefined;
}
