import { ApiError } from '@platform/http';
import type { ServerResponse } from 'node:http';
import { type Dispatcher, errors } from 'undici';
import { ReportedUsage, SseUsageWatcher, usageFromJson } from './sse-usage';
import { upstreamErrorAnswer } from './upstream-error';

export interface RelayResult {
  status: number;
  usage: ReportedUsage | undefined;
  /** Completion tokens when the upstream reported none (streaming without a usage chunk). */
  estimatedCompletionTokens: number;
  /** When the upstream's answer was complete (ms, performance clock). */
  upstreamDoneAt: number;
  errorCode: string | null;
  /** The JSON answer exactly as the upstream sent it (non-streaming 200s only). */
  body?: Buffer;
}

/** An optional plugin that failed, as reported in a JSON answer's `warnings`. */
export interface RelayWarning {
  plugin: string;
  code: string;
  message: string;
}

export interface RelayOptions {
  /** The client asked for a stream: a 2xx answer is relayed chunk by chunk. */
  stream: boolean;
  /** Our own time before dispatch (ms), the start of the x-proxy-overhead-ms figure. */
  overheadBefore: number;
  /** Added to a JSON answer; empty for most requests. */
  warnings: RelayWarning[];
}

/** Largest upstream error body relayed; the rest is cut (errors are short). */
const MAX_ERROR_BODY = 64 * 1024;

const SSE_HEADERS = {
  'content-type': 'text/event-stream; charset=utf-8',
  'cache-control': 'no-cache',
  connection: 'keep-alive',
  'x-accel-buffering': 'no',
};

/**
 * One upstream exchange, driven by undici's dispatcher callbacks (no response stream object, no
 * promise per chunk): the answer goes to the client as it comes. `done` settles once the client
 * has its answer.
 * - 2xx streaming: every chunk is written as it arrives (SSE bytes untouched, `[DONE]`
 *   included), with backpressure, and the usage chunk is read on the way;
 * - 2xx JSON: the body is collected and relayed as it came (re-serialised only to add
 *   `warnings`), so the overhead header is known exactly;
 * - anything else: the upstream's status with an OpenAI error body (see upstream-error.ts).
 * `done` rejects when no answer could be relayed (the caller answers 502).
 */
export class UpstreamRelay implements Dispatcher.DispatchHandler {
  readonly done: Promise<RelayResult>;
  private resolve!: (result: RelayResult) => void;
  private reject!: (error: unknown) => void;
  private abortUpstream: ((error?: Error) => void) | undefined;
  private cancelled = false;
  private status = 0;
  private chunks: Buffer[] = [];
  private size = 0;
  private watcher: SseUsageWatcher | undefined;
  private resumeUpstream: (() => void) | undefined;

  constructor(
    private readonly res: ServerResponse,
    private readonly options: RelayOptions,
  ) {
    this.done = new Promise<RelayResult>((resolve, reject) => {
      this.resolve = resolve;
      this.reject = reject;
    });
  }

  /** The client went away: stop the upstream request (now, or as soon as it is sent). */
  cancel(): void {
    this.cancelled = true;
    this.abortUpstream?.(new errors.RequestAbortedError());
  }

  onConnect(abort: (error?: Error) => void): void {
    if (this.cancelled) abort(new errors.RequestAbortedError());
    else this.abortUpstream = abort;
  }

  onHeaders(statusCode: number, _headers: Buffer[], resume: () => void): boolean {
    // 1xx informational answers come before the real one.
    if (statusCode < 200) return true;
    this.status = statusCode;
    this.resumeUpstream = resume;
    if (statusCode < 300 && this.options.stream) {
      this.watcher = new SseUsageWatcher();
      // All the proxy adds to a stream is its time before the upstream's first byte.
      this.res.writeHead(200, {
        ...SSE_HEADERS,
        'x-proxy-overhead-ms': this.options.overheadBefore.toFixed(3),
      });
    }
    return true;
  }

  onData(chunk: Buffer): boolean {
    if (this.watcher) {
      this.watcher.push(chunk);
      if (this.res.write(chunk)) return true;
      // A client that went away never drains: end the upstream request instead of pausing it.
      if (this.res.destroyed) {
        this.cancel();
        return false;
      }
      // The client reads slower than the upstream writes: hold the upstream until it drains.
      this.res.once('drain', this.onDrain);
      return false;
    }
    if (this.status >= 300 && this.size >= MAX_ERROR_BODY) return true;
    this.chunks.push(chunk);
    this.size += chunk.length;
    return true;
  }

  onComplete(): void {
    const upstreamDoneAt = performance.now();
    if (this.watcher) {
      this.res.end();
      this.finish(this.watcher.usage, this.watcher.completionTokens(), upstreamDoneAt, null);
    } else if (this.status >= 300) {
      const { status, json } = upstreamErrorAnswer(this.status, this.collected(MAX_ERROR_BODY));
      this.status = status;
      this.res.writeHead(status, {
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(json),
      });
      this.res.end(json);
      this.finish(undefined, 0, upstreamDoneAt, 'upstream_error');
    } else {
      this.completeJson(upstreamDoneAt);
    }
  }

  onError(error: Error): void {
    if (this.watcher && this.res.headersSent) {
      // The upstream stalled or broke mid-stream: the status is already sent, so end the stream.
      this.res.end();
      const usage = this.watcher.usage;
      const estimated = this.watcher.completionTokens();
      this.finish(usage, estimated, performance.now(), 'upstream_stream_interrupted');
      return;
    }
    this.reject(error);
  }

  private completeJson(upstreamDoneAt: number): void {
    const raw = this.collected();
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw.toString('utf8'));
    } catch {
      this.reject(
        new ApiError(502, 'upstream_error', 'The upstream answered with a body that is not JSON'),
      );
      return;
    }
    const { warnings } = this.options;
    const sent =
      warnings.length > 0 && typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
        ? Buffer.from(JSON.stringify({ ...parsed, warnings }))
        : raw;
    this.status = 200;
    sendJsonAnswer(
      this.res,
      sent,
      this.options.overheadBefore + (performance.now() - upstreamDoneAt),
    );
    this.finish(usageFromJson(parsed), 0, upstreamDoneAt, null, raw);
  }

  private collected(cap = Infinity): Buffer {
    const [only] = this.chunks;
    const all = only && this.chunks.length === 1 ? only : Buffer.concat(this.chunks);
    return all.length > cap ? all.subarray(0, cap) : all;
  }

  private finish(
    usage: ReportedUsage | undefined,
    estimatedCompletionTokens: number,
    upstreamDoneAt: number,
    errorCode: string | null,
    body?: Buffer,
  ): void {
    this.resolve({
      status: this.status,
      usage,
      estimatedCompletionTokens,
      upstreamDoneAt,
      errorCode,
      body,
    });
  }

  private readonly onDrain = (): void => this.resumeUpstream?.();
}

/** A 200 JSON answer (relayed, or from the response cache). */
export function sendJsonAnswer(res: ServerResponse, body: Buffer, overheadMs: number): void {
  res.writeHead(200, {
    'content-type': 'application/json',
    'content-length': body.length,
    'x-proxy-overhead-ms': overheadMs.toFixed(3),
  });
  res.end(body);
}
