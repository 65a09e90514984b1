import fc from 'fast-check';
import { Webhook } from 'standardwebhooks';
import { signWebhook } from './sign-webhook';
import { verifyWebhook } from './verify-webhook';
import { generateWebhookSecret } from './webhook-secret';
import { WebhookVerificationError, WebhookVerificationFailure } from './webhook-verification-error';

const secret = generateWebhookSecret();
const body = JSON.stringify({
  type: 'alert.created',
  data: { id: 'platform:42', title: 'Ümlaut ✓' },
});
const NOW = 1_714_521_600; // 2024-05-01T00:00:00Z

function expectRefused(fn: () => unknown, reason: WebhookVerificationFailure): void {
  let thrown: unknown;
  try {
    fn();
  } catch (error) {
    thrown = error;
  }
  expect(thrown).toBeInstanceOf(WebhookVerificationError);
  expect((thrown as WebhookVerificationError).reason).toBe(reason);
}

describe('signWebhook', () => {
  it('returns the three Standard Webhooks headers', () => {
    const headers = signWebhook({ id: 'msg_1', timestamp: NOW, body, secret });
    expect(headers).toEqual({
      'webhook-id': 'msg_1',
      'webhook-timestamp': String(NOW),
      'webhook-signature': expect.stringMatching(/^v1,[A-Za-z0-9+/]{43}=$/),
    });
  });

  it('matches a known-answer vector (HMAC-SHA256 of "<id>.<ts>.<body>")', () => {
    // Vector from the Standard Webhooks reference test suite.
    const headers = signWebhook({
      id: 'msg_p5jXN8AQM9LWM0D4loKWxJek',
      timestamp: 1614265330,
      body: '{"test": 2432232314}',
      secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
    });
    expect(headers['webhook-signature']).toBe('v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=');
  });

  it('takes a Date (whole seconds, rounded down) or unix seconds', () => {
    const fromDate = signWebhook({ id: 'm', timestamp: new Date(NOW * 1000 + 999), body, secret });
    const fromSeconds = signWebhook({ id: 'm', timestamp: NOW, body, secret });
    expect(fromDate).toEqual(fromSeconds);
  });

  it.each([
    ['an empty id', { id: '' }],
    ['an id with a dot', { id: 'a.b' }],
    ['an id with a newline', { id: 'a\nb' }],
    ['a fractional timestamp', { timestamp: 1.5 }],
    ['a negative timestamp', { timestamp: -1 }],
    ['an invalid Date', { timestamp: new Date(Number.NaN) }],
  ])('refuses %s', (_label, override) => {
    expect(() => signWebhook({ id: 'm', timestamp: NOW, body, secret, ...override })).toThrow();
  });
});

describe('interoperability with the standardwebhooks package', () => {
  it('our signature verifies with new Webhook(secret).verify', () => {
    const headers = signWebhook({ id: 'msg_ours', timestamp: new Date(), body, secret });
    expect(new Webhook(secret).verify(body, headers)).toEqual(JSON.parse(body));
  });

  it("the package's sign() verifies with verifyWebhook", () => {
    const sentAt = new Date();
    const signature = new Webhook(secret).sign('msg_theirs', sentAt, body);
    const headers = {
      'webhook-id': 'msg_theirs',
      'webhook-timestamp': String(Math.floor(sentAt.getTime() / 1000)),
      'webhook-signature': signature,
    };
    expect(verifyWebhook({ headers, body, secret })).toEqual({
      id: 'msg_theirs',
      timestamp: Math.floor(sentAt.getTime() / 1000),
    });
  });

  it('agrees both ways for arbitrary ids, bodies and secrets', () => {
    const messageId = fc.stringMatching(/^[A-Za-z0-9_-]{1,40}$/);
    const payload = fc.string({ unit: 'grapheme', maxLength: 200 });
    const key = fc.uint8Array({ minLength: 24, maxLength: 64 });
    fc.assert(
      fc.property(messageId, payload, key, (id, text, keyBytes) => {
        const whsec = `whsec_${Buffer.from(keyBytes).toString('base64')}`;
        // One instant for both signers: two clock reads can straddle a second boundary, and the
        // signed timestamp has one-second resolution.
        const sentAt = new Date();
        const ours = signWebhook({ id, timestamp: sentAt, body: text, secret: whsec });
        expect(() => new Webhook(whsec).verify(text, ours, { jsonParse: false })).not.toThrow();

        const theirs = {
          'webhook-id': id,
          'webhook-timestamp': String(Math.floor(sentAt.getTime() / 1000)),
          'webhook-signature': new Webhook(whsec).sign(id, sentAt, text),
        };
        expect(theirs['webhook-signature']).toBe(ours['webhook-signature']);
        expect(() => verifyWebhook({ headers: theirs, body: text, secret: whsec })).not.toThrow();
      }),
      { numRuns: 200 },
    );
  });
});

