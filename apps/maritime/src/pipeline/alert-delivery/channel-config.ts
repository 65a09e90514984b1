import {
  parseTargetUrl,
  UnsafeTargetError,
  WEBHOOK_SECRET_PREFIX,
  webhookSigningKey,
  type WebhookSecret,
} from '@platform/webhooks';

/** Where alerts can go; one configuration of each per owner. */
export const CHANNEL_TYPES = ['slack', 'teams', 'email', 'webhook'] as const;
export type ChannelType = (typeof CHANNEL_TYPES)[number];

export interface SlackConfig {
  webhook_url: string;
}
export interface TeamsConfig {
  webhook_url: string;
}
export interface EmailConfig {
  /** Comma-separated addresses, or a list; kept as the user wrote it. */
  to: string | string[];
}
export interface WebhookConfig {
  url: string;
  secret?: string;
}

export interface ChannelConfigs {
  slack: SlackConfig;
  teams: TeamsConfig;
  email: EmailConfig;
  webhook: WebhookConfig;
}
export type ChannelConfig = ChannelConfigs[ChannelType];

/** A validation problem at `field` (e.g. `config.url`), in the shape of 400 `details`. */
export interface ConfigProblem {
  field: string;
  message: string;
}

export type ConfigCheck<C extends ChannelType = ChannelType> =
  { ok: true; config: ChannelConfigs[C] } | { ok: false; problems: ConfigProblem[] };

export interface ConfigRules {
  /** Every Slack webhook URL must start with this (config SLACK_WEBHOOK_BASE). */
  slackWebhookBase: string;
}

export const MAX_RECIPIENTS = 10;
export const MIN_SECRET_LENGTH = 16;
export const MAX_SECRET_LENGTH = 256;
const MAX_ADDRESS_LENGTH = 254;
// Deliberately plain: one @, a dotted domain, nothing that could split or inject a header.
const ADDRESS = /^[^\s@,;<>"()[\]\\]+@[^\s@,;<>"()[\]\\]+\.[^\s@,;<>"()[\]\\]+$/;

const ALLOWED_KEYS: Record<ChannelType, readonly string[]> = {
  slack: ['webhook_url'],
  teams: ['webhook_url'],
  email: ['to'],
  webhook: ['url', 'secret'],
};

/**
 * Checks a channel's configuration as the user sent it (syntax only: the SSRF check of the
 * target's address is separate, as it needs DNS). Unknown keys are refused so a typo such as
 * `webhookUrl` is a 400 instead of a channel that silently never works.
 */
export function validateChannelConfig<C extends ChannelType>(
  channel: C,
  raw: unknown,
  rules: ConfigRules,
): ConfigCheck<C> {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    return fail('config', 'config must be an object');
  }
  const input = raw as Record<string, unknown>;
  const problems: ConfigProblem[] = Object.keys(input)
    .filter((key) => !ALLOWED_KEYS[channel].includes(key))
    .map((key) => ({
      field: `config.${key}`,
      message: `config.${key} is not a ${channel} setting (allowed: ${ALLOWED_KEYS[channel].join(', ')})`,
    }));
  let config: ChannelConfig;
  switch (channel) {
    case 'slack': {
      const url = httpsUrl(input['webhook_url'], 'config.webhook_url', problems);
      // Judged on the parsed form, so `..` segments or host tricks cannot step outside the base.
      if (url !== null && !new URL(url).href.startsWith(rules.slackWebhookBase)) {
        problems.push({
          field: 'config.webhook_url',
          message: `config.webhook_url must start with ${rules.slackWebhookBase}`,
        });
      }
      config = { webhook_url: url ?? '' };
      break;
    }
    case 'teams':
      config = {
        webhook_url: httpsUrl(input['webhook_url'], 'config.webhook_url', problems) ?? '',
      };
      break;
    case 'email': {
      const to = input['to'];
      const parsed = parseRecipients(to);
      if (!parsed.ok) problems.push({ field: 'config.to', message: parsed.message });
      config = { to: to as string | string[] };
      break;
    }
    case 'webhook': {
      const url = httpsUrl(input['url'], 'config.url', problems) ?? '';
      const secret = input['secret'];
      if (secret === undefined || secret === null) {
        config = { url };
        break;
      }
      const problem = secretProblem(secret);
      if (problem !== null) problems.push({ field: 'config.secret', message: problem });
      config = { url, secret: secret as string };
      break;
    }
    default:
      return fail('channel', `unknown channel ${String(channel)}`);
  }
  if (problems.length > 0) return { ok: false, problems };
  return { ok: true, config: config as ChannelConfigs[C] };
}

