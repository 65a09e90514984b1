// Shared by the benchmarks: drive URLs with autocannon and report throughput and latency.
import autocannon from 'autocannon';

async function once(url, connections, durationSeconds, request = {}) {
  const result = await autocannon({ url, connections, duration: durationSeconds, ...request });
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(
      `${url}: ${result.non2xx} non-2xx answers and ${result.errors} errors under load (by status: ${JSON.stringify(result.statusCodeStats)})`,
    );
  }
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/**
 * Measures several targets in interleaved rounds (A B C, A B C, ...) and reports each one's
 * median, so a noisy neighbour slowing the machine for a while hurts every target alike.
 * A target may carry autocannon request options (`method`, `headers`, `body`); `settleMs`
 * pauses before each measurement.
 */
export async function compare(
  targets,
  { connections = 50, rounds = 3, secondsPerRound = 4, warmupSeconds = 2, settleMs = 0 } = {},
) {
  for (const t of targets) await once(t.url, connections, warmupSeconds, t.request);
  const samples = new Map(targets.map((t) => [t.name, []]));
  for (let round = 0; round < rounds; round += 1) {
    for (const t of targets) {
      // A pause lets work a previous target left behind (PostgreSQL's background writes,
      // garbage collection) finish before the next one is measured.
      if (settleMs > 0) await new Promise((resolve) => setTimeout(resolve, settleMs));
      samples.get(t.name).push(await once(t.url, connections, secondsPerRound, t.request));
    }
  }
  return targets.map((t) => {
    const runs = samples.get(t.name);
    return {
      name: t.name,
      rps: median(runs.map((r) => r.rps)),
      p50: median(runs.map((r) => r.p50)),
      p99: median(runs.map((r) => r.p99)),
      roundRps: runs.map((r) => r.rps),
    };
  });
}

/**
 * The spread of a ratio over the rounds of one compare() run: each round's `ours` against the
 * same round's `base`, lowest to highest (`rounds 0.62-0.75`). The headline stays the ratio of
 * medians; the spread shows how far single rounds on the machine strayed from it.
 */
export function roundSpread(ours, base) {
  const ratios = ours.roundRps.map((rps, i) => rps / base.roundRps[i]);
  return `rounds ${Math.min(...ratios).toFixed(2)}-${Math.max(...ratios).toFixed(2)}`;
}

export function formatRow(m, baseline) {
  return `${m.name.padEnd(28)} ${m.rps.toFixed(0).padStart(8)} req/s   p50 ${String(m.p50).padStart(4)} ms   p99 ${String(m.p99).padStart(4)} ms   ratio ${(m.rps / baseline.rps).toFixed(3)}`;
}

/** Latency of one request at a time (no queueing), in ms with sub-millisecond resolution. */
export async function sequentialLatency(send, count) {
  const samples = [];
  for (let i = 0; i < count; i += 1) {
    const start = process.hrtime.bigint();
    await send();
    samples.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  samples.sort((a, b) => a - b);
  const at = (q) => samples[Math.min(samples.length - 1, Math.floor(q * samples.length))];
  return { p50: at(0.5), p99: at(0.99) };
}