describe('verifyWebhook', () => {
  const signed = signWebhook({ id: 'msg_1', timestamp: NOW, body, secret });

  it('accepts a correctly signed request and returns its id and timestamp', () => {
    expect(verifyWebhook({ headers: signed, body, secret, now: NOW })).toEqual({
      id: 'msg_1',
      timestamp: NOW,
    });
  });

  it('accepts the body as raw bytes (Buffer from express.raw)', () => {
    expect(() =>
      verifyWebhook({ headers: signed, body: Buffer.from(body), secret, now: NOW }),
    ).not.toThrow();
  });

  it('looks headers up case-insensitively, in objects and in fetch Headers', () => {
    const mixedCase = {
      'Webhook-Id': signed['webhook-id'],
      'WEBHOOK-TIMESTAMP': signed['webhook-timestamp'],
      'Webhook-Signature': signed['webhook-signature'],
    };
    expect(() => verifyWebhook({ headers: mixedCase, body, secret, now: NOW })).not.toThrow();
    const fetchHeaders = new Headers(mixedCase);
    expect(() => verifyWebhook({ headers: fetchHeaders, body, secret, now: NOW })).not.toThrow();
  });

  it('accepts a timestamp exactly at either edge of the tolerance', () => {
    expect(() => verifyWebhook({ headers: signed, body, secret, now: NOW + 300 })).not.toThrow();
    expect(() => verifyWebhook({ headers: signed, body, secret, now: NOW - 300 })).not.toThrow();
  });

  it('refuses a timestamp more than 5 minutes old', () => {
    expectRefused(
      () => verifyWebhook({ headers: signed, body, secret, now: NOW + 301 }),
      'timestamp_too_old',
    );
    expectRefused(
      () => verifyWebhook({ headers: signed, body, secret, now: new Date((NOW + 3600) * 1000) }),
      'timestamp_too_old',
    );
  });

  it('refuses a timestamp more than 5 minutes in the future', () => {
    expectRefused(
      () => verifyWebhook({ headers: signed, body, secret, now: NOW - 301 }),
      'timestamp_too_new',
    );
  });

  it('honours a custom tolerance', () => {
    expectRefused(
      () => verifyWebhook({ headers: signed, body, secret, now: NOW + 11, toleranceSeconds: 10 }),
      'timestamp_too_old',
    );
  });

  it('refuses the stale signature of a real clock, like the reference library', () => {
    const stale = signWebhook({ id: 'm', timestamp: new Date(Date.now() - 600_000), body, secret });
    expectRefused(() => verifyWebhook({ headers: stale, body, secret }), 'timestamp_too_old');
    expect(() => new Webhook(secret).verify(body, stale)).toThrow();
  });

  it('refuses a tampered body', () => {
    expectRefused(
      () => verifyWebhook({ headers: signed, body: body.replace('42', '43'), secret, now: NOW }),
      'invalid_signature',
    );
    expectRefused(
      () => verifyWebhook({ headers: signed, body: `${body} `, secret, now: NOW }),
      'invalid_signature',
    );
  });

  it('refuses any single-byte change of the body', () => {
    fc.assert(
      fc.property(fc.nat(), fc.integer({ min: 1, max: 255 }), (index, xor) => {
        const bytes = Buffer.from(body);
        const at = index % bytes.length;
        bytes[at] = bytes[at]! ^ xor;
        expectRefused(
          () => verifyWebhook({ headers: signed, body: bytes, secret, now: NOW }),
          'invalid_signature',
        );
      }),
    );
  });

  it('refuses a changed id or timestamp (both are signed)', () => {
    expectRefused(
      () =>
        verifyWebhook({ headers: { ...signed, 'webhook-id': 'msg_2' }, body, secret, now: NOW }),
      'invalid_signature',
    );
    const shifted = { ...signed, 'webhook-timestamp': String(NOW + 1) };
    expectRefused(
      () => verifyWebhook({ headers: shifted, body, secret, now: NOW }),
      'invalid_signature',
    );
  });

  it('refuses a signature made with another secret', () => {
    expectRefused(
      () => verifyWebhook({ headers: signed, body, secret: generateWebhookSecret(), now: NOW }),
      'invalid_signature',
    );
  });

  it('accepts a header listing several signatures when any v1 one matches (key rotation)', () => {
    const sentAt = new Date();
    const current = signWebhook({ id: 'msg_1', timestamp: sentAt, body, secret });
    const old = signWebhook({
      id: 'msg_1',
      timestamp: sentAt,
      body,
      secret: generateWebhookSecret(),
    });
    const listed = {
      ...current,
      'webhook-signature': `v2,ignored ${old['webhook-signature']} ${current['webhook-signature']}`,
    };
    expect(() => verifyWebhook({ headers: listed, body, secret })).not.toThrow();
    // The reference library reads the same list the same way.
    expect(() => new Webhook(secret).verify(body, listed)).not.toThrow();
  });

  it('accepts a repeated signature header, as an array or joined by Node with ", "', () => {
    const other = signWebhook({
      id: 'msg_1',
      timestamp: NOW,
      body,
      secret: generateWebhookSecret(),
    });
    const asArray = {
      ...signed,
      'webhook-signature': [other['webhook-signature'], signed['webhook-signature']],
    };
    expect(() => verifyWebhook({ headers: asArray, body, secret, now: NOW })).not.toThrow();
    const joined = {
      ...signed,
      'webhook-signature': `${signed['webhook-signature']}, ${other['webhook-signature']}`,
    };
    expect(() => verifyWebhook({ headers: joined, body, secret, now: NOW })).not.toThrow();
  });

  it('refuses a list in which no v1 signature matches', () => {
    const [, signature] = signed['webhook-signature'].split(',');
    const listed = {
      ...signed,
      'webhook-signature': `v2,${signature} v1a,${signature} ${signature} v1,${signature!.slice(0, -2)}`,
    };
    expectRefused(
      () => verifyWebhook({ headers: listed, body, secret, now: NOW }),
      'invalid_signature',
    );
  });

  it.each(['webhook-id', 'webhook-timestamp', 'webhook-signature'] as const)(
    'refuses a request without %s',
    (name) => {
      const headers: Record<string, string> = { ...signed };
      delete headers[name];
      expectRefused(() => verifyWebhook({ headers, body, secret, now: NOW }), 'missing_headers');
      expectRefused(
        () => verifyWebhook({ headers: { ...signed, [name]: '' }, body, secret, now: NOW }),
        'missing_headers',
      );
    },
  );

  it('refuses a repeated id (ambiguous)', () => {
    const headers = { ...signed, 'Webhook-Id': 'msg_other' };
    expectRefused(() => verifyWebhook({ headers, body, secret, now: NOW }), 'missing_headers');
  });

  it.each(['abc', '1714521600.5', '-1714521600', '+1714521600', '1e9', '0x10', '9'.repeat(16)])(
    'refuses the malformed timestamp %p',
    (timestamp) => {
      const headers = { ...signed, 'webhook-timestamp': timestamp };
      expectRefused(() => verifyWebhook({ headers, body, secret, now: NOW }), 'invalid_timestamp');
    },
  );

  it('never throws anything but WebhookVerificationError for arbitrary header values', () => {
    const headerValue = fc.option(fc.string({ unit: 'binary', maxLength: 120 }), {
      nil: undefined,
    });
    fc.assert(
      fc.property(headerValue, headerValue, headerValue, (id, timestamp, signature) => {
        const headers = {
          'webhook-id': id,
          'webhook-timestamp': timestamp,
          'webhook-signature': signature,
        };
        expect(() => verifyWebhook({ headers, body, secret, now: NOW })).toThrow(
          WebhookVerificationError,
        );
      }),
    );
  });
});
