import { Inject, Injectable, Logger } from '@nestjs/common';
import { Clock } from '@platform/clock';
import { ProxyAdminConfig } from '@platform/config';
import { ApiError } from '@platform/http';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { usdToMicro } from '../keys/virtual-key';
import { KeyLimits } from '../limits/limits.service';
import { CacheLookup, ResponseCache } from '../response-cache/response-cache.service';
import { ModelPriceMicro, ModelRouter } from '../routing/model-router';
import { UsageRecord } from '../usage/usage-record';
import { UsageRecorder } from '../usage/usage-recorder.service';
import { PluginWarning, WebSearchService } from '../web-search/web-search.service';
import { ChatPreparer, PreparedChat } from './chat-preparation';
import { conversationHashes, estimatePromptTokens } from './chat-request';
import { Admission } from './admission';
import { sessionIdOf } from './session-id';
import { untouchedBytes } from './forward-body';
import type { JsonBody } from './request-body';
import { RelayResult, sendJsonAnswer, UpstreamRelay } from './upstream-relay';
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

export const PLUGIN_WARNING_HEADER = 'x-proxy-plugin-warning';
export const CACHE_HEADER = 'x-proxy-cache';
const CACHE_OFF: CacheLookup = { state: 'off' };

function costMicro(price: ModelPriceMicro | undefined, prompt: number, completion: number): number {
  return price ? Math.ceil(prompt * price.input + completion * price.output) : 0;
}

/** The parts of a usage row that differ between a cache hit and a relayed answer. */
type UsageParts = Pick<
  UsageRecord,
  | 'promptTokens'
  | 'completionTokens'
  | 'costMicroUsd'
  | 'upstreamLatencyMs'
  | 'status'
  | 'errorCode'
  | 'webSearchCalls'
  | 'surchargeMicroUsd'
>;

/**
 * POST /v1/chat/completions after preparation (see ChatPreparer): the response cache, limits,
 * the web-search plugin, dispatch and relay, settlement and the usage row.
 */
@Injectable()
export class ChatCompletionsService {
  private readonly logger = new Logger(ChatCompletionsService.name);
  private readonly unpricedLogged = new Set<string>();
  private readonly surchargeMicro: number;

  constructor(
    private readonly preparer: ChatPreparer,
    private readonly router: ModelRouter,
    private readonly admission: Admission,
    private readonly upstreams: UpstreamClient,
    private readonly usage: UsageRecorder,
    private readonly webSearch: WebSearchService,
    private readonly cache: ResponseCache,
    @Inject(ProxyAdminConfig) private readonly config: ProxyAdminConfig,
    @Inject(Clock) private readonly clock: Clock,
  ) {
    this.surchargeMicro = usdToMicro(config.WEB_SEARCH_SURCHARGE_USD);
  }

