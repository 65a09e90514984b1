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

/**
 * The rows an `UPDATE ... RETURNING` or `DELETE ... RETURNING` wrote: TypeORM answers those
 * statements as `[rows, affectedCount]`, unlike SELECT and INSERT.
 */
export async function changedRowsOf<T extends object>(
  runner: SqlRunner,
  sql: string,
  parameters: unknown[] = [],
): Promise<T[]> {
  const result = await runner.query<[T[], number] | T[]>(sql, parameters);
  return (Array.isArray(result[0]) ? result[0] : result) as T[];
}
