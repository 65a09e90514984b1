/**
 * Runs `task` over `items` with at most `limit` in flight and returns the results in input
 * order. After the first failure no new item starts; the ones in flight are awaited (their
 * transactions commit or roll back) before the first error is thrown, so a caller that records
 * the outcome never does so while work is still running.
 */
export async function mapInOrder<T, R>(
  items: readonly T[],
  limit: number,
  task: (item: T) => Promise<R>,
): Promise<R[]> {
  if (!Number.isInteger(limit) || limit < 1) throw new RangeError('limit must be >= 1');
  const results = new Array<R>(items.length);
  let next = 0;
  let failure: { error: unknown } | undefined;
  const lane = async (): Promise<void> => {
    while (failure === undefined && next < items.length) {
      const at = next++;
      try {
        results[at] = await task(items[at]);
      } catch (error) {
        failure ??= { error };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
  if (failure !== undefined) throw failure.error;
  return results;
}
