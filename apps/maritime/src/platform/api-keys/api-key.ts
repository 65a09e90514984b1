import { apiKeyFormat } from '@platform/auth';
import type { Plan } from '@platform/maritime-domain';

/** Maritime keys: `mk_` + 40 base62; lists show the first 8 characters. */
export const MARITIME_KEY_FORMAT = apiKeyFormat('mk_', 8);

/** A key as stored (never its plaintext). */
export interface ApiKeyRecord {
  id: string;
  prefix: string;
  name: string;
  ownerId: string;
  plan: Plan;
  analyst: boolean;
  rateLimitPerMin: number | null;
  createdAt: Date;
  revokedAt: Date | null;
  lastUsedAt: Date | null;
  /** Raised by every change; replicas compare it to decide whether their copy is current. */
  version: number;
}
