import { Inject, Injectable, Logger } from '@nestjs/common';
import { Clock } from '@platform/clock';
import {
  ApiError,
  AppMetrics,
  assignRequestId,
  normalizeError,
  openAiErrorBody,
  PlatformLogger,
} from '@platform/http';
import type { IncomingMessage, RequestListener, Server, ServerResponse } from 'node:http';
import { ChatCompletionsService, ChatOutcome } from './chat-completions.service';
import { ModelsService } from './models.service';
import { readJsonBody } from './request-body';

type Route = 'POST /v1/chat/completions' | 'GET /v1/models';

interface MetricSeries {
  requests: { inc(): void };
  duration: { observe(seconds: number): void };
}

function routeOf(req: IncomingMessage): Route | undefined {
  const path = (req.url ?? '').split('?')[0];
  if (req.method === 'POST' && path === '/v1/chat/completions') return 'POST /v1/chat/completions';
  if (req.method === 'GET' && path === '/v1/models') return 'GET /v1/models';
  return undefined;
}

/**
 * The OpenAI-compatible client API on a lean path: its two routes are answered straight from the
 * Node HTTP server, ahead of Express and Nest's router, because every microsecond here is added
 * to every completion. It keeps what the platform promises everywhere else: request ids,
 * metrics by route template, one access-log line, and the OpenAI error shape.
 * Anything else, /v1 included, goes on to the Nest app.
 */
@Injectable()
export class ClientApiServer {
  private readonly logger = new Logger('ClientApi');
  /** Access lines the configured level drops are not built at all (one per request adds up). */
  private readonly logInfo: boolean;
  private readonly logWarn: boolean;
  private readonly series = new Map<string, MetricSeries>();

  constructor(
    private readonly chat: ChatCompletionsService,
    private readonly models: ModelsService,
    private readonly metrics: AppMetrics,
    @Inject(PlatformLogger) platformLogger: PlatformLogger,
    @Inject(Clock) private readonly clock: Clock,
  ) {
    this.logInfo = platformLogger.isLevelEnabled('info');
    this.logWarn = platformLogger.isLevelEnabled('warn');
  }

  attach(server: Server): void {
    const app = server.listeners('request') as RequestListener[];
    server.removeAllListeners('request');
    server.on('request', (req: IncomingMessage, res: ServerResponse) => {
      const route = routeOf(req);
      if (route) void this.serve(route, req, res);
      else for (const listener of app) listener.call(server, req, res);
    });
  }

  private async serve(route: Route, req: IncomingMessage, res: ServerResponse): Promise<void> {
    const startedAt = performance.now();
    const startedAtDate = this.clock.now();
    const requestId = assignRequestId(req, res);
    let outcome: ChatOutcome | undefined;
    let errorCode: string | undefined;
    try {
      if (route === 'GET /v1/models') {
        this.sendJson(res, 200, await this.models.list(req));
      } else {
        const body = await readJsonBody(req);
        outcome = await this.chat.complete(req, res, body, { startedAt, startedAtDate });
      }
    } catch (error) {
      errorCode = this.sendError(res, error, requestId);
    } finally {
      this.observe(route, req, res, startedAt, requestId, outcome, errorCode);
    }
  }

  private sendJson(res: ServerResponse, status: number, body: unknown): void {
    const json = JSON.stringify(body);
    res.writeHead(status, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': Buffer.byteLength(json),
    });
    res.end(json);
  }

  private sendError(res: ServerResponse, error: unknown, requestId: string): string {
    const normalized = normalizeError(error);
    if (normalized.unexpected && !(error instanceof ApiError)) {
      this.logger.error({ err: error, request_id: requestId }, 'client API request failed');
    }
    if (res.headersSent) {
      res.end();
      return normalized.code;
    }
    for (const [name, value] of Object.entries(normalized.headers ?? {}))
      res.setHeader(name, value);
    // A body we stopped reading (413) cannot be drained cheaply: close the connection after it.
    if (normalized.status === 413) res.setHeader('connection', 'close');
    this.sendJson(res, normalized.status, openAiErrorBody(normalized));
    return normalized.code;
  }

  private observe(
    route: Route,
    req: IncomingMessage,
    res: ServerResponse,
    startedAt: number,
    requestId: string,
    outcome: ChatOutcome | undefined,
    errorCode: string | undefined,
  ): void {
    const record = (): void => {
      const seconds = (performance.now() - startedAt) / 1000;
      // As on every other route: answered requests are counted, a client that hung up first
      // gets a `request aborted` line at warn.
      const finished = res.writableFinished;
      if (finished) {
        const series = this.seriesOf(route, res.statusCode);
        series.requests.inc();
        series.duration.observe(seconds);
      }
      const status = res.statusCode;
      if (finished && status < 400 ? !this.logInfo : status < 500 && !this.logWarn) return;
      const line = {
        req: { id: requestId, method: req.method, url: route.slice(route.indexOf(' ') + 1) },
        res: { statusCode: res.statusCode },
        responseTime: Math.round(seconds * 1000),
        key_id: outcome?.keyId,
        model: outcome?.model,
        resolved_model: outcome?.resolvedModel,
        error_code: errorCode,
      };
      if (res.statusCode >= 500) this.logger.error(line, 'request completed');
      else if (!finished) this.logger.warn(line, 'request aborted');
      else if (res.statusCode >= 400) this.logger.warn(line, 'request completed');
      else this.logger.log(line, 'request completed');
    };
    // The close event has already fired when the client hung up while we were still working.
    if (res.writableFinished || res.destroyed) record();
    else res.once('close', record);
  }

  /**
   * The metric series of a route and status, looked up once: labelling by object on every
   * request makes prom-client hash the labels each time. Bounded: 2 routes x the statuses seen.
   */
  private seriesOf(route: Route, status: number): MetricSeries {
    const name = `${route} ${status}`;
    let series = this.series.get(name);
    if (!series) {
      const labels = {
        method: route.slice(0, route.indexOf(' ')),
        route: route.slice(route.indexOf(' ') + 1),
        status: String(status),
      };
      series = {
        requests: this.metrics.requests.labels(labels),
        duration: this.metrics.duration.labels(labels),
      };
      this.series.set(name, series);
    }
    return series;
  }
}
