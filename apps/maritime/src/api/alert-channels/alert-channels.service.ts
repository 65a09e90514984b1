import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { Clock } from '@platform/clock';
import { ApiError } from '@platform/http';
import { FEATURE_MINIMUM_PLANS } from '@platform/maritime-domain';
import { SecretBox } from '@platform/secrets';
import { clipText, UnsafeTargetError } from '@platform/webhooks';
import { AlertDeliveryOutbound } from '../../pipeline/alert-delivery/alert-delivery-outbound';
import { permanentFailure } from '../../pipeline/alert-delivery/attempt-outcome';
import {
  channelConfigContext,
  channelTargetUrl,
  maskChannelConfig,
  validateChannelConfig,
  type ChannelConfig,
  type ChannelType,
} from '../../pipeline/alert-delivery/channel-config';
import { deliveryMessage, testAlert } from '../../pipeline/alert-delivery/delivery-message';
import { requirePlan } from '../../platform/access/access.guard';
import type { Caller } from '../../platform/access/caller';
import { AlertChannelsRepository, type ChannelRow } from './alert-channels.repository';
import type {
  ChannelQuery,
  ChannelTestResponse,
  ChannelView,
  PutChannelBody,
  TestChannelBody,
} from './dto/alert-channels.dto';

/**
 * Alert channels of the caller's owner: configurations are validated, SSRF-checked, sealed with
 * the channel key (authenticated to owner and channel) and only ever shown masked.
 */
