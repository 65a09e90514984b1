import { randomBytes } from 'node:crypto';
import { loadConfig, processEnvironment, TestEnvironmentConfig } from '@platform/config';
import { createTestDatabase, TestDatabase, TestDatabaseOptions } from '@platform/database';
import Redis from 'ioredis';

let cached: TestEnvironmentConfig | undefined;

/** PostgreSQL server and Redis the tests use (TEST_DATABASE_URL, TEST_REDIS_URL). */
export function testEnvironment(): TestEnvironmentConfig {
  cached ??= loadConfig(TestEnvironmentConfig, processEnvironment());
  return cached;
}

/** A key prefix no other test file uses, e.g. `pa:t:3f9a1c2b:`. */
export function uniqueRedisPrefix(base: string): string {
  return `${base}t:${randomBytes(4).toString('hex')}:`;
}

/** Deletes every key under a prefix (SCAN, never KEYS, so a shared Redis is not blocked). */
export async function deleteRedisPrefix(redisUrl: string, prefix: string): Promise<void> {
  const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 });
  await redis.connect();
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
      cursor = next;
      if (keys.length) await redis.del(...keys);
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}

export interface IsolatedServiceResources {
  database: TestDatabase;
  redisUrl: string;
  redisPrefix: string;
  /** Environment variables pointing a service at these resources. */
  env: Record<string, string>;
  release(): Promise<void>;
}

/**
 * One test file's own database (cloned from the migrated template) and Redis key prefix, so
 * test files run in parallel without seeing each other's state.
 */
export async function isolateService(
  options: Omit<TestDatabaseOptions, 'serverUrl'> & { redisPrefixBase: string },
): Promise<IsolatedServiceResources> {
  const { TEST_DATABASE_URL, TEST_REDIS_URL } = testEnvironment();
  const database = await createTestDatabase({ ...options, serverUrl: TEST_DATABASE_URL });
  const redisPrefix = uniqueRedisPrefix(options.redisPrefixBase);
  return {
    database,
    redisUrl: TEST_REDIS_URL,
    redisPrefix,
    env: {
      NODE_ENV: 'test',
      DATABASE_URL: database.url,
      REDIS_URL: TEST_REDIS_URL,
      REDIS_PREFIX: redisPrefix,
      LOG_LEVEL: 'warn',
    },
    release: async () => {
      await Promise.all([database.drop(), deleteRedisPrefix(TEST_REDIS_URL, redisPrefix)]);
    },
  };
}
