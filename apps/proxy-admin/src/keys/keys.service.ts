import { Inject, Injectable, Logger } from '@nestjs/common';
import { Clock } from '@platform/clock';
import type { SqlRunner } from '@platform/database';
import { ProxyAdminConfig } from '@platform/config';
import { ApiError } from '@platform/http';
import { buildPage, CursorCodec } from '@platform/pagination';
import { CacheInvalidationBus } from '@platform/redis';
import { LimitsService } from '../limits/limits.service';
import { CreateKeyDto } from './dto/create-key.dto';
import {
  CreatedKeyResponse,
  KeyListResponse,
  KeyResponse,
  toKeyResponse,
} from './dto/key.response';
import { KEYS_PAGE_MAX, ListKeysQuery } from './dto/list-keys.query';
import { FUTURE_TIMESTAMP_MESSAGE } from './dto/string-map.validator';
import { mintKeyMaterial } from './key-material';
import { KeysRepository } from './keys.repository';
import { usdToMicro } from './virtual-key';

const DEFAULT_PAGE = 50;
const EXPIRES_IN_PAST = FUTURE_TIMESTAMP_MESSAGE('expires_at');

@Injectable()
export class KeysService {
  private readonly logger = new Logger(KeysService.name);
  private readonly cursorSecret: string;

  constructor(
    private readonly keys: KeysRepository,
    private readonly limits: LimitsService,
    private readonly bus: CacheInvalidationBus,
    @Inject(ProxyAdminConfig) config: ProxyAdminConfig,
    @Inject(Clock) private readonly clock: Clock,
  ) {
    this.cursorSecret = config.cursorSecret;
  }

  /** `runner`: mint inside the caller's transaction (default: on its own). */
  async mint(input: CreateKeyDto, runner?: SqlRunner): Promise<CreatedKeyResponse> {
    if (input.expires_at !== undefined && Date.parse(input.expires_at) <= this.clock.nowMs())
      throw ApiError.badRequest('invalid_request', EXPIRES_IN_PAST, [
        { field: 'expires_at', message: EXPIRES_IN_PAST },
      ]);
    const material = mintKeyMaterial();
    const key = await this.keys.insert(
      {
        teamId: input.team_id ?? null,
        alias: input.alias,
        hash: material.hash,
        prefix: material.prefix,
        allowedModels: input.allowed_models ?? null,
        expiresAt: input.expires_at ? new Date(input.expires_at) : null,
        rpm: input.rpm ?? null,
        tpm: input.tpm ?? null,
        monthlyBudgetMicroUsd:
          input.monthly_budget_usd === undefined ? null : usdToMicro(input.monthly_budget_usd),
        metadata: input.metadata ?? {},
      },
      runner,
    );
    this.logger.log(
      { key_id: key.id, team_id: key.teamId, key_prefix: key.keyPrefix },
      'minted virtual key',
    );
    return { ...toKeyResponse(key, 0, this.clock.nowMs()), key: material.key };
  }

  /** `teamId` is the scoped token's team (mandatory for it) or an operator's optional filter. */
  async list(query: ListKeysQuery): Promise<KeyListResponse> {
    const limit = Math.min(query.limit ?? DEFAULT_PAGE, KEYS_PAGE_MAX);
    // The cursor is bound to the filter, so a cursor of one team's list is refused on another's.
    const scope = new CursorCodec(this.cursorSecret, `proxy-admin:keys:${query.team_id ?? '*'}`);
    const after = query.cursor === undefined ? undefined : scope.decode(query.cursor);
    const rows = await this.keys.page({
      teamId: query.team_id,
      limit,
      after: after && { createdAt: String(after.sort), id: after.id },
    });
    const page = buildPage(
      rows,
      limit,
      (row) => ({ sort: row.position.createdAt, id: row.position.id }),
      scope,
    );
    const spend = await this.limits.monthSpend(page.items.map((row) => row.key.id));
    return {
      data: page.items.map((row) =>
        toKeyResponse(row.key, spend.get(row.key.id) ?? 0, this.clock.nowMs()),
      ),
      next_cursor: page.next_cursor,
    };
  }

  /**
   * Revokes now and everywhere: the database first (the record of truth), then a Redis marker
   * every replica checks on every request, then the bus message that drops cached lookups.
   * Only then does DELETE answer, so no request that starts afterwards can pass.
   */
  async revoke(keyId: string): Promise<KeyResponse> {
    const key = await this.keys.revoke(keyId);
    if (!key) throw ApiError.notFound('key_not_found', `No key with id ${keyId}`);
    try {
      await this.limits.markRevoked(key.id);
    } catch (error) {
      this.logger.error({ key_id: key.id, err: error }, 'revocation marker not written');
      throw new ApiError(
        503,
        'revocation_incomplete',
        'The key is revoked in the database, but the replicas could not be told; retry the DELETE',
      );
    }
    await this.bus.publish({ kind: 'key-revoked', key_id: key.id }).catch((error: unknown) => {
      // The marker already makes every replica refuse the key; cached entries expire on TTL.
      this.logger.warn({ key_id: key.id, err: error }, 'key-revoked message not published');
    });
    this.logger.log({ key_id: key.id }, 'revoked virtual key');
    const spend = await this.limits.monthSpend([key.id]);
    return toKeyResponse(key, spend.get(key.id) ?? 0, this.clock.nowMs());
  }
}
