/**
 * BullMQ keys are `<prefix>:<queue>:…` and queue names may not contain ':'. The service's Redis
 * key prefix (`geo:` in production, unique per test file) minus its trailing ':' becomes the
 * BullMQ prefix, so production queue keys start with `geo:` and each test file's queues are
 * isolated (and removed with its prefix).
 */
export function bullPrefix(redisPrefix: string): string {
  const trimmed = redisPrefix.replace(/:+$/, '');
  return trimmed === '' ? 'bull' : trimmed;
}

/** Refuses queue names BullMQ would reject later, at module set-up instead. */
export function assertQueueName(name: string): void {
  if (!/^[a-z0-9][a-z0-9-]*$/.test(name)) {
    throw new Error(`queue name "${name}" must be lower-case letters, digits and '-' (no ':')`);
  }
}
