export { SecretBox } from './secret-box';
export type { SealedSecret } from './secret-box';
export { SecretDecryptionError, UnknownSecretKeyError } from './secret-errors';
export { parseSecretsKey, SECRETS_KEY_BYTES, secretsKeyId } from './secrets-key';
