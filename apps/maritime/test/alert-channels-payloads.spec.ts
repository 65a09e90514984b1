// The pure parts of alert delivery that the queued pipeline will reuse: configuration checks,
// masking, the payload of each channel type and what counts as a permanent failure.
import { EmailChannelSender } from '../src/pipeline/alert-delivery/email-sender';
import type { ChannelAttemptResult } from '../src/pipeline/alert-delivery/attempt-outcome';
import { permanentFailure } from '../src/pipeline/alert-delivery/attempt-outcome';
import {
  maskChannelConfig,
  maskSecret,
  maskUrl,
  parseRecipients,
  validateChannelConfig,
} from '../src/pipeline/alert-delivery/channel-config';
import {
  deliveryMessage,
  type DeliveryAlert,
} from '../src/pipeline/alert-delivery/delivery-message';
import {
  emailContent,
  slackPayload,
  teamsPayload,
  webhookBody,
} from '../src/pipeline/alert-delivery/payloads';

const RULES = { slackWebhookBase: 'https://hooks.slack.com/services/' };

const alert: DeliveryAlert = {
  id: 'dark_event:42',
  source: 'dark_event',
  product: 'maritime',
  severity: 'warning',
  title: 'AIS gap of 14 h <near> Hormuz & co',
  description: 'Transponder silent for 14 hours.',
  occurred_at: '2026-03-30T10:00:00.000Z',
  event_type: 'dark_event',
  metadata: { imo_number: '9074729', gap_hours: 14 },
};
const vessel = {
  imo_number: '9074729',
  name: 'OCEAN PRIDE',
  vessel_type: 'tanker',
  flag: 'PA',
  risk_score: 71.5,
  risk_tier: 'high',
};
const matched = deliveryMessage({
  id: '0b9c4f7e-2a51-4d59-9f0c-7a4b5e0f1d23',
  type: 'alert.matched',
  createdAt: new Date('2026-03-30T10:05:00Z'),
  alert,
  rule: { id: 7, name: 'Dark tankers', version: 3, severity_override: 'critical' },
  vessel,
});

