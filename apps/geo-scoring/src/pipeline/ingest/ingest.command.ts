// `npm run tools -- geo ingest <dataset> <file> [--url U] [--token T] [--backfill]` (design 3.7):
// a thin HTTP client of POST /internal/ingest/{dataset}. `.gz` files are sent as they are with
// `Content-Encoding: gzip`. Prints the JSON answer. Exit codes: 0 every line accepted; 1 some
// line rejected or the request failed; 2 usage error.
import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';

const USAGE = `usage: npm run tools -- geo ingest <dataset> <file.ndjson[.gz]> [--url http://127.0.0.1:3002] [--token T] [--backfill]
  --url       geo-scoring base URL (default http://127.0.0.1:3002)
  --token     ingest token (default: env INGEST_TOKEN)
  --backfill  historical load: no permit.filed events
exit codes: 0 all lines accepted, 1 some line rejected or the request failed, 2 usage`;

export interface IngestCommandIo {
  out: (text: string) => void;
  err: (text: string) => void;
}

const defaultIo: IngestCommandIo = {
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
};

export async function run(
  args: string[],
  env: Record<string, string | undefined>,
  io: IngestCommandIo = defaultIo,
): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args,
      allowPositionals: true,
      options: {
        url: { type: 'string', default: 'http://127.0.0.1:3002' },
        token: { type: 'string' },
        backfill: { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
    });
  } catch (error) {
    io.err(`${error instanceof Error ? error.message : String(error)}\n${USAGE}\n`);
    return 2;
  }
  const { values, positionals } = parsed;
  if (values.help) {
    io.out(`${USAGE}\n`);
    return 0;
  }
  const [dataset, file] = positionals;
  if (dataset === undefined || file === undefined || positionals.length > 2) {
    io.err(`${USAGE}\n`);
    return 2;
  }
  const token = values.token ?? env['INGEST_TOKEN'];
  if (token === undefined || token === '') {
    io.err('no ingest token: pass --token or set INGEST_TOKEN\n');
    return 2;
  }
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
    io.err(
      `request to ${url.origin} failed: ${error instanceof Error ? error.message : String(error)}\n`,
    );
    return 1;
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
    io.err(`HTTP ${response.status}\n${printed}\n`);
    return 1;
  }
  io.out(`${printed}\n`);
  const rejected = (json as { rejected?: unknown } | undefined)?.rejected;
  return typeof rejected === 'number' && rejected > 0 ? 1 : 0;
}
