export type SortOrder = 'asc' | 'desc';

/** WHERE conditions with their positional parameters, built in step. */
export class SqlConditions {
  private readonly conditions: string[] = [];
  readonly params: unknown[] = [];

  /** Adds `condition(placeholder)` with `value` bound to the next parameter. */
  add(value: unknown, condition: (placeholder: string) => string): this {
    this.params.push(value);
    this.conditions.push(condition(`$${this.params.length}`));
    return this;
  }

  /** Adds a condition whose parameters were bound with `bind`. */
  addBound(condition: string): this {
    this.conditions.push(condition);
    return this;
  }

  /** Binds a value without a condition of its own; returns its placeholder. */
  bind(value: unknown): string {
    this.params.push(value);
    return `$${this.params.length}`;
  }

  where(): string {
    return this.conditions.length === 0 ? '' : `WHERE ${this.conditions.join(' AND ')}`;
  }
}

/** `pattern` with LIKE's wildcards and escape character taken literally. */
export function likeLiteral(pattern: string): string {
  return pattern.replace(/[\\%_]/g, '\\$&');
}

/**
 * Keyset bound after the position `(sort, id)` of the previous page's last row. Columns are
 * qualified with the table alias `r`: unqualified, ORDER BY would pick an output column of the
 * same name (e.g. `id::text AS id`) and sort differently from the bound.
 */
export function keysetCondition(
  column: string,
  cast: string,
  order: SortOrder,
): (sort: string, id: string) => string {
  const comparison = order === 'desc' ? '<' : '>';
  return (sort, id) => `(r.${column}, r.id) ${comparison} (${sort}::${cast}, ${id}::bigint)`;
}

/** The ORDER BY of a keyset page over the table aliased `r`. */
export function keysetOrder(column: string, order: SortOrder): string {
  const direction = order === 'desc' ? 'DESC' : 'ASC';
  return `ORDER BY r.${column} ${direction}, r.id ${direction}`;
}
