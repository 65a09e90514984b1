import { Webhook } from 'standardwebhooks';
import { generateWebhookSecret, webhookSigningKey } from './webhook-secret';

describe('generateWebhookSecret', () => {
  it('returns whsec_ followed by base64 of 32 random bytes', () => {
    const secret = generateWebhookSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(webhookSigningKey(secret)).toHaveLength(32);
  });

  it('returns a different secret each time', () => {
    const secrets = new Set(Array.from({ length: 50 }, () => generateWebhookSecret()));
    expect(secrets.size).toBe(50);
  });

  it('is accepted by the standardwebhooks package', () => {
    expect(() => new Webhook(generateWebhookSecret())).not.toThrow();
  });
});

describe('webhookSigningKey', () => {
  it('decodes the base64 after the prefix, with or without the prefix', () => {
    const key = Buffer.from('0123456789abcdef0123456789abcdef');
    const encoded = key.toString('base64');
    expect(webhookSigningKey(`whsec_${encoded}`)).toEqual(key);
    expect(webhookSigningKey(encoded)).toEqual(key);
    expect(webhookSigningKey(encoded.replace(/=+$/, ''))).toEqual(key);
  });

  it('uses raw key bytes as they are', () => {
    expect(webhookSigningKey(Buffer.from('plain text secret'))).toEqual(
      Buffer.from('plain text secret'),
    );
  });

  it.each(['', 'whsec_', 'whsec_not base64!', 'whsec_abc$', 'whsec_a', 'whsec_ab==='])(
    'refuses the malformed secret %p',
    (secret) => {
      expect(() => webhookSigningKey(secret)).toThrow(TypeError);
    },
  );

  it('refuses empty key bytes', () => {
    expect(() => webhookSigningKey(new Uint8Array(0))).toThrow(TypeError);
  });
});