  async complete(
    req: IncomingMessage,
    res: ServerResponse,
    body: JsonBody,
    ctx: ClientRequestContext,
  ): Promise<ChatOutcome> {
    const prepared = await this.preparer.prepare(req, body.value);
    const { key, chat, model, upstream } = prepared;
    const outcome = { keyId: key.id, model: prepared.requestedModel, resolvedModel: model };
    const limits: KeyLimits = {
      keyId: key.id,
      rpm: key.rpm,
      tpm: key.tpm,
      monthlyBudgetMicroUsd: key.monthlyBudgetMicroUsd,
    };

    // With the cache off (the default) not even a promise is spent on it.
    const cached: CacheLookup = this.cache.enabled
      ? await this.cache.lookup(!chat.stream && prepared.web === null, req.headers, {
          teamId: key.teamId,
          keyId: key.id,
          resolvedModel: model,
          presetVersion: prepared.preset?.version ?? null,
          body: prepared.clientBody,
        })
      : CACHE_OFF;
    if (cached.state === 'hit') {
      // A hit is a request like any other for rpm, but it uses no tokens and costs nothing.
      await this.admission.admitOrRefuse(res, limits, 0, 0);
      res.setHeader(CACHE_HEADER, 'hit');
      sendJsonAnswer(res, cached.body, performance.now() - ctx.startedAt);
      this.record(req, ctx, prepared, {
        promptTokens: 0,
        completionTokens: 0,
        costMicroUsd: 0,
        upstreamLatencyMs: null,
        status: 200,
        errorCode: null,
        webSearchCalls: 0,
        surchargeMicroUsd: 0,
      });
      return outcome;
    }

    const price = this.priceOf(model);
    const promptEstimate = estimatePromptTokens(chat.messages);
    const completionCap = chat.maxTokens ?? this.config.DEFAULT_MAX_TOKENS;
    // A search is paid for up front, so a key whose budget cannot cover it is refused before.
    const searchCost = prepared.web ? this.surchargeMicro : 0;
    const reservation = await this.admission.admitOrRefuse(
      res,
      limits,
      promptEstimate + completionCap,
      costMicro(price, promptEstimate, completionCap) + searchCost,
    );
    if (cached.state !== 'off') res.setHeader(CACHE_HEADER, cached.state);

    let searchCalls = 0;
    const warnings: PluginWarning[] = [];
    if (prepared.web) {
      const aborted = new AbortController();
      const onClose = (): void => {
        if (!res.writableFinished) aborted.abort();
      };
      res.once('close', onClose);
      try {
        const search = await this.webSearch.apply(prepared.web, chat.messages, aborted.signal);
        searchCalls = search.calls;
        chat.body['messages'] = search.messages;
        if (search.warning) {
          warnings.push(search.warning);
          res.setHeader(PLUGIN_WARNING_HEADER, search.warning.code);
        }
      } catch (error) {
        this.admission.settle(reservation, 0, 0);
        throw error;
      } finally {
        res.off('close', onClose);
      }
      if (aborted.signal.aborted) {
        this.admission.settle(reservation, 0, 0);
        return outcome;
      }
    }

    const dispatchedAt = performance.now();
    const relay = new UpstreamRelay(res, {
      stream: chat.stream,
      // Proxy overhead = our work before dispatch + our work after the upstream answered.
      overheadBefore: dispatchedAt - ctx.startedAt,
      warnings,
    });
    // Cancels the upstream request when the client goes away, or has already gone (its close
    // event fired while the request was being checked).
    res.once('close', () => {
      if (!res.writableFinished) relay.cancel();
    });
    if (res.destroyed) relay.cancel();
    let relayed: RelayResult;
    try {
      this.upstreams.chatCompletions(
        upstream,
        untouchedBytes(body, prepared) ?? this.serialise(chat),
        relay,
      );
      relayed = await relay.done;
    } catch (error) {
      this.admission.settle(reservation, 0, 0);
      if (error instanceof ApiError) throw error;
      throw new ApiError(502, 'upstream_error', `The upstream ${upstream.name} did not answer`);
    }
    if (cached.state === 'miss' && relayed.body && relayed.errorCode === null) {
      this.cache.store(cached.key, relayed.body);
    }

    const promptTokens =
      relayed.usage?.prompt_tokens ?? (relayed.status === 200 ? promptEstimate : 0);
    const completionTokens =
      relayed.usage?.completion_tokens ??
      (relayed.status === 200 ? relayed.estimatedCompletionTokens : 0);
    const cost = costMicro(price, promptTokens, completionTokens);
    const surcharge = searchCalls * this.surchargeMicro;
    this.admission.settle(reservation, promptTokens + completionTokens, cost + surcharge);
    this.record(req, ctx, prepared, {
      promptTokens,
      completionTokens,
      costMicroUsd: cost,
      upstreamLatencyMs: Math.round(relayed.upstreamDoneAt - dispatchedAt),
      status: relayed.status,
      errorCode: relayed.errorCode,
      webSearchCalls: searchCalls,
      surchargeMicroUsd: surcharge,
    });
    return outcome;
  }

  /** The checked request as JSON; a stream asks for a usage chunk, to be billed by what it used. */
  private serialise(chat: PreparedChat['chat']): string {
    const forwarded = chat.body;
    if (chat.stream) {
      const options =
        typeof forwarded['stream_options'] === 'object' ? forwarded['stream_options'] : {};
      forwarded['stream_options'] = { ...(options as object), include_usage: true };
    }
    return JSON.stringify(forwarded);
  }

  private record(
    req: IncomingMessage,
    ctx: ClientRequestContext,
    prepared: PreparedChat,
    parts: UsageParts,
  ): void {
    const finishedAt = performance.now();
    const upstreamMs = parts.upstreamLatencyMs ?? 0;
    this.usage.record({
      id: randomUUID(),
      keyId: prepared.key.id,
      teamId: prepared.key.teamId,
      sessionId: sessionIdOf(req, prepared.key.id, ctx.startedAtDate),
      requestedModel: prepared.requestedModel,
      resolvedModel: prepared.model,
      stream: prepared.chat.stream,
      presetSlug: prepared.preset?.slug ?? null,
      presetVersion: prepared.preset?.version ?? null,
      ...parts,
      overheadMs: finishedAt - ctx.startedAt - upstreamMs,
      // Hashed from the client's own messages: the preset prompt and search results vary.
      ...conversationHashes(prepared.clientMessages),
      startedAt: ctx.startedAtDate,
      finishedAt: this.clock.now(),
    });
  }

  private priceOf(model: string): ModelPriceMicro | undefined {
    const price = this.router.priceOf(model);
    if (!price && !this.unpricedLogged.has(model)) {
      this.unpricedLogged.add(model);
      this.logger.warn({ model }, 'model has no price in PRICING; it is served at cost 0');
    }
    return price;
  }
}
