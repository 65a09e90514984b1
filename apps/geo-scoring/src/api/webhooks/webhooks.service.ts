import { Inject, Injectable } from '@nestjs/common';
import { Clock } from '@platform/clock';
import { ApiError } from '@platform/http';
import { SecretBox } from '@platform/secrets';
import { parseTargetUrl, UnsafeTargetError } from '@platform/webhooks';
import { DataSource } from 'typeorm';
import { ulid } from 'ulid';
import {
  MAX_WEBHOOKS_PER_OWNER,
  type WebhookEventType,
} from '../../pipeline/webhooks/webhook-event-types';
import { WebhookOutbound } from '../../pipeline/webhooks/webhook-outbound';
import { secretProblem } from '../../pipeline/webhooks/webhook-secret';
import type { CreateWebhookBody } from './dto/create-webhook.body';
import type { UpdateWebhookBody } from './dto/update-webhook.body';
import type { WebhookListItem, WebhookResponse } from './dto/webhook.response';
import { WebhookChanges, WebhookRow, WebhooksRepository } from './webhooks.repository';

/** The window of delivery_success_rate. */
const SUCCESS_RATE_DAYS = 30;

function invalid(field: string, message: string): ApiError {
  return ApiError.badRequest('invalid_request', message, [{ field, message }]);
}

function webhookNotFound(): ApiError {
  return ApiError.notFound('webhook_not_found', 'Webhook not found');
}

/**
 * Subscriptions of /api/v1/webhooks (see docs/geo-scoring/webhooks.md#routes), each scoped to the
 * API key's owner: another owner's webhook is indistinguishable from a missing one (404).
 */
@Injectable()
export class WebhooksService {
  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(WebhooksRepository) private readonly repository: WebhooksRepository,
    @Inject(WebhookOutbound) private readonly outbound: WebhookOutbound,
    @Inject(SecretBox) private readonly secrets: SecretBox,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  async create(ownerId: string, body: CreateWebhookBody): Promise<WebhookResponse> {
    const problem = body.secret === undefined ? null : secretProblem(body.secret);
    if (problem !== null) throw invalid('secret', problem);
    const url = await this.checkedUrl(body.url);
    const events = distinct(body.events);
    const id = `wh_${ulid()}`;
    const createdAt = this.clock.now();
    await this.dataSource.transaction(async (manager) => {
      const repository = this.repository.withTransaction(manager);
      await repository.lockOwner(ownerId);
      if ((await repository.countOwned(ownerId)) >= MAX_WEBHOOKS_PER_OWNER) {
        throw new ApiError(
          409,
          'webhook_limit_reached',
          `At most ${MAX_WEBHOOKS_PER_OWNER} webhooks per account; delete one first`,
        );
      }
      await repository.insert({
        id,
        ownerId,
        url,
        events,
        // Sealed for this row only: the webhook id is authenticated with the ciphertext.
        secret: body.secret === undefined ? null : this.secrets.encrypt(body.secret, id),
        createdAt,
      });
    });
    return { id, url, events, active: true, created_at: createdAt.toISOString() };
  }

  async list(ownerId: string): Promise<WebhookListItem[]> {
    const rows = await this.repository.listOwned(ownerId, this.rateWindowStart());
    return rows.map(listItem);
  }

  async remove(ownerId: string, id: string): Promise<void> {
    if (!(await this.repository.deleteOwned(ownerId, id))) throw webhookNotFound();
  }

  async update(ownerId: string, id: string, body: UpdateWebhookBody): Promise<WebhookListItem> {
    if (body.active === undefined && body.events === undefined && body.url === undefined) {
      throw ApiError.badRequest('invalid_request', 'Nothing to change: give active, events or url');
    }
    const changes: WebhookChanges = {
      active: body.active,
      events: body.events === undefined ? undefined : distinct(body.events),
      url: body.url === undefined ? undefined : await this.checkedUrl(body.url),
    };
    const now = this.clock.now();
    await this.dataSource.transaction(async (manager) => {
      const repository = this.repository.withTransaction(manager);
      if (!(await repository.updateOwned(ownerId, id, changes, now))) throw webhookNotFound();
      if (changes.active === false) await repository.cancelQueued(id, now);
    });
    const row = await this.repository.findOwned(ownerId, id, this.rateWindowStart());
    if (row === undefined) throw webhookNotFound();
    return listItem(row);
  }

  /** The URL as given, once the guard accepts where it leads (it is checked again per attempt). */
  private async checkedUrl(text: string): Promise<string> {
    try {
      parseTargetUrl(text);
      await this.outbound.guard.check(text);
      return text;
    } catch (error) {
      if (!(error instanceof UnsafeTargetError)) throw error;
      if (error.reason === 'refused_address') {
        throw ApiError.badRequest('unsafe_url', error.message, [
          { field: 'url', message: error.message },
        ]);
      }
      throw invalid('url', error.message);
    }
  }

  private rateWindowStart(): Date {
    return new Date(this.clock.nowMs() - SUCCESS_RATE_DAYS * 86_400_000);
  }
}

function distinct(events: readonly WebhookEventType[]): WebhookEventType[] {
  return [...new Set(events)];
}

function listItem(row: WebhookRow): WebhookListItem {
  return {
    id: row.id,
    url: row.url,
    events: row.events,
    active: row.active,
    created_at: row.created_at.toISOString(),
    disabled_reason: row.disabled_reason,
    last_delivery: row.last_delivery?.toISOString() ?? null,
    delivery_success_rate:
      row.counted === 0 ? null : Math.round((row.succeeded / row.counted) * 10_000) / 10_000,
  };
}