describe('channel configuration', () => {
  it('accepts each channel type in its documented shape', () => {
    expect(
      validateChannelConfig(
        'slack',
        { webhook_url: 'https://hooks.slack.com/services/T1/B2/x' },
        RULES,
      ),
    ).toMatchObject({ ok: true });
    expect(
      validateChannelConfig(
        'teams',
        { webhook_url: 'https://example.webhook.office.com/a' },
        RULES,
      ),
    ).toMatchObject({ ok: true });
    expect(
      validateChannelConfig('email', { to: 'a@example.com, b@example.org' }, RULES),
    ).toMatchObject({ ok: true });
    expect(validateChannelConfig('email', { to: ['a@example.com'] }, RULES)).toMatchObject({
      ok: true,
    });
    expect(
      validateChannelConfig(
        'webhook',
        { url: 'https://example.com/h', secret: 'x'.repeat(16) },
        RULES,
      ),
    ).toMatchObject({ ok: true });
    expect(validateChannelConfig('webhook', { url: 'https://example.com/h' }, RULES)).toEqual({
      ok: true,
      config: { url: 'https://example.com/h' },
    });
  });

  it.each([
    [
      'slack',
      { webhook_url: 'https://hooks.slack.com.evil.example/services/x' },
      'config.webhook_url',
    ],
    ['slack', { webhook_url: 'https://hooks.slack.com/other/x' }, 'config.webhook_url'],
    ['slack', { webhook_url: 'https://hooks.slack.com/services/../other/x' }, 'config.webhook_url'],
    ['teams', { webhook_url: 'http://example.com/a' }, 'config.webhook_url'],
    ['teams', { webhook_url: 'https://user:pw@example.com/a' }, 'config.webhook_url'],
    ['teams', {}, 'config.webhook_url'],
    ['email', { to: '' }, 'config.to'],
    ['email', { to: [] }, 'config.to'],
    ['email', { to: 'not-an-address' }, 'config.to'],
    ['email', { to: 'a@example.com,,b@example.com' }, 'config.to'],
    ['email', { to: 'a@example.com\r\nBcc: x@example.com' }, 'config.to'],
    ['email', { to: Array.from({ length: 11 }, (_, i) => `u${i}@example.com`) }, 'config.to'],
    ['webhook', { url: 'https://example.com/h', secret: 'x'.repeat(15) }, 'config.secret'],
    ['webhook', { url: 'https://example.com/h', secret: 'x'.repeat(257) }, 'config.secret'],
    ['webhook', { url: 'https://example.com/h', secret: 'whsec_not base64!!!!' }, 'config.secret'],
    ['webhook', { url: 'https://example.com/h', secret: 1234567890123456 }, 'config.secret'],
    [
      'webhook',
      { url: 'https://example.com/h', signing_key: 'x'.repeat(20) },
      'config.signing_key',
    ],
  ] as const)('refuses %s %j at %s', (channel, config, field) => {
    const check = validateChannelConfig(channel, config, RULES);
    expect(check.ok).toBe(false);
    if (!check.ok) expect(check.problems.map((p) => p.field)).toContain(field);
  });

  it('takes 1 to 10 recipients, from a string or a list', () => {
    const ten = Array.from({ length: 10 }, (_, i) => `u${i}@example.com`);
    expect(parseRecipients(ten.join(','))).toEqual({ ok: true, addresses: ten });
    expect(parseRecipients(' a@example.com ,b@example.com')).toEqual({
      ok: true,
      addresses: ['a@example.com', 'b@example.com'],
    });
  });

  it('masks URLs to scheme://host/**** plus the last 4 characters, secrets to ****plus 4', () => {
    expect(maskUrl('https://hooks.slack.com/services/T000/B000/abcdWXYZ')).toBe(
      'https://hooks.slack.com/****WXYZ',
    );
    expect(maskUrl('https://127.0.0.1:8443/hook')).toBe('https://127.0.0.1:8443/****hook');
    expect(maskSecret('0123456789abcdef')).toBe('****cdef');
    expect(maskSecret('short-secret')).toBe('****cret');
    expect(maskSecret('elevenchars')).toBe('****');
    expect(
      maskChannelConfig('webhook', {
        url: 'https://example.com/hooks/abc123',
        secret: 'whsec_c2VjcmV0LXNlY3JldC1zZWNyZXQ=',
      }),
    ).toEqual({ url: 'https://example.com/****c123', secret: '****ZXQ=' });
    expect(maskChannelConfig('email', { to: 'a@example.com, b@example.org' })).toEqual({
      to: 'a@example.com, b@example.org',
    });
  });
});

