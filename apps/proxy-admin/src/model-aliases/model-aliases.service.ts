import { Injectable } from '@nestjs/common';
import { ApiError } from '@platform/http';
import { CacheInvalidationBus } from '@platform/redis';
import { ModelRouter } from '../routing/model-router';
import {
  InvalidationResponse,
  isValidAliasName,
  ModelAliasListResponse,
  ModelAliasResponse,
} from './dto/model-alias.dto';
import { ModelAlias, ModelAliasesRepository } from './model-aliases.repository';

const toResponse = (a: ModelAlias): ModelAliasResponse => ({
  alias: a.alias,
  model: a.model,
  updated_at: a.updatedAt.toISOString(),
});

@Injectable()
export class ModelAliasesService {
  constructor(
    private readonly aliases: ModelAliasesRepository,
    private readonly router: ModelRouter,
    private readonly bus: CacheInvalidationBus,
  ) {}

  async list(): Promise<ModelAliasListResponse> {
    return { data: (await this.aliases.all()).map(toResponse) };
  }

  async get(alias: string): Promise<ModelAliasResponse> {
    const found = isValidAliasName(alias) ? await this.aliases.find(alias) : undefined;
    if (!found)
      throw ApiError.notFound('model_alias_not_found', `No model alias ${JSON.stringify(alias)}`);
    return toResponse(found);
  }

  async put(alias: string, model: string): Promise<ModelAliasResponse> {
    if (!isValidAliasName(alias)) {
      throw ApiError.badRequest(
        'invalid_request',
        'alias must be 1-200 characters of A-Z a-z 0-9 . _ : / -',
        [{ field: 'alias', message: 'alias must be 1-200 characters of A-Z a-z 0-9 . _ : / -' }],
      );
    }
    if (this.router.upstreamFor(alias)) {
      throw ApiError.badRequest(
        'alias_shadows_model',
        `${alias} is a configured model; an alias may not hide it`,
      );
    }
    if (!this.router.upstreamFor(model)) {
      throw ApiError.badRequest('unknown_model', `No upstream serves ${JSON.stringify(model)}`, [
        { field: 'model', message: 'model must be a model of UPSTREAMS' },
      ]);
    }
    const saved = await this.aliases.upsert(alias, model);
    await this.publish();
    return toResponse(saved);
  }

  async delete(alias: string): Promise<ModelAliasResponse> {
    const existing = isValidAliasName(alias) ? await this.aliases.find(alias) : undefined;
    if (!existing || !(await this.aliases.delete(alias))) {
      throw ApiError.notFound('model_alias_not_found', `No model alias ${JSON.stringify(alias)}`);
    }
    await this.publish();
    return toResponse(existing);
  }

  /** For tooling that edits aliases out of band: every replica drops its alias table. */
  async invalidate(): Promise<InvalidationResponse> {
    return { invalidated: true, epoch: await this.publish() };
  }

  private async publish(): Promise<number> {
    try {
      return await this.bus.publish({ kind: 'model-aliases' });
    } catch {
      throw new ApiError(
        503,
        'cache_invalidation_failed',
        'Saved, but the replicas could not be told; they pick the change up within the alias cache TTL',
      );
    }
  }
}
