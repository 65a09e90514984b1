import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { SecretDecryptionError, UnknownSecretKeyError } from './secret-errors';
import { secretsKey, SecretsKey } from './secrets-key';

/** What is stored for one secret: the ciphertext and, beside it, the id of the key that sealed it. */
export interface SealedSecret {
  /** First 8 hex characters of the SHA-256 of the sealing key. */
  keyId: string;
  /** Format byte, 12-byte IV, encrypted bytes, 16-byte GCM tag. */
  ciphertext: Buffer;
}

const FORMAT_V1 = 0x01;
const IV_BYTES = 12;
const TAG_BYTES = 16;
const HEADER_BYTES = 1 + IV_BYTES;

/**
 * AES-256-GCM for secrets at rest, one implementation for every service. The current key seals;
 * the current and every previous key open, so keys rotate without downtime: add the new key,
 * move the old one to the previous keys, re-encrypt at leisure (`rotate`), then drop it.
 *
 * `context` (optional, e.g. the owning row's id) is authenticated but not stored: a ciphertext
 * copied onto another row no longer opens. The key id is authenticated too, so relabelling a
 * ciphertext with another key id fails instead of trying the wrong key.
 */
export class SecretBox {
  private readonly current: SecretsKey;
  private readonly keys = new Map<string, SecretsKey>();

  /**
   * @param currentKey base64 of 32 bytes (or the bytes): seals and opens.
   * @param previousKeys keys of earlier rotations: open only.
   */
  constructor(
    currentKey: string | Uint8Array,
    previousKeys: readonly (string | Uint8Array)[] = [],
  ) {
    this.current = secretsKey(currentKey);
    for (const key of [this.current, ...previousKeys.map(secretsKey)]) {
      const known = this.keys.get(key.id);
      if (known === undefined) this.keys.set(key.id, key);
      else if (!known.bytes.equals(key.bytes)) {
        // Two different keys whose ids collide: a ciphertext could not say which one sealed it.
        throw new TypeError(`two secrets keys share the id ${key.id}; generate a new key`);
      }
    }
  }

  /** The id stored with every new ciphertext. */
  get keyId(): string {
    return this.current.id;
  }

  /** Ids of every key that can open a ciphertext, the current one first. */
  get keyIds(): string[] {
    return [...this.keys.keys()];
  }

  encrypt(plaintext: string | Uint8Array, context = ''): SealedSecret {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.current.bytes, iv);
    cipher.setAAD(associatedData(this.current.id, context));
    const data =
      typeof plaintext === 'string' ? Buffer.from(plaintext, 'utf8') : Buffer.from(plaintext);
    const encrypted = Buffer.concat([cipher.update(data), cipher.final()]);
    return {
      keyId: this.current.id,
      ciphertext: Buffer.concat([Buffer.of(FORMAT_V1), iv, encrypted, cipher.getAuthTag()]),
    };
  }

  /**
   * The plaintext bytes. Throws UnknownSecretKeyError for a key id this box does not hold, and
   * SecretDecryptionError for anything that fails authentication.
   */
  decrypt(sealed: SealedSecret, context = ''): Buffer {
    const key = this.keys.get(sealed.keyId);
    if (key === undefined) throw new UnknownSecretKeyError(sealed.keyId);
    const { ciphertext } = sealed;
    if (ciphertext.length < HEADER_BYTES + TAG_BYTES || ciphertext[0] !== FORMAT_V1) {
      throw new SecretDecryptionError('secret ciphertext is malformed');
    }
    const decipher = createDecipheriv(
      'aes-256-gcm',
      key.bytes,
      ciphertext.subarray(1, HEADER_BYTES),
    );
    decipher.setAAD(associatedData(key.id, context));
    decipher.setAuthTag(ciphertext.subarray(ciphertext.length - TAG_BYTES));
    try {
      return Buffer.concat([
        decipher.update(ciphertext.subarray(HEADER_BYTES, ciphertext.length - TAG_BYTES)),
        decipher.final(),
      ]);
    } catch {
      throw new SecretDecryptionError();
    }
  }

  /** The plaintext as UTF-8 text. */
  decryptText(sealed: SealedSecret, context = ''): string {
    return this.decrypt(sealed, context).toString('utf8');
  }

  /** Whether the ciphertext was sealed by the current key (false: `rotate` it). */
  isCurrent(sealed: SealedSecret): boolean {
    return sealed.keyId === this.current.id;
  }

  /** The same plaintext sealed by the current key (a fresh IV even when it already was). */
  rotate(sealed: SealedSecret, context = ''): SealedSecret {
    return this.encrypt(this.decrypt(sealed, context), context);
  }
}

function associatedData(keyId: string, context: string): Buffer {
  return Buffer.from(`v1\0${keyId}\0${context}`, 'utf8');
}
