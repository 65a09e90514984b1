// `npm run tools -- maritime ais-replay --file lines.nmea [--url U] [--key K]` posts an NMEA
// file to POST /api/v1/ais/ingest in bodies of 20,000 lines and prints each answer.
import { readFile } from 'node:fs/promises';
import { CommandFailure, defineCommand, UsageError } from '@platform/cli';
import { splitNmeaBody } from '@platform/maritime-domain';

const BODY_LINES = 20_000;

const USAGE = `usage: npm run tools -- maritime ais-replay --file <lines.nmea> [--url http://127.0.0.1:3003] [--key mk_...]
  --key  an admin API key (default: env MARITIME_API_KEY)
exit codes: 0 every line accepted, 1 some line rejected or a request failed, 2 usage`;

export const aisReplayCommand = defineCommand({
  name: 'maritime ais-replay',
  usage: USAGE,
  options: {
    file: { type: 'string' },
    url: { type: 'string', default: 'http://127.0.0.1:3003' },
    key: { type: 'string' },
  },
  async run({ values, env, io }) {
    if (values.file === undefined) throw new UsageError('--file is required');
    const key = values.key ?? env['MARITIME_API_KEY'];
    if (key === undefined || key === '')
      throw new UsageError('no key: pass --key or set MARITIME_API_KEY');
    const text = await readFile(values.file, 'utf8');
    const url = new URL('/api/v1/ais/ingest', values.url);
    let rejected = 0;
    for (const chunk of splitNmeaBody(text, BODY_LINES)) {
      let response: Response;
      try {
        response = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'text/plain', 'x-api-key': key },
          body: chunk.text,
        });
      } catch (error) {
        throw new CommandFailure(`request to ${url.origin} failed: ${(error as Error).message}`);
      }
      const answer = await response.text();
      if (!response.ok) {
        io.err(`HTTP ${response.status} ${answer}`);
        return 1;
      }
      io.out(answer);
      rejected += (JSON.parse(answer) as { rejected: number }).rejected;
    }
    return rejected > 0 ? 1 : 0;
  },
});
