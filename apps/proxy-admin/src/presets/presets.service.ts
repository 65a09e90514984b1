import { Injectable } from '@nestjs/common';
import { ProxyAdminConfig } from '@platform/config';
import { ApiError } from '@platform/http';
import { AliasCache } from '../model-aliases/alias-cache';
import { ModelRouter } from '../routing/model-router';
import { CreatePresetDto, PresetSnapshotDto } from './dto/preset-body.dto';
import {
  PresetListResponse,
  PresetResponse,
  PresetSnapshotResponse,
  PresetVersionListResponse,
  PresetWriteResponse,
} from './dto/preset-response.dto';
import { PresetInvalidation } from './preset-invalidation';
import { parsePresetSlug, parsePresetVersion, presetNotFound } from './preset-params';
import {
  PresetRow,
  PresetSnapshotInput,
  PresetsRepository,
  SnapshotRow,
} from './presets.repository';

/** The signed-in member a dashboard call acts for. */
export interface PresetCaller {
  teamId: string;
  email: string;
}

const iso = (d: Date): string => d.toISOString();

function toPreset(row: PresetRow): PresetResponse {
  return {
    slug: row.slug,
    status: row.status,
    latest_version: row.latest_version,
    model: row.model,
    params: row.params,
    system_prompt: row.system_prompt,
    provider_preferences: row.provider_preferences,
    author: row.author,
    published_at: row.published_at ? iso(row.published_at) : null,
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
    ...(row.deleted_at ? { deleted_at: iso(row.deleted_at) } : {}),
  };
}

function toSnapshot(row: SnapshotRow): PresetSnapshotResponse {
  return {
    slug: row.slug,
    version: row.version,
    model: row.model,
    params: row.params,
    system_prompt: row.system_prompt,
    provider_preferences: row.provider_preferences,
    author: row.author,
    created_at: iso(row.created_at),
  };
}

@Injectable()
export class PresetsService {
  constructor(
    private readonly presets: PresetsRepository,
    private readonly invalidation: PresetInvalidation,
    private readonly router: ModelRouter,
    private readonly aliases: AliasCache,
    private readonly config: ProxyAdminConfig,
  ) {}

  async list(caller: PresetCaller): Promise<PresetListResponse> {
    return { data: (await this.presets.list(caller.teamId)).map(toPreset) };
  }

  async get(caller: PresetCaller, slug: string): Promise<PresetResponse> {
    return toPreset(found(await this.presets.find(caller.teamId, parsePresetSlug(slug))));
  }

  async create(caller: PresetCaller, body: CreatePresetDto): Promise<PresetWriteResponse> {
    this.refuseDemo(caller);
    const slug = parsePresetSlug(body.slug);
    const snapshot = await this.snapshot(body);
    const created = await this.presets.create(caller.teamId, slug, snapshot, caller.email);
    if (!created) {
      throw new ApiError(409, 'preset_exists', 'The team already has a preset with this slug');
    }
    return this.written(caller, created);
  }

  async update(
    caller: PresetCaller,
    slug: string,
    body: PresetSnapshotDto,
  ): Promise<PresetWriteResponse> {
    this.refuseDemo(caller);
    const valid = parsePresetSlug(slug);
    const snapshot = await this.snapshot(body);
    return this.written(
      caller,
      found(await this.presets.update(caller.teamId, valid, snapshot, caller.email)),
    );
  }

  async publish(caller: PresetCaller, slug: string): Promise<PresetWriteResponse> {
    this.refuseDemo(caller);
    const valid = parsePresetSlug(slug);
    return this.written(
      caller,
      found(await this.presets.setStatus(caller.teamId, valid, 'published')),
    );
  }

  async disable(caller: PresetCaller, slug: string): Promise<PresetWriteResponse> {
    this.refuseDemo(caller);
    const valid = parsePresetSlug(slug);
    return this.written(
      caller,
      found(await this.presets.setStatus(caller.teamId, valid, 'disabled')),
    );
  }

  async delete(caller: PresetCaller, slug: string): Promise<PresetWriteResponse> {
    this.refuseDemo(caller);
    const valid = parsePresetSlug(slug);
    return this.written(caller, found(await this.presets.softDelete(caller.teamId, valid)));
  }

  async versions(caller: PresetCaller, slug: string): Promise<PresetVersionListResponse> {
    const rows = found(await this.presets.versions(caller.teamId, parsePresetSlug(slug)));
    return { data: rows.map(toSnapshot) };
  }

  async version(
    caller: PresetCaller,
    slug: string,
    version: string,
  ): Promise<PresetSnapshotResponse> {
    const valid = parsePresetSlug(slug);
    const number = parsePresetVersion(version);
    return toSnapshot(found(await this.presets.version(caller.teamId, valid, number)));
  }

  /** POST /admin/presets/invalidate: every replica drops the team's preset cache. */
  async invalidateTeam(teamId: string): Promise<{ invalidated: true; epoch: number }> {
    try {
      return { invalidated: true, epoch: await this.invalidation.publish(teamId) };
    } catch {
      throw new ApiError(
        503,
        'proxy_cache_invalidation_failed',
        "The replicas could not be told; they re-read the team's presets within 60 seconds",
      );
    }
  }

  private async written(caller: PresetCaller, row: PresetRow): Promise<PresetWriteResponse> {
    return { ...toPreset(row), ...(await this.invalidation.afterWrite(caller.teamId)) };
  }

  private refuseDemo(caller: PresetCaller): void {
    if (caller.teamId === this.config.DEMO_TEAM_ID) {
      throw ApiError.forbidden('demo_read_only', 'The demo workspace is read-only');
    }
  }

  /** The stored form of a snapshot; the model must be served by an upstream (or an alias of one). */
  private async snapshot(body: PresetSnapshotDto): Promise<PresetSnapshotInput> {
    const model = body.model.replace(/:online$/, '');
    if (!this.router.upstreamFor(await this.aliases.resolve(model))) {
      throw ApiError.badRequest(
        'unknown_model',
        `No upstream serves ${JSON.stringify(body.model)}`,
        [{ field: 'model', message: 'model must be a configured model or a model alias' }],
      );
    }
    return {
      model: body.model,
      params: body.params ?? {},
      system_prompt: body.system_prompt ?? null,
      provider_preferences: body.provider_preferences ?? null,
    };
  }
}

function found<T>(value: T | undefined): T {
  if (value === undefined) throw presetNotFound();
  return value;
}
