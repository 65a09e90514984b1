// npm start: builds, migrates and runs all three services, then prints their URLs.
// - DATABASE_URL, when set, names the PostgreSQL server (each service uses its own database).
//   When it is not set and nothing answers on 127.0.0.1:5432, embedded PostgreSQL (PGlite) is used.
// - REDIS_URL (default redis://127.0.0.1:6379) must answer; there is no embedded Redis.
// - ADMIN_SECRET (proxy-admin) and INGEST_TOKEN (geo-scoring) are generated for this run when not
//   set, and printed.
// - geo-scoring's database gets the deterministic seed (profile GEO_SEED_PROFILE, default tiny;
//   `none` skips it) when it is empty, so its routes answer with data on a first run; maritime's
//   likewise (MARITIME_SEED_PROFILE, default small, ending today).
import { randomBytes } from 'node:crypto';
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { databaseUrlFor, probePostgres, redisAnswers } from './dependencies.mjs';
import { startEmbeddedPostgres } from './embedded-postgres.mjs';
import { build, ROOT, runNode, say } from './run.mjs';
import { entry, SERVICES } from './services.mjs';

// Per-service settings must not leak from the shell into all three services at once.
const { PORT: _port, REDIS_PREFIX: _prefix, ...env } = process.env;
const redisUrl = env.REDIS_URL ?? 'redis://127.0.0.1:6379';

if (!(await redisAnswers(redisUrl))) {
  say(
    `Redis is not reachable at ${redisUrl}: start one (redis-server) or set REDIS_URL, e.g. REDIS_URL=redis://host:6379 npm start`,
  );
  process.exit(1);
}

let embedded;
const databaseUrls = {};
const localServer = 'postgres://postgres@127.0.0.1:5432/postgres';
const postgres = env.DATABASE_URL ? 'ok' : await probePostgres(localServer);
if (postgres !== 'ok' && postgres !== 'absent') {
  say(
    `PostgreSQL at 127.0.0.1:5432 refused us: ${postgres}. Fix that, or set DATABASE_URL to a server we may use.`,
  );
  process.exit(1);
}
if (postgres === 'ok') {
  for (const s of SERVICES)
    databaseUrls[s.name] = databaseUrlFor(env.DATABASE_URL ?? localServer, s.database);
} else {
  say(
    'No PostgreSQL at 127.0.0.1:5432 and DATABASE_URL is not set: using embedded PostgreSQL (PGlite) in .pglite/.',
  );
  say(
    'It runs one query at a time; set DATABASE_URL to a real server for anything beyond a first look.',
  );
  embedded = await startEmbeddedPostgres(SERVICES, join(ROOT, '.pglite'));
  Object.assign(databaseUrls, embedded.urls);
}

const adminSecret = env.ADMIN_SECRET ?? randomBytes(24).toString('base64url');
const ingestToken = env.INGEST_TOKEN ?? randomBytes(24).toString('base64url');
const seedProfile = env.GEO_SEED_PROFILE ?? 'tiny';
const maritimeSeedProfile = env.MARITIME_SEED_PROFILE ?? 'small';
build();
for (const service of SERVICES) {
  const code = await runNode(entry(service, 'migrate'), {
    ...env,
    DATABASE_URL: databaseUrls[service.name],
  });
  if (code !== 0) {
    say(`${service.name}: migrations failed (exit ${code}); not starting`);
    await embedded?.stop();
    process.exit(1);
  }
}

if (seedProfile !== 'none' && embedded) {
  say('geo-scoring: not seeding embedded PostgreSQL (too slow); see apps/geo-scoring/README.md.');
} else if (seedProfile !== 'none') {
  const code = await runNode(
    'tools/cli.mjs',
    {
      ...env,
      DATABASE_URL: databaseUrls['geo-scoring'],
    },
    ['geo', 'seed', '--profile', seedProfile, '--if-empty'],
  );
  if (code !== 0) say(`geo-scoring: seeding failed (exit ${code}); starting without data`);
}

if (maritimeSeedProfile !== 'none' && embedded) {
  say('maritime: not seeding embedded PostgreSQL (too slow); see apps/maritime/README.md.');
} else if (maritimeSeedProfile !== 'none') {
  const code = await runNode('tools/cli.mjs', { ...env, DATABASE_URL: databaseUrls['maritime'] }, [
    'maritime',
    'seed',
    '--profile',
    maritimeSeedProfile,
    '--if-empty',
    '--quiet',
  ]);
  if (code !== 0) say(`maritime: seeding failed (exit ${code}); starting without data`);
  say(
    'maritime: make an API key with npm run tools -- maritime keys create --owner you --plan pro',
  );
}

const children = SERVICES.map((service) =>
  spawn(process.execPath, [join(ROOT, entry(service, 'main'))], {
    cwd: ROOT,
    stdio: 'inherit',
    env: {
      ...env,
      PORT: String(service.port),
      // No load balancer to leave locally: Ctrl-C stops at once.
      SHUTDOWN_DRAIN_DELAY_MS: env.SHUTDOWN_DRAIN_DELAY_MS ?? '0',
      DATABASE_URL: databaseUrls[service.name],
      REDIS_URL: redisUrl,
      ...(service.name === 'proxy-admin' ? { ADMIN_SECRET: adminSecret } : {}),
      ...(service.name === 'geo-scoring' ? { INGEST_TOKEN: ingestToken } : {}),
    },
  }),
);

let stopping = false;
async function stopAll(code) {
  if (stopping) return;
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  await Promise.all(
    children.map((c) => (c.exitCode === null ? new Promise((r) => c.once('exit', r)) : null)),
  );
  await embedded?.stop();
  process.exit(code);
}
process.on('SIGINT', () => void stopAll(0));
process.on('SIGTERM', () => void stopAll(0));
children.forEach((child, i) =>
  child.once('exit', (code) => {
    if (!stopping) {
      say(`${SERVICES[i].name} exited with code ${code}; stopping the others`);
      void stopAll(code || 1);
    }
  }),
);

async function healthy(url) {
  try {
    return (await fetch(`${url}/healthz`)).ok;
  } catch {
    return false;
  }
}
const deadline = Date.now() + 60_000;
const urls = SERVICES.map((s) => `http://127.0.0.1:${s.port}`);
while (!(await Promise.all(urls.map(healthy))).every(Boolean)) {
  if (stopping || Date.now() > deadline) break;
  await new Promise((r) => setTimeout(r, 200));
}
if (!stopping && Date.now() > deadline) {
  say('The services did not all answer /healthz within 60 s; their logs above say why. Stopping.');
  await stopAll(1);
}
if (!stopping) {
  say('');
  for (const [i, s] of SERVICES.entries())
    say(`  ${s.name.padEnd(12)} ${urls[i]}  (docs: ${urls[i]}/docs)`);
  if (!env.ADMIN_SECRET) say(`  ADMIN_SECRET for this run: ${adminSecret}`);
  if (!env.INGEST_TOKEN) say(`  INGEST_TOKEN for this run: ${ingestToken}`);
  say('  Ctrl-C stops all three.');
}
