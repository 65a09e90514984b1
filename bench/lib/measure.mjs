// Shared by the benchmarks: drive a URL with autocannon and report throughput and latency.
import autocannon from 'autocannon';

export async function drive(
  url,
  { connections = 50, durationSeconds = 10, warmupSeconds = 2 } = {},
) {
  await autocannon({ url, connections, duration: warmupSeconds });
  const result = await autocannon({ url, connections, duration: durationSeconds });
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(
      `${url}: ${result.non2xx} non-2xx answers and ${result.errors} errors under load`,
    );
  }
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
  };
}

export function formatRow(name, m) {
  return `${name.padEnd(28)} ${m.rps.toFixed(0).padStart(8)} req/s   p50 ${String(m.p50).padStart(4)} ms   p99 ${String(m.p99).padStart(4)} ms`;
}
