import { Inject, Injectable } from '@nestjs/common';
import { ProxyAdminConfig } from '@platform/config';
import { ApiError } from '@platform/http';
import type { IncomingMessage } from 'node:http';
import { ClientKeyAuthenticator } from '../keys/client-key.authenticator';
import { keyMayUse, VirtualKey } from '../keys/virtual-key';
import { AliasCache } from '../model-aliases/alias-cache';
import { PresetResolver, ResolvedPreset } from '../presets/preset-resolver';
import { ModelRouter, Upstream } from '../routing/model-router';
import { parsePlugins, WebPlugin } from '../web-search/web-plugin';
import { ChatRequest, parseChatRequest } from './chat-request';
import { parseModelName } from './model-name';
import { pickUpstream } from './provider-preferences';

/** A request checked, its preset applied and its route chosen: what dispatch needs. */
export interface PreparedChat {
  key: VirtualKey;
  /** The client's body as received (the response cache key is made from it). */
  clientBody: Record<string, unknown>;
  /** The client's own messages (the conversation hashes are made from them). */
  clientMessages: unknown[];
  /** `model` as the client sent it. */
  requestedModel: string;
  /** The request to forward (preset applied, `plugins` removed), with its checked fields. */
  chat: ChatRequest;
  /** Canonical model, after preset and aliases. */
  model: string;
  upstream: Upstream;
  preset: { slug: string; version: number } | null;
  web: WebPlugin | null;
}

const presetNotFound = (slug: string): ApiError =>
  ApiError.notFound('preset_not_found', `No published preset ${slug} exists for this team`);

/** Fields a preset's params never set: the request and the preset itself own them. */
const RESERVED = new Set(['model', 'messages', 'stream', 'stream_options', 'plugins']);

/**
 * Request preparation for POST /v1/chat/completions: authentication, checks, `:online`, plugins,
 * presets, aliases, allowed models and the upstream. Everything here may refuse the request
 * (401/400/403/404) before any limit is counted.
 */
@Injectable()
export class ChatPreparer {
  constructor(
    private readonly auth: ClientKeyAuthenticator,
    private readonly aliases: AliasCache,
    private readonly router: ModelRouter,
    private readonly presets: PresetResolver,
    @Inject(ProxyAdminConfig) private readonly config: ProxyAdminConfig,
  ) {}

  async prepare(req: IncomingMessage, body: unknown): Promise<PreparedChat> {
    const key = await this.auth.authenticate(req.headers.authorization);
    const client = parseChatRequest(body);
    const name = parseModelName(client.model);
    let web = parsePlugins(client.body['plugins'], name.online);

    let target = name.name;
    let forwarded: Record<string, unknown> = { ...client.body };
    let preset: ResolvedPreset | null = null;
    const allowedNames = [name.name];
    if (name.preset) {
      const { slug, version } = name.preset;
      allowedNames.push(`@preset/${slug}`);
      preset = key.teamId === null ? null : await this.presets.resolve(key.teamId, slug, version);
      if (!preset) throw presetNotFound(slug);
      // A preset whose model ends in :online searches the web by default too.
      const presetModel = parseModelName(preset.model);
      web ??= parsePlugins(undefined, presetModel.online);
      target = presetModel.name;
      allowedNames.push(target);
      forwarded = applyPreset(preset, client.body, client.messages);
    }
    delete forwarded['plugins'];
    const chat = parseChatRequest(forwarded);

    const model = await this.aliases.resolve(target);
    if (!allowedNames.some((n) => keyMayUse(key, n, model))) {
      throw ApiError.forbidden(
        'model_not_allowed',
        `This key may not use the model ${client.model}`,
      );
    }
    const upstream = pickUpstream(
      this.config.UPSTREAMS,
      model,
      preset?.provider_preferences ?? null,
      this.router.upstreamFor(model),
    );
    if (!upstream) {
      throw ApiError.notFound('model_not_found', `The model ${client.model} does not exist`);
    }
    chat.body['model'] = model;
    return {
      key,
      clientBody: client.body,
      clientMessages: client.messages,
      requestedModel: client.model,
      chat,
      model,
      upstream,
      preset: preset ? { slug: preset.slug, version: preset.version } : null,
      web,
    };
  }
}

/**
 * The preset's params under the request's (request values win), its model, and its system
 * prompt as a first system message ahead of the client's messages.
 */
export function applyPreset(
  preset: ResolvedPreset,
  body: Record<string, unknown>,
  messages: unknown[],
): Record<string, unknown> {
  const merged: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(preset.params)) {
    if (!RESERVED.has(field)) merged[field] = value;
  }
  Object.assign(merged, body);
  merged['messages'] =
    preset.system_prompt === null || preset.system_prompt === ''
      ? messages
      : [{ role: 'system', content: preset.system_prompt }, ...messages];
  return merged;
}