describe('payloads', () => {
  it('applies the rule severity override to the message', () => {
    expect(matched.alert.severity).toBe('critical');
    expect(matched.rule).toEqual({ id: 7, name: 'Dark tankers', version: 3 });
  });

  it('sends webhooks { id, type, created_at, data: { alert, rule, vessel } }', () => {
    expect(JSON.parse(webhookBody(matched))).toEqual({
      id: matched.id,
      type: 'alert.matched',
      created_at: '2026-03-30T10:05:00.000Z',
      data: {
        alert: { ...alert, severity: 'critical' },
        rule: { id: 7, name: 'Dark tankers', version: 3 },
        vessel,
      },
    });
  });

  it('builds a Slack message with a header, the five fields and a context line, escaped', () => {
    const slack = JSON.parse(slackPayload(matched)) as {
      text: string;
      blocks: {
        type: string;
        text?: { text: string };
        fields?: { text: string }[];
        elements?: { text: string }[];
      }[];
    };
    expect(slack.text).toBe('[CRITICAL] AIS gap of 14 h <near> Hormuz & co');
    expect(slack.blocks.map((b) => b.type)).toEqual(['header', 'section', 'context']);
    expect(slack.blocks[1]!.fields!.map((f) => f.text)).toEqual([
      '*Vessel*\nOCEAN PRIDE',
      '*IMO*\n9074729',
      '*Severity*\ncritical',
      '*Source*\ndark_event',
      '*Occurred*\n2026-03-30T10:00:00.000Z',
    ]);
    expect(slack.blocks[2]!.elements![0]!.text).toBe('Alert dark_event:42 · rule Dark tankers v3');
    const long = deliveryMessage({
      ...matched,
      createdAt: new Date(),
      alert: { ...alert, title: 'x'.repeat(400) },
    });
    const header = (JSON.parse(slackPayload(long)) as { blocks: { text: { text: string } }[] })
      .blocks[0]!;
    expect([...header.text.text].length).toBeLessThanOrEqual(150);
  });

  it('builds a Teams message carrying an Adaptive Card 1.4 with a FactSet', () => {
    const teams = JSON.parse(teamsPayload(matched)) as {
      type: string;
      attachments: {
        contentType: string;
        content: {
          type: string;
          version: string;
          body: { type: string; facts?: { title: string; value: string }[] }[];
        };
      }[];
    };
    expect(teams.type).toBe('message');
    const card = teams.attachments[0]!;
    expect(card.contentType).toBe('application/vnd.microsoft.card.adaptive');
    expect(card.content).toMatchObject({ type: 'AdaptiveCard', version: '1.4' });
    expect(card.content.body.map((b) => b.type)).toEqual(['TextBlock', 'TextBlock', 'FactSet']);
    expect(card.content.body[2]!.facts).toContainEqual({ title: 'IMO', value: '9074729' });
  });

  it('builds one e-mail with subject [Maritime][SEVERITY], text and escaped HTML', () => {
    const mail = emailContent(matched);
    expect(mail.subject).toBe('[Maritime][CRITICAL] AIS gap of 14 h <near> Hormuz & co');
    expect(mail.text).toContain('IMO: 9074729');
    expect(mail.html).toContain('&lt;near&gt; Hormuz &amp; co');
    expect(mail.html).not.toContain('<near>');
    const injected = deliveryMessage({
      ...matched,
      createdAt: new Date(),
      alert: { ...alert, title: 'a\r\nBcc: x@evil.example' },
    });
    expect(emailContent(injected).subject).not.toMatch(/[\r\n]/);
  });
});

describe('permanent failures', () => {
  const result = (
    outcome: ChannelAttemptResult['outcome'],
    statusCode: number | null,
  ): ChannelAttemptResult => ({
    outcome,
    statusCode,
    attemptedAt: new Date(),
    durationMs: 1,
    retryAfterMs: null,
    responseExcerpt: null,
    error: null,
  });

  it.each([
    ['success', 204, null],
    ['http_error', 410, 'endpoint_gone'],
    ['http_error', 404, 'http_4xx'],
    ['http_error', 408, null],
    ['http_error', 429, null],
    ['http_error', 503, null],
    ['ssrf_blocked', null, 'ssrf_blocked'],
    ['smtp_error', 550, 'smtp_rejected'],
    ['smtp_error', 451, null],
    ['timeout', null, null],
    ['network_error', null, null],
  ] as const)('%s %s → %s', (outcome, status, reason) => {
    expect(permanentFailure(result(outcome, status))).toBe(reason);
  });
});

describe('e-mail sender without SMTP', () => {
  it('reports smtp_error without trying when SMTP_URL is unset', async () => {
    const sender = new EmailChannelSender({ smtpUrl: null, from: 'Alerts <a@example.com>' });
    expect(sender.enabled).toBe(false);
    const result = await sender.send({ to: 'ops@example.com' }, matched);
    expect(result).toMatchObject({ outcome: 'smtp_error', statusCode: null });
    expect(result.error).toMatch(/SMTP_URL/);
    expect(permanentFailure(result)).toBeNull();
  });
});
