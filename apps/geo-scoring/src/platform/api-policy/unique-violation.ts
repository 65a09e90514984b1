/**
 * Whether a database error is a unique violation of `constraint` (PostgreSQL 23505), e.g. a name
 * already taken, which a route answers 409 instead of 500.
 */
export function isUniqueViolation(error: unknown, constraint: string): boolean {
  if (error === null || typeof error !== 'object') return false;
  const { code, constraint: violated } = error as { code?: unknown; constraint?: unknown };
  return code === '23505' && violated === constraint;
}
