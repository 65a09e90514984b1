import { gridDisk } from 'h3-js';

/** Union of gridDisk(cell, 1) over the cells, sorted: the cells a neighbourhood rule may read. */
export function diskUnion(cells: Iterable<string>): string[] {
  const union = new Set<string>();
  for (const cell of new Set(cells)) for (const near of gridDisk(cell, 1)) union.add(near);
  return [...union].sort();
}
