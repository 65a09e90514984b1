import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

function sourceFiles(dir: string): string[] {
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const path = join(dir, name);
      return statSync(path).isDirectory() ? sourceFiles(path) : [path];
    });
}

/**
 * A short hash of every file under `roots` (names and contents, specs left out): part of a
 * seeded template's name, so changing any code a seed runs builds a new template instead of
 * reusing a stale one.
 */
export function sourceTreeHash(roots: readonly string[]): string {
  const hash = createHash('sha256');
  for (const root of roots)
    for (const file of sourceFiles(root))
      if (!file.endsWith('.spec.ts'))
        hash.update(relative(root, file)).update('\0').update(readFileSync(file)).update('\0');
  return hash.digest('hex').slice(0, 16);
}
