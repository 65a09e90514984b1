import { timingSafeEqual } from 'node:crypto';
import { WebhookSecret } from './webhook-secret';
import { toUnixSeconds } from './sign-webhook';
import {
  computeWebhookSignature,
  WEBHOOK_ID_HEADER,
  WEBHOOK_SIGNATURE_HEADER,
  WEBHOOK_SIGNATURE_VERSION,
  WEBHOOK_TIMESTAMP_HEADER,
  WebhookBody,
} from './webhook-signature';
import { WebhookVerificationError } from './webhook-verification-error';

/** How far a timestamp may be from the receiver's clock, either way. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

/**
 * Incoming headers in any common form: Node's `req.headers`, a plain object with any casing,
 * or a fetch `Headers` instance.
 */
export type WebhookHeaders =
  | Readonly<Record<string, string | readonly string[] | undefined>>
  | { get(name: string): string | null };

export interface VerifyWebhookInput {
  headers: WebhookHeaders;
  /** The raw request body, byte for byte as received (not parsed and re-serialised JSON). */
  body: WebhookBody;
  secret: WebhookSecret;
  /** Largest accepted distance between the timestamp and `now`, in seconds. Default 300. */
  toleranceSeconds?: number;
  /** The receiver's clock (Date or unix seconds); defaults to the current time. Handy in tests. */
  now?: Date | number;
}

/** What a verified webhook carries besides its body. */
export interface VerifiedWebhook {
  /** Message id: the same across retries, so use it to drop duplicates. */
  id: string;
  /** Unix seconds at which this attempt was signed. */
  timestamp: number;
}

/**
 * Verifies a Standard Webhooks request (headers `webhook-id`, `webhook-timestamp`,
 * `webhook-signature`). Throws {@link WebhookVerificationError} (see its `reason`) unless the
 * headers are present, the timestamp is within `toleranceSeconds` of now (past or future), and
 * one of the space-separated `v1,<base64>` signatures matches; the comparison is constant-time.
 *
 * @example
 * // Express: keep the raw body, the signature covers its exact bytes.
 * app.post('/hooks', express.raw({ type: 'application/json' }), (req, res) => {
 *   try {
 *     const { id } = verifyWebhook({ headers: req.headers, body: req.body, secret: 'whsec_...' });
 *     handleEvent(id, JSON.parse(req.body.toString('utf8')));
 *     res.sendStatus(204);
 *   } catch (error) {
 *     if (error instanceof WebhookVerificationError) return res.status(401).send(error.reason);
 *     throw error;
 *   }
 * });
 */
export function verifyWebhook(input: VerifyWebhookInput): VerifiedWebhook {
  const { headers, body, secret } = input;
  const toleranceSeconds = input.toleranceSeconds ?? WEBHOOK_TOLERANCE_SECONDS;
  if (!Number.isFinite(toleranceSeconds) || toleranceSeconds < 0) {
    throw new RangeError('toleranceSeconds must be a non-negative number');
  }
  const id = readSingleHeader(headers, WEBHOOK_ID_HEADER);
  const timestampText = readSingleHeader(headers, WEBHOOK_TIMESTAMP_HEADER);
  const signatures = readHeader(headers, WEBHOOK_SIGNATURE_HEADER);
  if (!id || !timestampText || !signatures) {
    throw new WebhookVerificationError(
      'missing_headers',
      'webhook-id, webhook-timestamp and webhook-signature headers are required',
    );
  }

  const timestamp = parseTimestamp(timestampText);
  const now = toUnixSeconds(
    typeof input.now === 'number' ? Math.floor(input.now) : (input.now ?? new Date()),
  );
  if (now - timestamp > toleranceSeconds) {
    throw new WebhookVerificationError('timestamp_too_old', 'webhook timestamp is too old');
  }
  if (timestamp - now > toleranceSeconds) {
    throw new WebhookVerificationError('timestamp_too_new', 'webhook timestamp is in the future');
  }

  // Compare base64 texts, not decoded bytes, so only the one canonical encoding matches.
  const expected = Buffer.from(computeWebhookSignature(id, timestamp, body, secret), 'utf8');
  let matched = false;
  for (const listed of signatures.split(' ')) {
    // Node joins a repeated header with ", ", leaving a trailing comma on all but the last entry.
    const entry = listed.replace(/,+$/, '');
    const comma = entry.indexOf(',');
    if (comma < 0 || entry.slice(0, comma) !== WEBHOOK_SIGNATURE_VERSION) continue;
    const given = Buffer.from(entry.slice(comma + 1), 'utf8');
    // No early exit: the time taken does not reveal which entry matched.
    if (given.length === expected.length && timingSafeEqual(given, expected)) matched = true;
  }
  if (!matched) {
    throw new WebhookVerificationError('invalid_signature', 'no matching webhook signature');
  }
  return { id, timestamp };
}

/** Unix seconds as plain digits; anything looser (signs, decimals, exponents) is refused. */
function parseTimestamp(text: string): number {
  const seconds = /^\d{1,15}$/.test(text) ? Number(text) : Number.NaN;
  if (!Number.isSafeInteger(seconds)) {
    throw new WebhookVerificationError(
      'invalid_timestamp',
      'webhook-timestamp must be unix seconds',
    );
  }
  return seconds;
}

/** A header that must appear once; a repeated id or timestamp is ambiguous, so it counts as absent. */
function readSingleHeader(headers: WebhookHeaders, name: string): string | undefined {
  const values = headerValues(headers, name);
  return values.length === 1 ? values[0]?.trim() : undefined;
}

/** A header whose repeated values form one space-separated list (signatures). */
function readHeader(headers: WebhookHeaders, name: string): string | undefined {
  return headerValues(headers, name).join(' ').trim() || undefined;
}

/** Every value of a header, whatever the casing of its name or the shape of `headers`. */
function headerValues(headers: WebhookHeaders, name: string): readonly string[] {
  if (typeof headers.get === 'function') {
    const value = (headers as { get(name: string): string | null }).get(name);
    return value === null ? [] : [value];
  }
  const record = headers as Readonly<Record<string, string | readonly string[] | undefined>>;
  return Object.keys(record)
    .filter((key) => key.toLowerCase() === name)
    .flatMap((key) => record[key] ?? []);
}
