import { execFile, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { builtinModules } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { processEnvironment } from '@platform/config';
import { databaseNameOf, quoteIdentifier, withDatabase } from '@platform/database';
import { Client } from 'pg';
import { freePort } from './free-port';
import { waitFor } from './test-app';
import { deleteRedisPrefix, testEnvironment, uniqueRedisPrefix } from './test-environment';

const run = promisify(execFile);
const workspaceRoot = path.resolve(__dirname, '../../..');

export interface StandaloneBuild {
  /** A copy of dist/apps/<app>/ outside the workspace, with its production node_modules. */
  dir: string;
  packageJson: { dependencies: Record<string, string> };
  /** A fresh, empty database and a Redis prefix of its own, for the copy's processes. */
  env: Record<string, string>;
  /** `node <file>.js` in the copy's folder until it exits: exit code and output. */
  runToExit(file: string, env?: Record<string, string>): Promise<{ code: number; output: string }>;
  /** `node main.js` in the copy's folder, once it answers /healthz. */
  serve(env?: Record<string, string>): Promise<{ url: string; stop(): Promise<number | null> }>;
  remove(): Promise<void>;
}

const nodeEnv = (env: Record<string, string>) => ({
  PATH: processEnvironment()['PATH'] ?? '',
  HOME: os.tmpdir(),
  TZ: 'UTC',
  ...env,
});

/**
 * What the issue of a deployable build asks: `nx build <app>` output copied out of the
 * workspace and given only `npm install --omit=dev` in that folder (from the npm cache, so no
 * network is needed for packages the workspace already installed). Nothing from the workspace's
 * node_modules can leak in: the copy lives under the system temp folder.
 */
export async function installStandaloneBuild(app: string): Promise<StandaloneBuild> {
  const output = path.join(workspaceRoot, 'dist', 'apps', app);
  if (!existsSync(path.join(output, 'main.js')))
    await run(path.join(workspaceRoot, 'node_modules', '.bin', 'nx'), ['build', app], {
      cwd: workspaceRoot,
      env: { ...processEnvironment(), NX_DAEMON: 'false', NX_TUI: 'false', NX_NO_CLOUD: 'true' },
      maxBuffer: 64 * 1024 * 1024,
    });
  const dir = mkdtempSync(path.join(os.tmpdir(), `${app}-standalone-`));
  cpSync(output, dir, { recursive: true });
  await run(
    'npm',
    ['install', '--omit=dev', '--prefer-offline', '--ignore-scripts', '--no-audit', '--no-fund'],
    {
      cwd: dir,
      env: { ...processEnvironment(), NODE_ENV: 'production' },
      maxBuffer: 64 * 1024 * 1024,
    },
  );

  const server = testEnvironment().TEST_DATABASE_URL;
  const databaseUrl = withDatabase(
    server,
    `test_standalone_${app.replace(/\W/g, '_')}_${process.pid}`,
  );
  const admin = new Client({ connectionString: server });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${quoteIdentifier(databaseNameOf(databaseUrl))}`);
  await admin.query(`CREATE DATABASE ${quoteIdentifier(databaseNameOf(databaseUrl))}`);
  await admin.end();
  const env = {
    DATABASE_URL: databaseUrl,
    REDIS_URL: testEnvironment().TEST_REDIS_URL,
    REDIS_PREFIX: uniqueRedisPrefix(`standalone:${app}:`),
    LOG_LEVEL: 'info',
  };

  const runToExit = (file: string, extra: Record<string, string> = {}) =>
    new Promise<{ code: number; output: string }>((resolve) => {
      const child = spawn(process.execPath, [file], {
        cwd: dir,
        env: nodeEnv({ ...env, ...extra }),
      });
      let text = '';
      child.stdout.on('data', (c: Buffer) => (text += c.toString()));
      child.stderr.on('data', (c: Buffer) => (text += c.toString()));
      child.once('exit', (code) => resolve({ code: code ?? 1, output: text }));
    });

  const serve = async (extra: Record<string, string> = {}) => {
    const port = await freePort();
    const child = spawn(process.execPath, ['main.js'], {
      cwd: dir,
      env: nodeEnv({ ...env, ...extra, PORT: String(port) }),
    });
    let text = '';
    child.stdout.on('data', (c: Buffer) => (text += c.toString()));
    child.stderr.on('data', (c: Buffer) => (text += c.toString()));
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    const url = `http://127.0.0.1:${port}`;
    try {
      await waitFor(
        async () => {
          if (child.exitCode !== null) throw new Error(`main.js exited during start-up:\n${text}`);
          return fetch(`${url}/healthz`).then(
            (r) => r.ok,
            () => false,
          );
        },
        30_000,
        `${app} main.js to answer /healthz`,
      );
    } catch (error) {
      child.kill('SIGKILL');
      throw error;
    }
    return {
      url,
      stop: () => {
        child.kill('SIGTERM');
        return exited;
      },
    };
  };

  return {
    dir,
    packageJson: JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as {
      dependencies: Record<string, string>;
    },
    env,
    runToExit,
    serve,
    remove: async () => {
      rmSync(dir, { recursive: true, force: true });
      const cleanup = new Client({ connectionString: server });
      await cleanup.connect();
      await cleanup.query(
        `DROP DATABASE IF EXISTS ${quoteIdentifier(databaseNameOf(databaseUrl))} WITH (FORCE)`,
      );
      await cleanup.end();
      await deleteRedisPrefix(env.REDIS_URL, env.REDIS_PREFIX);
    },
  };
}

