// Bulk load through COPY FROM STDIN (text format) on a dedicated pg.Client.
import { once } from 'node:events';
import type { Client } from 'pg';
import { from as copyFrom } from 'pg-copy-streams';

export type CopyValue = string | number | boolean | null | Buffer;

const SPECIAL = /[\\\t\n\r]/g;
const ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };
const CHUNK_CHARS = 256 * 1024;

/** One line of COPY text format: tab-separated, `\N` for null, bytea as `\\x<hex>`. */
export function copyLine(values: readonly CopyValue[]): string {
  let line = '';
  for (let i = 0; i < values.length; i++) {
    const value = values[i];
    if (i > 0) line += '\t';
    if (value === null) line += '\\N';
    else if (typeof value === 'number') line += String(value);
    else if (typeof value === 'boolean') line += value ? 't' : 'f';
    else if (Buffer.isBuffer(value)) line += `\\\\x${value.toString('hex')}`;
    else line += value.replace(SPECIAL, (ch) => ESCAPES[ch]);
  }
  return `${line}\n`;
}

/** Streams `rows` (values, or ready COPY lines ending in \n) into `table` and returns how many were written; onRows is called per chunk. */
export async function copyRows(
  client: Client,
  table: string,
  columns: readonly string[],
  rows: Iterable<readonly CopyValue[] | string>,
  onRows?: (count: number) => void,
): Promise<number> {
  const stream = client.query(copyFrom(`COPY ${table} (${columns.join(', ')}) FROM STDIN`));
  const done = new Promise<void>((resolve, reject) => {
    stream.on('finish', resolve);
    stream.on('error', reject);
  });
  let total = 0;
  let pending = 0;
  let buffer = '';
  try {
    for (const row of rows) {
      // Hot generators pre-format their (escape-free) lines themselves.
      buffer += typeof row === 'string' ? row : copyLine(row);
      pending++;
      if (buffer.length >= CHUNK_CHARS) {
        total += pending;
        onRows?.(pending);
        pending = 0;
        const chunk = buffer;
        buffer = '';
        if (!stream.write(chunk)) await Promise.race([once(stream, 'drain'), done]);
      }
    }
    if (buffer.length > 0) stream.write(buffer);
    total += pending;
    onRows?.(pending);
    stream.end();
    await done;
  } catch (error) {
    stream.destroy(error as Error);
    await done.catch(() => undefined);
    throw error;
  }
  return total;
}
