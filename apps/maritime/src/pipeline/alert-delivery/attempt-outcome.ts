import type { AttemptOutcome, AttemptResult, DeadReason } from '@platform/webhooks';

/** How one attempt through any channel ended; e-mail adds `smtp_error` to the HTTP outcomes. */
export type ChannelAttemptOutcome = AttemptOutcome | 'smtp_error';

/**
 * One attempt's observation, stored as a `delivery_attempts` row. For e-mail, `statusCode` is the
 * SMTP reply code and `responseExcerpt` the server's last reply line.
 */
export interface ChannelAttemptResult extends Omit<AttemptResult, 'outcome'> {
  outcome: ChannelAttemptOutcome;
}

/** Why a delivery dead-letters (the `reason_code` column). */
export type ChannelDeadReason = DeadReason | 'smtp_rejected' | 'config_invalid';

/**
 * The permanent failure an attempt shows, or null when it succeeded or may succeed later:
 * 410 → endpoint_gone, other 4xx except 408/429 → http_4xx, a refused address → ssrf_blocked,
 * an SMTP 5xx → smtp_rejected. Timeouts, network errors, 5xx and SMTP 4xx are worth retrying.
 */
export function permanentFailure(result: ChannelAttemptResult): ChannelDeadReason | null {
  const code = result.statusCode;
  switch (result.outcome) {
    case 'success':
      return null;
    case 'ssrf_blocked':
      return 'ssrf_blocked';
    case 'smtp_error':
      return code !== null && code >= 500 ? 'smtp_rejected' : null;
    case 'http_error':
      if (code === 410) return 'endpoint_gone';
      if (code !== null && code >= 400 && code < 500 && code !== 408 && code !== 429) {
        return 'http_4xx';
      }
      return null;
    default:
      return null;
  }
}