/** The URL a channel posts to (the one to SSRF-check), or null for e-mail. */
export function channelTargetUrl(channel: ChannelType, config: ChannelConfig): string | null {
  if (channel === 'email') return null;
  if (channel === 'webhook') return (config as WebhookConfig).url;
  return (config as SlackConfig).webhook_url;
}

export type RecipientsCheck = { ok: true; addresses: string[] } | { ok: false; message: string };

/** The addresses of `to` (a comma-separated string or a list): 1 to 10 plain addresses. */
export function parseRecipients(to: unknown): RecipientsCheck {
  let items: unknown[];
  if (typeof to === 'string') items = to.split(',').map((part) => part.trim());
  else if (Array.isArray(to))
    items = to.map((part) => (typeof part === 'string' ? part.trim() : part));
  else
    return { ok: false, message: 'config.to must be comma-separated e-mail addresses or a list' };
  if (items.length === 0 || (items.length === 1 && items[0] === '')) {
    return { ok: false, message: 'config.to needs at least one e-mail address' };
  }
  if (items.length > MAX_RECIPIENTS) {
    return { ok: false, message: `config.to holds at most ${MAX_RECIPIENTS} addresses` };
  }
  for (const item of items) {
    if (typeof item !== 'string' || item.length > MAX_ADDRESS_LENGTH || !ADDRESS.test(item)) {
      return {
        ok: false,
        message: `config.to: ${JSON.stringify(typeof item === 'string' ? item.slice(0, 80) : item)} is not an e-mail address`,
      };
    }
  }
  return { ok: true, addresses: items as string[] };
}

/**
 * The HMAC key of a webhook secret: a `whsec_` secret is the base64 key after the prefix (as
 * Standard Webhooks issues them); any other text is used as its UTF-8 bytes.
 */
export function webhookSecretKey(secret: string): WebhookSecret {
  return secret.startsWith(WEBHOOK_SECRET_PREFIX) ? secret : Buffer.from(secret, 'utf8');
}

/**
 * What responses show of a configuration: URLs as `scheme://host/****` plus their last 4
 * characters, secrets as `****` plus their last 4 (`****` alone when shorter than 12), `to` as is.
 */
export function maskChannelConfig(
  channel: ChannelType,
  config: ChannelConfig,
): Record<string, unknown> {
  switch (channel) {
    case 'slack':
    case 'teams':
      return { webhook_url: maskUrl((config as SlackConfig).webhook_url) };
    case 'email':
      return { to: (config as EmailConfig).to };
    case 'webhook': {
      const { url, secret } = config as WebhookConfig;
      return secret === undefined
        ? { url: maskUrl(url) }
        : { url: maskUrl(url), secret: maskSecret(secret) };
    }
  }
}

export function maskUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.protocol}//${parsed.host}/****${url.slice(-4)}`;
  } catch {
    return '****';
  }
}

export function maskSecret(secret: string): string {
  return secret.length < 12 ? '****' : `****${secret.slice(-4)}`;
}

/**
 * The authenticated context of a channel's ciphertext: a config copied onto another owner's or
 * another channel's row no longer decrypts.
 */
export function channelConfigContext(ownerId: string, channel: ChannelType): string {
  return `alert_channels:${ownerId}:${channel}`;
}

function httpsUrl(value: unknown, field: string, problems: ConfigProblem[]): string | null {
  if (typeof value !== 'string' || value.length === 0) {
    problems.push({ field, message: `${field} is required and must be an https URL` });
    return null;
  }
  try {
    parseTargetUrl(value);
    return value;
  } catch (error) {
    const reason = error instanceof UnsafeTargetError ? error.message : 'not a valid URL';
    problems.push({ field, message: `${field} must be an absolute https URL: ${reason}` });
    return null;
  }
}

function secretProblem(secret: unknown): string | null {
  if (typeof secret !== 'string') return 'config.secret must be a string';
  if (secret.length < MIN_SECRET_LENGTH || secret.length > MAX_SECRET_LENGTH) {
    return `config.secret must be ${MIN_SECRET_LENGTH} to ${MAX_SECRET_LENGTH} characters`;
  }
  if (secret.startsWith(WEBHOOK_SECRET_PREFIX)) {
    try {
      webhookSigningKey(secret);
    } catch {
      return 'config.secret starting with whsec_ must continue with base64';
    }
  }
  return null;
}

function fail<C extends ChannelType>(field: string, message: string): ConfigCheck<C> {
  return { ok: false, problems: [{ field, message }] };
}
