// Deliveries are enqueued only once the transaction that wrote them has committed: a job that
// ran earlier would find no row (or a row about to be rolled back). Repositories stage the ids on
// the transaction they run in; whoever owns the queue (the app's DeliveryEnqueuer) takes them
// after COMMIT and drops them after ROLLBACK. Where nobody does (commands, the seed), the outbox
// sweep enqueues what was committed.
import type { SqlRunner } from '@platform/database';
import type { QueryRunner } from 'typeorm';

const staged = new WeakMap<QueryRunner, string[]>();

/** The query runner holding the transaction `db` runs in, or undefined outside a transaction. */
export function transactionOf(db: SqlRunner): QueryRunner | undefined {
  const candidate = db as Partial<QueryRunner> & { queryRunner?: QueryRunner };
  const runner =
    candidate.queryRunner ?? ('isTransactionActive' in candidate ? (db as QueryRunner) : undefined);
  return runner?.isTransactionActive ? runner : undefined;
}

/** Holds `deliveryIds` until the transaction of `runner` ends. */
export function stageDeliveries(runner: QueryRunner, deliveryIds: readonly string[]): void {
  if (deliveryIds.length === 0) return;
  const ids = staged.get(runner);
  if (ids) ids.push(...deliveryIds);
  else staged.set(runner, [...deliveryIds]);
}

/** The ids staged on `runner` (and forgets them). */
export function takeStagedDeliveries(runner: QueryRunner): string[] {
  const ids = staged.get(runner) ?? [];
  staged.delete(runner);
  return ids;
}
