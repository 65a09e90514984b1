import { request } from 'undici';
import type { Dispatcher } from 'undici';
import { signWebhook } from '../sign-webhook';
import { WEBHOOK_ID_HEADER, WEBHOOK_SIGNATURE_HEADER } from '../webhook-signature';
import type { WebhookSecret } from '../webhook-secret';
import type { AttemptOutcome, AttemptResult } from './attempt-result';
import { clipText, excerptOf, MAX_STORED_BYTES } from './clip-text';
import { PinnedAgents } from './pinned-agents';
import { parseRetryAfter } from './retry-schedule';
import { OutboundTargetGuard } from './target-guard';
import { UnsafeTargetError } from './unsafe-target-error';

/** One message to POST to one endpoint. */
export interface OutboundWebhook {
  url: string;
  /** `webhook-id`: the same on every attempt (receivers drop duplicates by it). */
  messageId: string;
  /** The exact body sent; the signature covers these bytes. */
  body: string;
  /** Signs the attempt when set; without one no signature header is sent. */
  secret: WebhookSecret | null;
  /** More header names carrying a copy of `webhook-signature` (a service's own header name). */
  signatureCopies?: readonly string[];
}

export interface WebhookSenderOptions {
  guard: OutboundTargetGuard;
  agents: PinnedAgents;
  /** e.g. `geo-scoring-webhooks/1`. */
  userAgent: string;
  /** Whole attempt, from resolving the host to reading the answer; 15 s by default. */
  timeoutMs?: number;
  /**
   * The instant an attempt is recorded at (a service passes its injected clock). The signature's
   * `webhook-timestamp` is always the machine's time: receivers check it against their own.
   */
  now?: () => Date;
}

/**
 * Sends one attempt: the guard checks the URL again (the host may resolve elsewhere since it was
 * registered), the connection is pinned to the checked address, the message is signed afresh with
 * the current time, redirects are not followed, and at most 1 KB of the answer is read.
 */
export class WebhookSender {
  private readonly timeoutMs: number;
  private readonly now: () => Date;

  constructor(private readonly options: WebhookSenderOptions) {
    this.timeoutMs = options.timeoutMs ?? 15_000;
    this.now = options.now ?? (() => new Date());
  }

  async send(webhook: OutboundWebhook): Promise<AttemptResult> {
    const attemptedAt = this.now();
    const started = performance.now();
    const finish = (
      outcome: AttemptOutcome,
      fields: Partial<Omit<AttemptResult, 'outcome' | 'attemptedAt' | 'durationMs'>> = {},
    ): AttemptResult => ({
      outcome,
      attemptedAt,
      durationMs: Math.round(performance.now() - started),
      statusCode: fields.statusCode ?? null,
      retryAfterMs: fields.retryAfterMs ?? null,
      responseExcerpt: fields.responseExcerpt ?? null,
      error: fields.error === undefined || fields.error === null ? null : clipText(fields.error),
    });

    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), this.timeoutMs);
    try {
      const target = await this.options.guard.check(webhook.url);
      const response = await request(target.url, {
        method: 'POST',
        dispatcher: this.options.agents.dispatcherFor(target),
        headers: this.headers(webhook),
        body: webhook.body,
        signal: controller.signal,
        headersTimeout: this.timeoutMs,
        bodyTimeout: this.timeoutMs,
      });
      const excerpt = await readExcerpt(response.body);
      const status = response.statusCode;
      const retryAfterHeader = response.headers['retry-after'];
      const fields = {
        statusCode: status,
        responseExcerpt: excerpt,
        retryAfterMs:
          status === 429 || status === 503
            ? parseRetryAfter(
                Array.isArray(retryAfterHeader) ? retryAfterHeader[0] : retryAfterHeader,
                Date.now(),
              )
            : null,
      };
      if (status >= 200 && status < 300) return finish('success', fields);
      return finish('http_error', { ...fields, error: statusError(status, response.headers) });
    } catch (error) {
      if (error instanceof UnsafeTargetError) {
        // A refused address is permanent; a name that does not resolve may come back.
        return error.reason === 'unresolvable'
          ? finish('network_error', { error: error.message })
          : finish('ssrf_blocked', { error: error.message });
      }
      if (controller.signal.aborted) {
        return finish('timeout', { error: `no complete answer within ${this.timeoutMs} ms` });
      }
      return finish('network_error', { error: networkError(error) });
    } finally {
      clearTimeout(timer);
    }
  }

  private headers(webhook: OutboundWebhook): Record<string, string> {
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      'user-agent': this.options.userAgent,
    };
    if (webhook.secret === null) {
      headers[WEBHOOK_ID_HEADER] = webhook.messageId;
      return headers;
    }
    const signed = signWebhook({
      id: webhook.messageId,
      timestamp: new Date(),
      body: webhook.body,
      secret: webhook.secret,
    });
    for (const name of webhook.signatureCopies ?? []) {
      headers[name.toLowerCase()] = signed[WEBHOOK_SIGNATURE_HEADER];
    }
    return { ...headers, ...signed };
  }
}

/** Reads at most 1 KB of the body; a longer body is abandoned (its connection is not reused). */
async function readExcerpt(body: Dispatcher.ResponseData['body']): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    const buffer = chunk as Buffer;
    chunks.push(buffer);
    size += buffer.length;
    if (size > MAX_STORED_BYTES) {
      body.destroy();
      break;
    }
  }
  return excerptOf(Buffer.concat(chunks));
}

function statusError(status: number, headers: Dispatcher.ResponseData['headers']): string {
  if (status >= 300 && status < 400) {
    const location = headers['location'];
    const where = Array.isArray(location) ? location[0] : location;
    return `redirect not followed (HTTP ${status}${where ? `, Location: ${where}` : ''})`;
  }
  return `HTTP ${status}`;
}

function networkError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const code = (error as { code?: unknown }).code;
  const cause = (error as { cause?: unknown }).cause;
  const detail = cause instanceof Error ? `: ${cause.message}` : '';
  return `${typeof code === 'string' ? `${code} ` : ''}${error.message}${detail}`;
}
