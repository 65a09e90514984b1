// A second baseline: the bare forwarder plus only the I/O the proxy's contract requires of every
// request, done the cheapest way we know, with none of the proxy's other work (no key lookup,
// no checks, no request ids, metrics or logs, no hashes). Per request:
// - before dispatch, an admit of rpm + tpm + budget in the proxy's own Redis batch script (one
//   script call per event-loop pass, as the proxy sends them);
// - after the answer, a settle in the same kind of batch;
// - one usage row, written behind in batches with the proxy's own batch SQL every 500 ms.
// What the proxy reaches against this floor is what its own code costs; what the floor reaches
// against the bare forwarder is what exact cross-replica limits and a usage row per request
// cost on this machine. Arguments: port, upstream base URL, Redis key prefix, database URL,
// key id (an existing key, the usage rows reference it).
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { join } from 'node:path';
import Redis from 'ioredis';
import pg from 'pg';
import ts from 'typescript';
import { ROOT } from '../lib/processes.mjs';
import { bodyOf, forwarder } from './forward.mjs';

const [port, upstream, prefix, databaseUrl, keyId] = process.argv.slice(2);

/** The exports of one of the proxy's dependency-free TypeScript files (its SQL or Lua text). */
function exportsOf(file) {
  const source = readFileSync(join(ROOT, file), 'utf8');
  const { outputText } = ts.transpileModule(source, {
    compilerOptions: { module: ts.ModuleKind.CommonJS },
  });
  const exports = {};
  new Function('exports', outputText)(exports);
  return exports;
}
const { BATCH_SCRIPT } = exportsOf('apps/proxy-admin/src/limits/limit-scripts.ts');
const { BATCH_COLUMNS, INSERT_BATCH_SQL } = exportsOf(
  'apps/proxy-admin/src/usage/usage-batch.sql.ts',
);

const redis = new Redis({ keyPrefix: prefix });
redis.defineCommand('limitBatch', { lua: BATCH_SCRIPT });
// JIT off, as the proxy's batch transaction sets it: compiling the statement costs more than it saves.
const pool = new pg.Pool({ connectionString: databaseUrl, max: 2, options: '-c jit=off' });
const forward = forwarder(upstream);

// One script call per event-loop pass, as the proxy's LimitBatcher sends them.
let pending = { keys: [], args: [], waiters: [] };
function limitOp(keys, args) {
  if (pending.waiters.length === 0) setImmediate(sendLimits);
  return new Promise((resolve, reject) => {
    pending.keys.push(...keys);
    pending.args.push(...args);
    pending.waiters.push({ resolve, reject });
  });
}
function sendLimits() {
  const { keys, args, waiters } = pending;
  pending = { keys: [], args: [], waiters: [] };
  redis.limitBatch(keys.length, ...keys, ...args).then(
    (results) => waiters.forEach((w, i) => w.resolve(results[i])),
    (error) => waiters.forEach((w) => w.reject(error)),
  );
}

// Usage rows written behind, every 500 ms, with the proxy's batch SQL (one row per request).
let rows = [];
const hash = 'f'.repeat(64);
setInterval(() => {
  if (rows.length === 0) return;
  const batch = rows;
  rows = [];
  const columns = BATCH_COLUMNS.map((_, i) => batch.map((row) => row[i]));
  pool.query(INSERT_BATCH_SQL, columns).catch((error) => console.error(error));
}, 500).unref();

const month = new Date().toISOString().slice(0, 7);
const limitKeys = [`revoked:${keyId}`, `rl:req:${keyId}`, `rl:tok:${keyId}`];

http
  .createServer(async (req, res) => {
    const startedAt = new Date();
    const body = await bodyOf(req);
    const second = Math.floor(startedAt.getTime() / 1000);
    try {
      const [verdict] = await limitOp(
        [...limitKeys, `spend:${keyId}:${month}`],
        ['a', second, 1_000_000, 1_000_000_000, 1000, 1_000_000_000_000, 100, 3_456_000],
      );
      if (verdict !== 0) throw new Error(`limit refused: ${verdict}`);
      await forward(body, res);
      // Not awaited, as the proxy does not hold the answer for it; a failure is only logged.
      limitOp(
        [`rl:tok:${keyId}`, `spend:${keyId}:${month}`],
        ['s', second, -980, -90, second],
      ).catch((error) => console.error(error));
      const finishedAt = new Date().toISOString();
      rows.push([
        randomUUID(),
        keyId,
        null,
        `${keyId}:floor`,
        'bench-model',
        'bench-model',
        null,
        null,
        false,
        12,
        8,
        10,
        0,
        0,
        1,
        0.1,
        200,
        null,
        hash,
        hash,
        startedAt.toISOString(),
        finishedAt,
      ]);
    } catch {
      if (res.headersSent) res.destroy();
      else res.writeHead(502).end();
    }
  })
  .listen(Number(port), '127.0.0.1');