const NODE_BUILTINS = new Set(builtinModules);

/** The npm packages a bundle loads at run time (webpack leaves them as plain requires). */
export function packagesRequiredBy(bundle: string): string[] {
  const names = new Set<string>();
  for (const [, spec] of bundle.matchAll(/\brequire\("([^"./][^"]*)"\)/g)) {
    if (spec.startsWith('node:') || NODE_BUILTINS.has(spec.split('/')[0]!)) continue;
    const parts = spec.split('/');
    names.add(spec.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!);
  }
  return [...names].sort();
}

/**
 * The app's build output is deployable on its own: its package.json lists exactly the packages
 * its bundles load, and after `npm install --omit=dev` in a copy of that folder alone,
 * `node migrate.js` migrates an empty database and `node main.js` serves and drains on SIGTERM.
 */
export function describeStandaloneBuild(app: string, env: Record<string, string> = {}): void {
  describe(`${app}: standalone build`, () => {
    let build: StandaloneBuild;
    beforeAll(async () => {
      build = await installStandaloneBuild(app);
    }, 240_000);
    afterAll(async () => {
      await build?.remove();
    });

    it('lists in its package.json exactly the packages its bundles require, none of them dev tools', () => {
      const required = new Set<string>();
      for (const file of ['main.js', 'migrate.js', 'cli.js'].filter((f) =>
        existsSync(path.join(build.dir, f)),
      ))
        for (const name of packagesRequiredBy(readFileSync(path.join(build.dir, file), 'utf8')))
          required.add(name);
      const listed = Object.keys(build.packageJson.dependencies);
      expect([...required].filter((name) => !listed.includes(name))).toEqual([]);
      expect(listed.filter((name) => /^(@nx\/|jest|@swc\/|typescript|webpack)/.test(name))).toEqual(
        [],
      );
    });

    it('migrates an empty database with node migrate.js, then serves with node main.js and exits 0 on SIGTERM', async () => {
      const migrated = await build.runToExit('migrate.js', env);
      expect(migrated.code).toBe(0);
      expect(migrated.output).toMatch(/"applied":\["/);
      const server = await build.serve(env);
      try {
        expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
        const ready = await fetch(`${server.url}/readyz`);
        expect(ready.status).toBe(200);
      } finally {
        expect(await server.stop()).toBe(0);
      }
    });
  });
}
