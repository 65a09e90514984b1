import { Injectable, Logger } from '@nestjs/common';
import { apiKeyFormat, unauthorized } from '@platform/auth';
import { ApiError } from '@platform/http';
import { ApiKeyRecord, ApiKeysRepository } from './api-keys.repository';

export const API_KEY_NAME_MAX = 120;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** `geo_` + 40 base62 characters; lists show the first 12; only the SHA-256 is stored. */
export const GEO_API_KEYS = apiKeyFormat('geo_');

export interface CreatedApiKey extends ApiKeyRecord {
  /** The plaintext key, returned exactly once. */
  key: string;
}

/** Who called a /api/v1 route. */
export interface ApiKeyPrincipal {
  keyId: string;
  ownerId: string;
}

export function invalidApiKey(): ApiError {
  return unauthorized('invalid_api_key', 'The API key is unknown or revoked');
}

@Injectable()
export class ApiKeysService {
  private readonly logger = new Logger(ApiKeysService.name);

  constructor(private readonly keys: ApiKeysRepository) {}

  async create(input: { ownerId: string; name: string }): Promise<CreatedApiKey> {
    const ownerId = input.ownerId.trim();
    const name = input.name.trim();
    if (ownerId === '') throw new RangeError('owner id must not be empty');
    if (name === '' || name.length > API_KEY_NAME_MAX) {
      throw new RangeError(`name must be 1 to ${API_KEY_NAME_MAX} characters`);
    }
    const material = GEO_API_KEYS.generate();
    const record = await this.keys.insert({
      ownerId,
      name,
      digest: material.digest,
      prefix: material.prefix,
    });
    return { ...record, key: material.key };
  }

  list(ownerId?: string): Promise<ApiKeyRecord[]> {
    return this.keys.list(ownerId);
  }

  /** Undefined when the id is not a key's (a malformed id cannot be one). */
  async revoke(id: string): Promise<ApiKeyRecord | undefined> {
    return UUID.test(id) ? this.keys.revoke(id) : undefined;
  }

  /** The key's principal, or a 401 `invalid_api_key` for anything unknown, revoked or malformed. */
  async authenticate(presented: string): Promise<ApiKeyPrincipal> {
    if (!GEO_API_KEYS.looksLike(presented)) throw invalidApiKey();
    const key = await this.keys.findActiveByDigest(GEO_API_KEYS.digest(presented));
    if (key === undefined) throw invalidApiKey();
    // Bookkeeping only: a failed write must not fail the request it describes.
    this.keys.touchLastUsed(key.id).catch((error: unknown) => {
      this.logger.warn({ err: error, keyId: key.id }, 'could not record api key use');
    });
    return { keyId: key.id, ownerId: key.ownerId };
  }
}
