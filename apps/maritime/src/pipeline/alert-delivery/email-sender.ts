import { clipText } from '@platform/webhooks';
import { createTransport, type Transporter } from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';
import type { ChannelAttemptOutcome, ChannelAttemptResult } from './attempt-outcome';
import { parseRecipients, type ChannelConfigs } from './channel-config';
import type { ChannelSender } from './channel-senders';
import type { DeliveryMessage } from './delivery-message';
import { emailContent } from './payloads';

export interface EmailSenderOptions {
  /** `smtp://user:pass@host:587` or `smtps://…`; null: e-mail delivery is off. */
  smtpUrl: string | null;
  /** The From header, e.g. `Maritime alerts <alerts@example.com>`. */
  from: string;
  /** Per SMTP phase (connect, greeting, each reply); 15 s by default, like an HTTP attempt. */
  timeoutMs?: number;
  /** The instant an attempt is recorded at (the service's clock). */
  now?: () => Date;
}

/** SMTP failures that mean the server was never properly reached. */
const NETWORK_CODES = new Set(['ECONNECTION', 'EDNS', 'ESOCKET', 'ETLS', 'ECONNREFUSED']);

/**
 * One e-mail per delivery, to every address of `to` at once, through the operator's SMTP server
 * (never a user-supplied host, so there is no SSRF surface). The SMTP reply code is the attempt's
 * status code: a 5xx is a permanent refusal, anything else may be retried.
 */
export class EmailChannelSender implements ChannelSender<'email'> {
  readonly channel = 'email';
  private readonly transport: Transporter<SMTPTransport.SentMessageInfo> | null;
  private readonly now: () => Date;

  constructor(private readonly options: EmailSenderOptions) {
    const timeout = options.timeoutMs ?? 15_000;
    this.now = options.now ?? (() => new Date());
    this.transport =
      options.smtpUrl === null
        ? null
        : createTransport({
            url: options.smtpUrl,
            connectionTimeout: timeout,
            greetingTimeout: timeout,
            socketTimeout: timeout,
            // Alert mail never carries files or remote content.
            disableFileAccess: true,
            disableUrlAccess: true,
          } as SMTPTransport.Options);
  }

  /** Whether SMTP_URL is configured. */
  get enabled(): boolean {
    return this.transport !== null;
  }

  async send(
    config: ChannelConfigs['email'],
    message: DeliveryMessage,
  ): Promise<ChannelAttemptResult> {
    const attemptedAt = this.now();
    const started = performance.now();
    const finish = (
      outcome: ChannelAttemptOutcome,
      fields: {
        statusCode?: number | null;
        responseExcerpt?: string | null;
        error?: string | null;
      },
    ): ChannelAttemptResult => ({
      outcome,
      attemptedAt,
      durationMs: Math.round(performance.now() - started),
      statusCode: fields.statusCode ?? null,
      retryAfterMs: null,
      responseExcerpt: fields.responseExcerpt == null ? null : clipText(fields.responseExcerpt),
      error: fields.error == null ? null : clipText(fields.error),
    });
    if (this.transport === null) {
      return finish('smtp_error', {
        error: 'e-mail delivery is not configured on this server (SMTP_URL)',
      });
    }
    const recipients = parseRecipients(config.to);
    if (!recipients.ok) return finish('smtp_error', { error: recipients.message });
    const content = emailContent(message);
    try {
      const info = await this.transport.sendMail({
        from: this.options.from,
        to: recipients.addresses,
        subject: content.subject,
        text: content.text,
        html: content.html,
        headers: { 'X-Maritime-Delivery-Id': message.id },
        disableFileAccess: true,
        disableUrlAccess: true,
      });
      const rejected = (info.rejected ?? []).map(String);
      return finish('success', {
        statusCode: replyCode(info.response),
        responseExcerpt:
          rejected.length === 0
            ? info.response
            : `${info.response} (refused: ${rejected.join(', ')})`,
      });
    } catch (error) {
      const failure = error as {
        code?: unknown;
        responseCode?: unknown;
        response?: unknown;
        message?: unknown;
      };
      const code = typeof failure.code === 'string' ? failure.code : '';
      const responseCode = typeof failure.responseCode === 'number' ? failure.responseCode : null;
      const text = typeof failure.message === 'string' ? failure.message : String(error);
      const response = typeof failure.response === 'string' ? failure.response : null;
      const outcome: ChannelAttemptOutcome =
        code === 'ETIMEDOUT'
          ? 'timeout'
          : responseCode === null && NETWORK_CODES.has(code)
            ? 'network_error'
            : 'smtp_error';
      return finish(outcome, {
        statusCode: responseCode,
        responseExcerpt: response,
        error: `${code ? `${code} ` : ''}${text}`,
      });
    }
  }

  close(): void {
    this.transport?.close();
  }
}

/** The three-digit code at the start of an SMTP reply line (`250 OK: queued`). */
function replyCode(response: string | undefined): number | null {
  const match = /^(\d{3})\b/.exec(response ?? '');
  return match === null ? null : Number(match[1]);
}