@Injectable()
export class AlertChannelsService {
  constructor(
    @Inject(AlertChannelsRepository) private readonly repository: AlertChannelsRepository,
    @Inject(AlertDeliveryOutbound) private readonly outbound: AlertDeliveryOutbound,
    @Inject(SecretBox) private readonly secrets: SecretBox,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  async list(caller: Caller): Promise<{ channels: ChannelView[] }> {
    const ownerId = ownerOf(caller);
    const rows = await this.repository.list(ownerId);
    return { channels: rows.map((row) => this.view(ownerId, row)) };
  }

  async put(
    caller: Caller,
    body: PutChannelBody,
  ): Promise<{ created: boolean; body: { channel: ChannelView } }> {
    const ownerId = ownerOf(caller);
    gateChannel(caller, body.channel);
    const config = await this.checkedConfig(body.channel, body.config);
    const sealed = this.secrets.encrypt(
      JSON.stringify(config),
      channelConfigContext(ownerId, body.channel),
    );
    const { row, created } = await this.repository.upsert(
      ownerId,
      body.channel,
      body.enabled,
      sealed,
      this.clock.now(),
    );
    return { created, body: { channel: this.view(ownerId, row) } };
  }

  async remove(
    caller: Caller,
    query: ChannelQuery,
  ): Promise<{ deleted: true; channel: ChannelType }> {
    if (!(await this.repository.remove(ownerOf(caller), query.channel)))
      throw channelNotFound(query.channel);
    return { deleted: true, channel: query.channel };
  }

  /**
   * One synchronous attempt of a sample alert through the channel, enabled or not, recorded as a
   * `test` delivery. It never retries and never changes the channel (a 410 does not disable it).
   */
  async test(caller: Caller, body: TestChannelBody): Promise<ChannelTestResponse> {
    const ownerId = ownerOf(caller);
    const row = await this.repository.find(ownerId, body.channel);
    if (row === null) throw channelNotFound(body.channel);
    gateChannel(caller, body.channel);
    const vessel =
      body.imo === undefined
        ? await this.repository.sampleVessel()
        : await this.repository.vessel(body.imo);
    if (vessel === null && body.imo !== undefined) {
      throw ApiError.notFound('vessel_not_found', `No vessel with IMO ${body.imo}`);
    }
    const id = randomUUID();
    const now = this.clock.now();
    const message = deliveryMessage({
      id,
      type: 'alert.test',
      createdAt: now,
      alert: testAlert(id, now, vessel),
      vessel,
    });
    const config = this.openConfig(ownerId, row);
    const usable =
      config === null ? null : validateChannelConfig(body.channel, config, this.outbound.rules);
    if (usable === null || !usable.ok) {
      // Undecryptable (a retired key) or no longer valid (e.g. the Slack base changed): nothing is sent.
      const error = clipText(
        usable === null
          ? 'the stored configuration could not be decrypted; save the channel again'
          : `the stored configuration is no longer valid: ${usable.problems.map((p) => p.message).join('; ')}`,
      );
      await this.repository.recordTestDelivery({
        id,
        ownerId,
        channel: body.channel,
        payload: message,
        createdAt: now,
        attempt: null,
        reason: 'config_invalid',
        error,
      });
      return {
        ok: false,
        channel: body.channel,
        delivery_id: id,
        status: 'dead_lettered',
        outcome: null,
        reason_code: 'config_invalid',
        http_status: null,
        latency_ms: null,
        error,
        response_excerpt: null,
      };
    }
    const attempt = await this.outbound.send(body.channel, usable.config, message);
    // One attempt only: what would be retried in the queue is simply a failed test here.
    const reason =
      attempt.outcome === 'success' ? null : (permanentFailure(attempt) ?? 'retries_exhausted');
    await this.repository.recordTestDelivery({
      id,
      ownerId,
      channel: body.channel,
      payload: message,
      createdAt: now,
      attempt,
      reason,
      error: attempt.error,
    });
    return {
      ok: reason === null,
      channel: body.channel,
      delivery_id: id,
      status: reason === null ? 'delivered' : 'dead_lettered',
      outcome: attempt.outcome,
      reason_code: reason,
      http_status: attempt.statusCode,
      latency_ms: attempt.durationMs,
      error: attempt.error,
      response_excerpt: attempt.responseExcerpt,
    };
  }

  /** The config as it will be stored: valid for its channel and aimed at an allowed address. */
  private async checkedConfig(channel: ChannelType, raw: unknown): Promise<ChannelConfig> {
    const check = validateChannelConfig(channel, raw, this.outbound.rules);
    if (!check.ok) {
      throw ApiError.badRequest(
        'invalid_request',
        'The channel configuration is invalid',
        check.problems,
      );
    }
    if (channel === 'email' && !this.outbound.email.enabled) {
      throw ApiError.badRequest(
        'invalid_request',
        'E-mail delivery is not configured on this server',
        [{ field: 'channel', message: 'email channels need the server to have SMTP configured' }],
      );
    }
    const url = channelTargetUrl(channel, check.config);
    if (url !== null) {
      try {
        await this.outbound.guard.check(url);
      } catch (error) {
        if (!(error instanceof UnsafeTargetError)) throw error;
        throw ApiError.badRequest(
          'target_not_allowed',
          `The channel URL may not be called: ${error.message}`,
        );
      }
    }
    return check.config;
  }

  private openConfig(ownerId: string, row: ChannelRow): unknown {
    try {
      return JSON.parse(
        this.secrets.decryptText(
          { keyId: row.config_key_id, ciphertext: row.config_enc },
          channelConfigContext(ownerId, row.channel),
        ),
      ) as unknown;
    } catch {
      return null;
    }
  }

  private view(ownerId: string, row: ChannelRow): ChannelView {
    const config = this.openConfig(ownerId, row);
    return {
      channel: row.channel,
      enabled: row.enabled,
      config: config === null ? null : maskChannelConfig(row.channel, config as ChannelConfig),
      disabled_reason: row.disabled_reason,
      updated_at: row.updated_at.toISOString(),
    };
  }
}

function ownerOf(caller: Caller): string {
  // The access guard admits only keyed callers to these routes.
  if (caller.key === null)
    throw ApiError.unauthorized('api_key_required', 'This route needs an API key: X-API-Key');
  return caller.key.ownerId;
}

/** Webhook channels need the pro plan or above (chat and e-mail channels any plan). */
function gateChannel(caller: Caller, channel: ChannelType): void {
  if (channel === 'webhook' && caller.key !== null) {
    requirePlan(caller.key.plan, FEATURE_MINIMUM_PLANS.webhook_channels);
  }
}

function channelNotFound(channel: ChannelType): ApiError {
  return ApiError.notFound('channel_not_found', `No ${channel} channel is configured`);
}
