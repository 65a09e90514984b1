import { Injectable } from '@nestjs/common';
import type { IncomingMessage } from 'node:http';
import { ClientKeyAuthenticator } from '../keys/client-key.authenticator';
import { keyMayUse } from '../keys/virtual-key';
import { AliasCache } from '../model-aliases/alias-cache';
import { ModelRouter } from '../routing/model-router';

export interface ModelList {
  object: 'list';
  data: { id: string; object: 'model'; created: number; owned_by: string }[];
}

/** `GET /v1/models`: the models and aliases this key may call, in the OpenAI list shape. */
@Injectable()
export class ModelsService {
  constructor(
    private readonly auth: ClientKeyAuthenticator,
    private readonly router: ModelRouter,
    private readonly aliases: AliasCache,
  ) {}

  async list(req: IncomingMessage): Promise<ModelList> {
    const key = await this.auth.authenticate(req.headers.authorization);
    const allowed = (name: string, canonical: string): boolean => keyMayUse(key, name, canonical);
    const data: ModelList['data'] = [];
    for (const { id, upstream } of this.router.models()) {
      if (allowed(id, id)) data.push({ id, object: 'model', created: 0, owned_by: upstream });
    }
    for (const [alias, target] of await this.aliases.entries()) {
      const upstream = this.router.upstreamFor(target);
      if (upstream && allowed(alias, target))
        data.push({ id: alias, object: 'model', created: 0, owned_by: upstream.name });
    }
    return { object: 'list', data };
  }
}
