import { Inject, Injectable, Logger } from '@nestjs/common';
import { Clock } from '@platform/clock';
import { ProxyAdminConfig } from '@platform/config';
import { ApiError, AppMetrics } from '@platform/http';
import { Counter } from 'prom-client';
import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { ClientKeyAuthenticator } from '../keys/client-key.authenticator';
import { keyMayUse } from '../keys/virtual-key';
import { LimitsService, Reservation } from '../limits/limits.service';
import { AliasCache } from '../model-aliases/alias-cache';
import { ModelPriceMicro, ModelRouter } from '../routing/model-router';
import { UsageRecorder } from '../usage/usage-recorder.service';
import { conversationHashes, estimatePromptTokens, parseChatRequest } from './chat-request';
import { refusalError, setKeyRateHeaders } from './client-errors';
import { RelayResult, relayJson, relayStream, relayUpstreamError } from './upstream-relay';
import { UpstreamClient } from './upstream.client';

export interface ClientRequestContext {
  /** performance.now() when the request arrived. */
  startedAt: number;
  startedAtDate: Date;
}

/** What the access log and metrics say about a finished request. */
export interface ChatOutcome {
  keyId: string;
  model: string;
  resolvedModel: string;
}

const SESSION_ID = /^[\x21-\x7e]{1,128}$/;

function costMicro(price: ModelPriceMicro | undefined, prompt: number, completion: number): number {
  return price ? Math.ceil(prompt * price.input + completion * price.output) : 0;
}

const HOUR_MS = 3_600_000;
/** The UTC hour last formatted (`2024-05-01T13`), reused while requests fall in it. */
let hourStart = -1;
let hourLabel = '';

function utcHourOf(at: Date): string {
  const ms = at.getTime();
  if (ms < hourStart || ms >= hourStart + HOUR_MS || Number.isNaN(ms)) {
    hourLabel = at.toISOString().slice(0, 13);
    hourStart = Math.floor(ms / HOUR_MS) * HOUR_MS;
  }
  return hourLabel;
}

/**
 * Requests without X-Session-Id form one session per key per UTC hour
 * (see docs/proxy-admin/usage-recording.md#sessions).
 */
function sessionIdOf(req: IncomingMessage, keyId: string, at: Date): string {
  const header = req.headers['x-session-id'];
  if (typeof header === 'string' && SESSION_ID.test(header)) return header;
  return `${keyId}:${utcHourOf(at)}`;
}

@Injectable()
export class ChatCompletionsService {
  private readonly logger = new Logger(ChatCompletionsService.name);
  private readonly unpricedLogged = new Set<string>();
  private readonly failOpen: Counter;

  constructor(
    private readonly auth: ClientKeyAuthenticator,
    private readonly aliases: AliasCache,
    private readonly router: ModelRouter,
    private readonly limits: LimitsService,
    private readonly upstreams: UpstreamClient,
    private readonly usage: UsageRecorder,
    @Inject(ProxyAdminConfig) private readonly config: ProxyAdminConfig,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(AppMetrics) metrics: AppMetrics,
  ) {
    this.failOpen = new Counter({
      name: 'proxy_limits_failopen_total',
      help: 'Requests served without counting rpm/tpm because Redis could not (LIMITS_FAIL_OPEN)',
      registers: [metrics.registry],
    });
  }

