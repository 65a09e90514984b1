// A Nominatim-compatible geocoder on 127.0.0.1 for upload tests: it answers each address as the
// test says (a hit, a miss, a stall, a failure) and records every request and the most requests
// it ever held at once.
import { FakeServer, sendJson, startFakeServer } from '@platform/testing';
import type { IncomingMessage, ServerResponse } from 'node:http';

export type NominatimAnswer =
  /** `[{lat, lon}]` after `delayMs` (default 0). */
  | { kind: 'hit'; lat: number; lng: number; delayMs?: number }
  /** `[]`. */
  | { kind: 'miss'; delayMs?: number }
  /** No answer for `ms`, then a hit (longer than the client's timeout: it gives up first). */
  | { kind: 'stall'; ms: number }
  /** An error status. */
  | { kind: 'fail'; status: number };

export interface FakeNominatim {
  url: string;
  /** The `q` of every request, in arrival order. */
  readonly queries: string[];
  /** The query strings of every request (to check format, limit, countrycodes). */
  readonly searchParams: URLSearchParams[];
  /** Requests being handled right now, and the most there ever were at once. */
  readonly inFlight: number;
  readonly maxInFlight: number;
  /** How each address (`q`) is answered; unknown addresses miss. */
  answer(q: string, answer: NominatimAnswer): void;
  /** Forgets recorded requests and answers. */
  reset(): void;
  close(): Promise<void>;
}

export async function startFakeNominatim(): Promise<FakeNominatim> {
  const answers = new Map<string, NominatimAnswer>();
  const queries: string[] = [];
  const searchParams: URLSearchParams[] = [];
  const timers = new Set<NodeJS.Timeout>();
  let inFlight = 0;
  let maxInFlight = 0;

  const later = (ms: number, run: () => void): void => {
    if (ms <= 0) return run();
    const timer = setTimeout(() => {
      timers.delete(timer);
      run();
    }, ms);
    timers.add(timer);
  };

  const handle = (req: IncomingMessage, res: ServerResponse): void => {
    const url = new URL(req.url ?? '/', 'http://fake');
    if (url.pathname !== '/search') return sendJson(res, 404, { error: 'not found' });
    const q = url.searchParams.get('q') ?? '';
    queries.push(q);
    searchParams.push(url.searchParams);
    inFlight += 1;
    maxInFlight = Math.max(maxInFlight, inFlight);
    let done = false;
    const finish = (): void => {
      if (done) return;
      done = true;
      inFlight -= 1;
    };
    // A client that gave up (timeout) closes the connection before any answer.
    res.on('close', finish);
    const reply = (status: number, body: unknown): void => {
      if (!res.destroyed && !res.writableEnded) sendJson(res, status, body);
      finish();
    };
    const answer = answers.get(q) ?? { kind: 'miss' };
    switch (answer.kind) {
      case 'hit':
        return later(answer.delayMs ?? 0, () =>
          reply(200, [{ lat: String(answer.lat), lon: String(answer.lng), display_name: q }]),
        );
      case 'miss':
        return later(answer.delayMs ?? 0, () => reply(200, []));
      case 'stall':
        return later(answer.ms, () => reply(200, [{ lat: '30.27', lon: '-97.74' }]));
      case 'fail':
        return reply(answer.status, { error: 'geocoder failure' });
    }
  };

  const server: FakeServer = await startFakeServer(handle);
  return {
    url: server.url,
    queries,
    searchParams,
    get inFlight() {
      return inFlight;
    },
    get maxInFlight() {
      return maxInFlight;
    },
    answer: (q, answer) => {
      answers.set(q, answer);
    },
    reset: () => {
      answers.clear();
      queries.length = 0;
      searchParams.length = 0;
      maxInFlight = inFlight;
    },
    close: async () => {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      await server.close();
    },
  };
}
