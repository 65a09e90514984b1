import { ApiError } from '@platform/http';
import type { ServerResponse } from 'node:http';
import { SseUsageWatcher, usageFromJson, ReportedUsage } from './sse-usage';
import { UpstreamResponse } from './upstream.client';

/** Largest upstream error body relayed; the rest is cut (errors are short). */
const MAX_ERROR_BODY = 64 * 1024;

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

async function readCapped(body: UpstreamResponse['body'], cap: number): Promise<string> {
  let text = '';
  for await (const chunk of body) {
    if (text.length < cap) text += (chunk as Buffer).toString('utf8');
  }
  return text.slice(0, cap);
}

/**
 * An upstream error answers with the upstream's status. Its body is passed on when it already
 * is an OpenAI error object; anything else is wrapped in one, so clients always get that shape.
 */
export async function relayUpstreamError(
  upstream: UpstreamResponse,
  res: ServerResponse,
): Promise<RelayResult> {
  const text = await readCapped(upstream.body, MAX_ERROR_BODY);
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  const error = (body as { error?: { message?: unknown } } | undefined)?.error;
  const payload =
    error && typeof error.message === 'string'
      ? body
      : {
          error: {
            message: `Upstream answered ${upstream.statusCode}`,
            type: 'upstream_error',
            code: 'upstream_error',
          },
        };
  const status =
    upstream.statusCode >= 400 && upstream.statusCode < 600 ? upstream.statusCode : 502;
  const json = JSON.stringify(payload);
  res.writeHead(status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(json),
  });
  res.end(json);
  return {
    status,
    usage: undefined,
    estimatedCompletionTokens: 0,
    upstreamDoneAt: performance.now(),
    errorCode: 'upstream_error',
  };
}

function drainedOrClosed(res: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = (): void => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.once('drain', done);
    res.once('close', done);
  });
}

/**
 * Non-streaming: the whole JSON answer, then the overhead header is known exactly. With
 * warnings, the answer (an object) gains a `warnings` array; otherwise it is relayed as it came.
 */
export async function relayJson(
  upstream: UpstreamResponse,
  res: ServerResponse,
  overheadMs: (upstreamDoneAt: number) => number,
  warnings: RelayWarning[] = [],
): Promise<RelayResult> {
  // undici collects the body itself: no async iterator and no per-chunk promise.
  const raw = Buffer.from(await upstream.body.arrayBuffer());
  const upstreamDoneAt = performance.now();
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw.toString('utf8'));
  } catch {
    throw new ApiError(502, 'upstream_error', 'The upstream answered with a body that is not JSON');
  }
  const sent =
    warnings.length > 0 && typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
      ? Buffer.from(JSON.stringify({ ...parsed, warnings }))
      : raw;
  sendJsonAnswer(res, sent, overheadMs(upstreamDoneAt));
  return {
    status: 200,
    usage: usageFromJson(parsed),
    estimatedCompletionTokens: 0,
    upstreamDoneAt,
    errorCode: null,
    body: raw,
  };
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

/**
 * Streaming: every chunk is written as it arrives (SSE bytes untouched, `[DONE]` included); the
 * usage chunk is read on the way. The overhead header carries the time spent before the
 * upstream's first byte, which is all the proxy adds to a stream.
 */
export async function relayStream(
  upstream: UpstreamResponse,
  res: ServerResponse,
  overheadMs: number,
): Promise<RelayResult> {
  res.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
    'x-proxy-overhead-ms': overheadMs.toFixed(3),
  });
  const watcher = new SseUsageWatcher();
  let errorCode: string | null = null;
  try {
    for await (const chunk of upstream.body) {
      watcher.push(chunk as Buffer);
      if (!res.write(chunk)) await drainedOrClosed(res);
    }
  } catch {
    // The upstream stalled or broke mid-stream: the status is already sent, so end the stream.
    errorCode = 'upstream_stream_interrupted';
  }
  res.end();
  return {
    status: 200,
    usage: watcher.usage,
    estimatedCompletionTokens: watcher.completionTokens(),
    upstreamDoneAt: performance.now(),
    errorCode,
  };
}