  async complete(
    req: IncomingMessage,
    res: ServerResponse,
    body: unknown,
    ctx: ClientRequestContext,
  ): Promise<ChatOutcome> {
    const key = await this.auth.authenticate(req.headers.authorization);
    const chat = parseChatRequest(body);
    const model = await this.aliases.resolve(chat.model);
    if (!keyMayUse(key, chat.model, model)) {
      throw ApiError.forbidden('model_not_allowed', `This key may not use the model ${chat.model}`);
    }
    const upstream = this.router.upstreamFor(model);
    if (!upstream)
      throw ApiError.notFound('model_not_found', `The model ${chat.model} does not exist`);

    const price = this.priceOf(model);
    const promptEstimate = estimatePromptTokens(chat.messages);
    const completionCap = chat.maxTokens ?? this.config.DEFAULT_MAX_TOKENS;
    const verdict = await this.admit(
      {
        keyId: key.id,
        rpm: key.rpm,
        tpm: key.tpm,
        monthlyBudgetMicroUsd: key.monthlyBudgetMicroUsd,
      },
      promptEstimate + completionCap,
      costMicro(price, promptEstimate, completionCap),
    );
    if (!verdict.admitted) {
      if (verdict.reason !== 'revoked') setKeyRateHeaders(res, key, verdict);
      throw refusalError(verdict);
    }
    setKeyRateHeaders(res, key, verdict);

    const forwarded: Record<string, unknown> = { ...chat.body, model };
    // Ask streaming upstreams for a usage chunk, so streamed requests are billed by what they used.
    if (chat.stream) {
      const options =
        typeof chat.body['stream_options'] === 'object' ? chat.body['stream_options'] : {};
      forwarded['stream_options'] = { ...(options as object), include_usage: true };
    }
    // Cancels the upstream request when the client goes away. undici takes an EventEmitter as
    // well as an AbortSignal; an emitter costs far less to make and to listen to, per request.
    const cancel = new EventEmitter();
    res.once('close', () => {
      if (!res.writableFinished) cancel.emit('abort');
    });
    const dispatchedAt = performance.now();
    let relay: RelayResult;
    try {
      const answer = await this.upstreams.chatCompletions(
        upstream,
        JSON.stringify(forwarded),
        cancel,
      );
      // Proxy overhead = our work before dispatch + our work after the upstream answered.
      const before = dispatchedAt - ctx.startedAt;
      const answeredAt = performance.now();
      if (answer.statusCode >= 300) relay = await relayUpstreamError(answer, res);
      else if (chat.stream)
        relay = await relayStream(answer, res, before + (performance.now() - answeredAt));
      else relay = await relayJson(answer, res, (doneAt) => before + (performance.now() - doneAt));
    } catch (error) {
      void this.settle(verdict.reservation, 0, 0);
      if (error instanceof ApiError) throw error;
      throw new ApiError(502, 'upstream_error', `The upstream ${upstream.name} did not answer`);
    }

    const promptTokens = relay.usage?.prompt_tokens ?? (relay.status === 200 ? promptEstimate : 0);
    const completionTokens =
      relay.usage?.completion_tokens ??
      (relay.status === 200 ? relay.estimatedCompletionTokens : 0);
    const cost = costMicro(price, promptTokens, completionTokens);
    void this.settle(verdict.reservation, promptTokens + completionTokens, cost);
    const finishedAt = performance.now();
    this.usage.record({
      id: randomUUID(),
      keyId: key.id,
      teamId: key.teamId,
      sessionId: sessionIdOf(req, key.id, ctx.startedAtDate),
      requestedModel: chat.model,
      resolvedModel: model,
      stream: chat.stream,
      promptTokens,
      completionTokens,
      costMicroUsd: cost,
      upstreamLatencyMs: Math.round(relay.upstreamDoneAt - dispatchedAt),
      overheadMs: finishedAt - ctx.startedAt - (relay.upstreamDoneAt - dispatchedAt),
      status: relay.status,
      errorCode: relay.errorCode,
      ...conversationHashes(chat.messages),
      startedAt: ctx.startedAtDate,
      finishedAt: this.clock.now(),
    });
    return { keyId: key.id, model: chat.model, resolvedModel: model };
  }

  /**
   * Limits and budgets live in Redis; without it they cannot be checked, so the request is
   * refused (503) rather than served unmetered, at once (never queued behind a reconnect). With
   * LIMITS_FAIL_OPEN a key without a budget is served uncounted instead; budgets always fail
   * closed.
   */
  private async admit(
    ...args: Parameters<LimitsService['admit']>
  ): ReturnType<LimitsService['admit']> {
    try {
      return await this.limits.admit(...args);
    } catch (error) {
      const [limits] = args;
      if (this.config.LIMITS_FAIL_OPEN && limits.monthlyBudgetMicroUsd === null) {
        this.failOpen.inc();
        return { admitted: true, reservation: null };
      }
      this.logger.error({ err: error }, 'limits unavailable');
      throw new ApiError(
        503,
        'limits_unavailable',
        'Limits cannot be checked right now; retry shortly',
        {
          headers: { 'Retry-After': '1' },
        },
      );
    }
  }

  private priceOf(model: string): ModelPriceMicro | undefined {
    const price = this.router.priceOf(model);
    if (!price && !this.unpricedLogged.has(model)) {
      this.unpricedLogged.add(model);
      this.logger.warn({ model }, 'model has no price in PRICING; it is served at cost 0');
    }
    return price;
  }

  private async settle(
    reservation: Reservation | null,
    tokens: number,
    cost: number,
  ): Promise<void> {
    if (reservation === null) return;
    try {
      await this.limits.settle(reservation, tokens, cost);
    } catch (error) {
      this.logger.error({ err: error, key_id: reservation.keyId }, 'reservation not settled');
    }
  }
}
