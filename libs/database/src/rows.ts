/** The row an `INSERT ... RETURNING` (or an upsert) wrote; it always yields one. */
export function firstRow<T>(rows: T[]): T {
  const row = rows[0];
  if (row === undefined) throw new Error('the statement returned no row');
  return row;
}
