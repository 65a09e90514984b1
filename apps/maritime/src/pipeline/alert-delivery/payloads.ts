import type { DeliveryMessage } from './delivery-message';

/**
 * The body each channel type receives for one delivery message. Pure functions: the test send
 * and the queued delivery pipeline build the same bytes from the same message.
 */

// Slack refuses a header block over 150 characters and a field over 2,000.
const SLACK_HEADER_MAX = 150;
const SLACK_FIELD_MAX = 2000;
const SUBJECT_MAX = 200;

export interface EmailContent {
  subject: string;
  text: string;
  html: string;
}

/** Standard Webhooks body of a webhook channel: `{ id, type, created_at, data }`. */
export function webhookBody(message: DeliveryMessage): string {
  return JSON.stringify({
    id: message.id,
    type: message.type,
    created_at: message.created_at,
    data: { alert: message.alert, rule: message.rule, vessel: message.vessel },
  });
}

/** A Slack incoming-webhook message: a fallback `text` and header, fields and context blocks. */
export function slackPayload(message: DeliveryMessage): string {
  const { alert } = message;
  const field = (label: string, value: string): { type: 'mrkdwn'; text: string } => ({
    type: 'mrkdwn',
    text: truncate(`*${label}*\n${slackEscape(value)}`, SLACK_FIELD_MAX),
  });
  return JSON.stringify({
    text: `${severityTag(message)} ${alert.title}`,
    blocks: [
      {
        type: 'header',
        text: {
          type: 'plain_text',
          text: truncate(`${severityTag(message)} ${alert.title}`, SLACK_HEADER_MAX),
        },
      },
      {
        type: 'section',
        text: { type: 'mrkdwn', text: truncate(slackEscape(alert.description), SLACK_FIELD_MAX) },
        fields: facts(message).map(([label, value]) => field(label, value)),
      },
      {
        type: 'context',
        elements: [{ type: 'mrkdwn', text: slackEscape(contextLine(message)) }],
      },
    ],
  });
}

/** A Microsoft Teams message carrying an Adaptive Card 1.4: title, description and a FactSet. */
export function teamsPayload(message: DeliveryMessage): string {
  const { alert } = message;
  return JSON.stringify({
    type: 'message',
    attachments: [
      {
        contentType: 'application/vnd.microsoft.card.adaptive',
        contentUrl: null,
        content: {
          $schema: 'http://adaptivecards.io/schemas/adaptive-card.json',
          type: 'AdaptiveCard',
          version: '1.4',
          body: [
            {
              type: 'TextBlock',
              text: `${severityTag(message)} ${alert.title}`,
              weight: 'Bolder',
              size: 'Medium',
              wrap: true,
              color:
                alert.severity === 'critical'
                  ? 'Attention'
                  : alert.severity === 'warning'
                    ? 'Warning'
                    : 'Default',
            },
            { type: 'TextBlock', text: alert.description, wrap: true },
            {
              type: 'FactSet',
              facts: [...facts(message), ['Alert', contextLine(message)]].map(([title, value]) => ({
                title,
                value,
              })),
            },
          ],
        },
      },
    ],
  });
}

/** One e-mail for all recipients: `[Maritime][CRITICAL] <title>`, a text part and an HTML part. */
export function emailContent(message: DeliveryMessage): EmailContent {
  const { alert } = message;
  // No line breaks in a subject: they would start new header lines.
  const subject = truncate(
    `[Maritime]${severityTag(message)} ${alert.title}`.replace(/[\r\n]+/g, ' '),
    SUBJECT_MAX,
  );
  const rows = facts(message);
  const text = [
    `${severityTag(message)} ${alert.title}`,
    '',
    alert.description,
    '',
    ...rows.map(([label, value]) => `${label}: ${value}`),
    '',
    contextLine(message),
  ].join('\n');
  const html = [
    '<!doctype html><html><body style="font-family:sans-serif">',
    `<h2>${htmlEscape(`${severityTag(message)} ${alert.title}`)}</h2>`,
    `<p>${htmlEscape(alert.description)}</p>`,
    '<table cellpadding="4" style="border-collapse:collapse">',
    ...rows.map(
      ([label, value]) =>
        `<tr><th align="left">${htmlEscape(label)}</th><td>${htmlEscape(value)}</td></tr>`,
    ),
    '</table>',
    `<p style="color:#666;font-size:small">${htmlEscape(contextLine(message))}</p>`,
    '</body></html>',
  ].join('\n');
  return { subject, text, html };
}

/** `[CRITICAL]`, `[WARNING]` or `[INFO]` (the severity after any rule override). */
function severityTag(message: DeliveryMessage): string {
  return `[${message.alert.severity.toUpperCase()}]`;
}

/** Label and value pairs every channel shows: Vessel, IMO, Severity, Source, Occurred. */
function facts(message: DeliveryMessage): [string, string][] {
  const { alert, vessel } = message;
  const imo = vessel?.imo_number ?? stringOf(alert.metadata['imo_number']);
  const name = vessel?.name ?? stringOf(alert.metadata['vessel_name']);
  return [
    ['Vessel', name ?? '—'],
    ['IMO', imo ?? '—'],
    ['Severity', alert.severity],
    ['Source', alert.source],
    ['Occurred', alert.occurred_at],
  ];
}

/** `Alert <id>`, plus `· rule <name> v<n>` when a rule matched. */
function contextLine(message: DeliveryMessage): string {
  const rule = message.rule === null ? '' : ` · rule ${message.rule.name} v${message.rule.version}`;
  return `Alert ${message.alert.id}${rule}`;
}

function stringOf(value: unknown): string | null {
  return typeof value === 'string' && value.length > 0 ? value : null;
}

function truncate(text: string, max: number): string {
  const chars = [...text];
  return chars.length <= max ? text : `${chars.slice(0, max - 1).join('')}…`;
}

// Slack mrkdwn treats these three as control characters.
function slackEscape(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function htmlEscape(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}
