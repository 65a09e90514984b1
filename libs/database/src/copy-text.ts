import { once } from 'node:events';
import type { Client } from 'pg';
import { from as copyFrom } from 'pg-copy-streams';

/**
 * Streams COPY text-format chunks, as strings or UTF-8 buffers (tab-separated lines, `\N` for null) into `table` through
 * `COPY … FROM STDIN` on a dedicated pg.Client, honouring backpressure, and returns how many
 * lines were written. `onLines` is told after each chunk. A failure aborts the COPY (nothing of
 * it is kept) and rethrows.
 */
export async function copyTextChunks(
  client: Client,
  table: string,
  columns: readonly string[],
  chunks: Iterable<string | Buffer>,
  onLines?: (count: number) => void,
): Promise<number> {
  const stream = client.query(copyFrom(`COPY ${table} (${columns.join(', ')}) FROM STDIN`));
  const done = new Promise<void>((resolve, reject) => {
    stream.on('finish', resolve);
    stream.on('error', reject);
  });
  let total = 0;
  try {
    for (const chunk of chunks) {
      if (chunk.length === 0) continue;
      const lines = countNewlines(chunk);
      total += lines;
      onLines?.(lines);
      if (!stream.write(chunk)) await Promise.race([once(stream, 'drain'), done]);
    }
    stream.end();
    await done;
  } catch (error) {
    stream.destroy(error as Error);
    await done.catch(() => undefined);
    throw error;
  }
  return total;
}

function countNewlines(text: string | Buffer): number {
  let n = 0;
  if (typeof text === 'string') {
    for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) n += 1;
  } else {
    for (let i = text.indexOf(10); i !== -1; i = text.indexOf(10, i + 1)) n += 1;
  }
  return n;
}
