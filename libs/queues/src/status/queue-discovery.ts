import type Redis from 'ioredis';

// A BullMQ queue writes its `<prefix>:<queue>:meta` hash when it is created, so this key names
// every queue a replica of the service has opened, dead-letter queues included.
const META_SUFFIX = ':meta';
const QUEUE_NAME = /^[a-z0-9][a-z0-9-]*$/;

/**
 * The queues under a BullMQ prefix (`mar`), found with SCAN (never KEYS, so a shared Redis is
 * not blocked). Keys of longer prefixes (`mar:t:…:queue:meta`, a test's) are not this service's.
 */
export async function discoverQueues(redis: Redis, bullPrefix: string): Promise<string[]> {
  const found = new Set<string>();
  const head = `${bullPrefix}:`;
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', `${head}*${META_SUFFIX}`, 'COUNT', 1000);
    cursor = next;
    for (const key of keys) {
      const name = key.slice(head.length, -META_SUFFIX.length);
      if (QUEUE_NAME.test(name)) found.add(name);
    }
  } while (cursor !== '0');
  return [...found].sort();
}
