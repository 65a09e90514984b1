import { ApiError } from '@platform/http';

/** What the client's `model` names, once the proxy's own syntax is taken off. */
export interface ModelName {
  /** The model (or alias) to route, `:online` removed; for a preset, the whole `@preset/...`. */
  name: string;
  /** `:online` was appended: attach the default web-search plugin. */
  online: boolean;
  /** `@preset/<slug>` (version null: latest published) or `@preset/<slug>@<version>`. */
  preset: { slug: string; version: number | null } | null;
}

const ONLINE_SUFFIX = ':online';
const PRESET_PREFIX = '@preset/';
const PRESET_MODEL = /^@preset\/([a-z0-9][a-z0-9-]{0,63})(?:@(0|[1-9][0-9]{0,9}))?$/;
const INT4_MAX = 2_147_483_647;

function malformed(message: string): never {
  throw ApiError.badRequest('invalid_request', `model: ${message}`, [{ field: 'model', message }]);
}

/**
 * Splits `x:online` and `@preset/<slug>[@<version>]`. A model starting with `@preset/` that is not
 * of that form answers 400 before any lookup, as the preset version routes do.
 */
export function parseModelName(model: string): ModelName {
  const online = model.endsWith(ONLINE_SUFFIX);
  const name = online ? model.slice(0, -ONLINE_SUFFIX.length) : model;
  if (name.length === 0) malformed('must name a model before :online');
  if (!name.startsWith(PRESET_PREFIX)) return { name, online, preset: null };
  const match = PRESET_MODEL.exec(name);
  const slug = match?.[1];
  if (!match || slug === undefined) {
    malformed(
      'a preset is named @preset/<slug> or @preset/<slug>@<version>, slug matching ^[a-z0-9][a-z0-9-]{0,63}$',
    );
  }
  const version = match[2] === undefined ? null : Number(match[2]);
  if (version !== null && version > INT4_MAX) malformed('preset version is out of range');
  return { name, online, preset: { slug, version } };
}
