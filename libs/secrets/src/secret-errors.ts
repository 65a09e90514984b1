/**
 * A ciphertext names a key this process does not hold: the key was retired before every secret
 * was re-encrypted, or the configuration lost a previous key during a rotation.
 */
export class UnknownSecretKeyError extends Error {
  constructor(readonly keyId: string) {
    super(
      `secret was encrypted with key ${keyId}, which is neither the current encryption key ` +
        'nor one of the previous keys (SECRETS_ENCRYPTION_PREVIOUS_KEYS)',
    );
    this.name = 'UnknownSecretKeyError';
  }
}

/**
 * A ciphertext that does not open with its key: altered, truncated, sealed for another row
 * (context mismatch), or not one of ours. The message never carries secret material.
 */
export class SecretDecryptionError extends Error {
  constructor(message = 'secret could not be decrypted: altered, truncated or sealed elsewhere') {
    super(message);
    this.name = 'SecretDecryptionError';
  }
}
