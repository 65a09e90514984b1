/**
 * What a repository needs to run SQL: a DataSource, an EntityManager or a QueryRunner holding a
 * transaction (and perhaps an advisory lock). Repositories that take one per call let the caller
 * decide the transaction.
 */
export interface SqlRunner {
  query<T = unknown>(sql: string, parameters?: unknown[]): Promise<T>;
}

/** Runs a statement whose rows have the shape `T` (node-pg rows, already parsed). */
export function rowsOf<T>(
  runner: SqlRunner,
  sql: string,
  parameters: unknown[] = [],
): Promise<T[]> {
  return runner.query<T[]>(sql, parameters);
}
