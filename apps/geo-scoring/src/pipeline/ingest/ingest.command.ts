// `npm run tools -- geo ingest <dataset> <file> [--url U] [--token T] [--backfill]`:
// a thin HTTP client of POST /internal/ingest/{dataset}. `.gz` files are sent as they are with
// `Content-Encoding: gzip`. Prints the JSON answer. Exit codes: 0 every line accepted; 1 some
// line rejected or the request failed; 2 usage error.
import { readFile } from 'node:fs/promises';
import { CommandFailure, defineCommand, UsageError } from '@platform/cli';

const USAGE = `usage: npm run tools -- geo ingest <dataset> <file.ndjson[.gz]> [--url http://127.0.0.1:3002] [--token T] [--backfill]
  --url       geo-scoring base URL (default http://127.0.0.1:3002)
  --token     ingest token (default: env INGEST_TOKEN)
  --backfill  historical load: no permit.filed events
exit codes: 0 all lines accepted, 1 some line rejected or the request failed, 2 usage`;

export const ingestCommand = defineCommand({
  name: 'geo ingest',
  usage: USAGE,
  allowPositionals: true,
  options: {
    url: { type: 'string', default: 'http://127.0.0.1:3002' },
    token: { type: 'string' },
    backfill: { type: 'boolean', default: false },
  },
  async run({ values, positionals, env, io }) {
    const [dataset, file] = positionals;
    if (dataset === undefined || file === undefined || positionals.length > 2)
      throw new UsageError('a dataset and one file are required');
    const token = values.token ?? env['INGEST_TOKEN'];
    if (token === undefined || token === '')
      throw new UsageError('no ingest token: pass --token or set INGEST_TOKEN');
    const body = await readFile(file);
    const url = new URL(`/internal/ingest/${encodeURIComponent(dataset)}`, values.url);
    if (values.backfill) url.searchParams.set('backfill', 'true');
    const headers: Record<string, string> = {
      authorization: `Bearer ${token}`,
      'content-type': 'application/x-ndjson',
    };
    if (file.endsWith('.gz')) headers['content-encoding'] = 'gzip';
    let response: Response;
    try {
      response = await fetch(url, { method: 'POST', headers, body });
    } catch (error) {
      throw new CommandFailure(
        `request to ${url.origin} failed: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
    const text = await response.text();
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    const printed = json === undefined ? text : JSON.stringify(json, null, 2);
    if (!response.ok) {
      io.err(`HTTP ${response.status}\n${printed}`);
      return 1;
    }
    io.out(printed);
    const rejected = (json as { rejected?: unknown } | undefined)?.rejected;
    return typeof rejected === 'number' && rejected > 0 ? 1 : 0;
  },
});
