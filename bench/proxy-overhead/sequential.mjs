// One request at a time (no queueing): full answer time, and for streams the time to the first
// body byte. Targets are measured in interleaved rounds and the samples pooled, so a noisy
// neighbour hurts both alike.
import { request } from 'undici';

const elapsedMs = (start) => Number(process.hrtime.bigint() - start) / 1e6;

/** Sends one request; resolves to { totalMs, firstByteMs } (first body chunk). */
async function timeOne(target) {
  const start = process.hrtime.bigint();
  const answer = await request(target.url, target.request);
  let firstByteMs;
  for await (const chunk of answer.body) {
    if (firstByteMs === undefined && chunk.length > 0) firstByteMs = elapsedMs(start);
  }
  const totalMs = elapsedMs(start);
  if (answer.statusCode !== 200) throw new Error(`${target.name} answered ${answer.statusCode}`);
  return { totalMs, firstByteMs: firstByteMs ?? totalMs };
}

function percentiles(samples) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  return { p50: at(0.5), p99: at(0.99) };
}

/** Per target: { total: {p50, p99}, firstByte: {p50, p99} } over `count` requests. */
export async function sequentialRounds(targets, { count, rounds, warmup = 200 }) {
  for (const t of targets) for (let i = 0; i < warmup; i += 1) await timeOne(t);
  const samples = targets.map(() => ({ total: [], firstByte: [] }));
  const perRound = Math.ceil(count / rounds);
  for (let round = 0; round < rounds; round += 1) {
    for (const [i, t] of targets.entries()) {
      for (let n = 0; n < perRound; n += 1) {
        const { totalMs, firstByteMs } = await timeOne(t);
        samples[i].total.push(totalMs);
        samples[i].firstByte.push(firstByteMs);
      }
    }
  }
  return samples.map((s) => ({
    total: percentiles(s.total),
    firstByte: percentiles(s.firstByte),
  }));
}
