import { createHash, randomBytes } from 'node:crypto';
import fc from 'fast-check';
import {
  parseSecretsKey,
  SecretBox,
  SecretDecryptionError,
  secretsKeyId,
  UnknownSecretKeyError,
} from './index';

const keyA = randomBytes(32).toString('base64');
const keyB = randomBytes(32).toString('base64');
const keyC = randomBytes(32).toString('base64');

describe('secretsKeyId', () => {
  it('is the first 8 hex characters of the SHA-256 of the key bytes', () => {
    const bytes = Buffer.from(keyA, 'base64');
    const expected = createHash('sha256').update(bytes).digest('hex').slice(0, 8);
    expect(secretsKeyId(keyA)).toBe(expected);
    expect(secretsKeyId(bytes)).toBe(expected);
    expect(new SecretBox(keyA).keyId).toBe(expected);
  });

  it.each([
    ['too short', Buffer.alloc(31).toString('base64')],
    ['too long', Buffer.alloc(33).toString('base64')],
    ['not base64', '!'.repeat(43) + '='],
    ['empty', ''],
  ])('refuses a key that is %s, without echoing it', (_label, key) => {
    expect(() => parseSecretsKey(key)).toThrow(/base64 of exactly 32 bytes/);
    expect(() => new SecretBox(key)).toThrow(TypeError);
  });

  it('refuses raw key bytes of the wrong length', () => {
    expect(() => parseSecretsKey(new Uint8Array(16))).toThrow(TypeError);
  });
});

describe('SecretBox', () => {
  it('round-trips text and bytes, storing the current key id beside the ciphertext', () => {
    const box = new SecretBox(keyA);
    const sealed = box.encrypt('whsec_c2VjcmV0');
    expect(sealed.keyId).toBe(secretsKeyId(keyA));
    expect(sealed.ciphertext.includes(Buffer.from('whsec_'))).toBe(false);
    expect(box.decryptText(sealed)).toBe('whsec_c2VjcmV0');
    const bytes = randomBytes(40);
    expect(box.decrypt(box.encrypt(bytes)).equals(bytes)).toBe(true);
  });

  it('round-trips any plaintext and context', () => {
    const box = new SecretBox(keyA, [keyB]);
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), fc.string(), (text, context) => {
        expect(box.decryptText(box.encrypt(text, context), context)).toBe(text);
      }),
    );
  });

  it('uses a fresh IV every time', () => {
    const box = new SecretBox(keyA);
    const one = box.encrypt('same');
    const two = box.encrypt('same');
    expect(one.ciphertext.equals(two.ciphertext)).toBe(false);
  });

  it('decrypts with a previous key during a rotation, and re-encrypts with the current one', () => {
    const before = new SecretBox(keyA);
    const sealed = before.encrypt('rotate me', 'wh_1');
    const during = new SecretBox(keyB, [keyA]);
    expect(during.keyIds).toEqual([secretsKeyId(keyB), secretsKeyId(keyA)]);
    expect(during.isCurrent(sealed)).toBe(false);
    expect(during.decryptText(sealed, 'wh_1')).toBe('rotate me');
    const rotated = during.rotate(sealed, 'wh_1');
    expect(rotated.keyId).toBe(secretsKeyId(keyB));
    expect(during.isCurrent(rotated)).toBe(true);
    expect(new SecretBox(keyB).decryptText(rotated, 'wh_1')).toBe('rotate me');
  });

  it('names the unknown key id when no configured key sealed the ciphertext', () => {
    const sealed = new SecretBox(keyC).encrypt('lost');
    let thrown: unknown;
    try {
      new SecretBox(keyA, [keyB]).decrypt(sealed);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(UnknownSecretKeyError);
    expect((thrown as UnknownSecretKeyError).keyId).toBe(secretsKeyId(keyC));
    expect((thrown as Error).message).toContain(secretsKeyId(keyC));
    expect((thrown as Error).message).toContain('SECRETS_ENCRYPTION_PREVIOUS_KEYS');
  });

  it('refuses a ciphertext with any byte changed', () => {
    const box = new SecretBox(keyA);
    const sealed = box.encrypt('do not touch');
    fc.assert(
      fc.property(fc.nat(), fc.integer({ min: 1, max: 255 }), (index, xor) => {
        const ciphertext = Buffer.from(sealed.ciphertext);
        const at = index % ciphertext.length;
        ciphertext[at] = ciphertext[at]! ^ xor;
        expect(() => box.decrypt({ keyId: sealed.keyId, ciphertext })).toThrow(
          SecretDecryptionError,
        );
      }),
    );
  });

  it('refuses a truncated ciphertext and one sealed for another context', () => {
    const box = new SecretBox(keyA);
    const sealed = box.encrypt('bound', 'wh_1');
    expect(() => box.decrypt({ ...sealed, ciphertext: sealed.ciphertext.subarray(0, 20) })).toThrow(
      SecretDecryptionError,
    );
    expect(() => box.decrypt(sealed, 'wh_2')).toThrow(SecretDecryptionError);
    expect(() => box.decrypt(sealed)).toThrow(SecretDecryptionError);
  });

  it('refuses a ciphertext relabelled with another held key id', () => {
    const box = new SecretBox(keyA, [keyB]);
    const sealed = box.encrypt('labelled');
    expect(() => box.decrypt({ ...sealed, keyId: secretsKeyId(keyB) })).toThrow(
      SecretDecryptionError,
    );
  });

  it('accepts the same key listed twice', () => {
    expect(new SecretBox(keyA, [keyA, keyB]).keyIds).toHaveLength(2);
  });
});
