// Checks docker/Dockerfile, docker/compose.yaml and the build context without a Docker engine:
// the Dockerfile is parsed into stages (a small parser, tested below), compose.yaml with `yaml`,
// and the image's HEALTHCHECK command is run for real against a local HTTP server.
import { execFile, execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as path from 'node:path';
import { parse } from 'yaml';

const dockerDir = __dirname;
const repoRoot = path.resolve(dockerDir, '..');
const APPS = [
  { app: 'proxy-admin', port: 3001, db: 'proxy_admin' },
  { app: 'geo-scoring', port: 3002, db: 'geo_scoring' },
  { app: 'maritime', port: 3003, db: 'maritime' },
] as const;

// ---- Dockerfile parser ------------------------------------------------------------------------
type Instruction = { keyword: string; args: string; line: number };
type Stage = { name?: string; base: string; instructions: Instruction[] };

/** Logical instructions: continuation lines joined, comments and blank lines dropped. */
function instructions(text: string): Instruction[] {
  const out: Instruction[] = [];
  let buf: string | undefined;
  let start = 0;
  text.split(/\r?\n/).forEach((raw, i) => {
    const trimmed = raw.trim();
    if (trimmed === '' || trimmed.startsWith('#')) return; // also inside a continuation
    if (buf === undefined) [buf, start] = ['', i + 1];
    const continued = /\\\s*$/.test(raw);
    buf += continued ? raw.replace(/\\\s*$/, '') : raw;
    if (continued) return;
    const m = /^(\S+)\s*([\s\S]*)$/.exec(buf.trim())!;
    out.push({ keyword: m[1].toUpperCase(), args: m[2].trim(), line: start });
    buf = undefined;
  });
  if (buf !== undefined) throw new Error(`line ${start}: continuation runs past the end of file`);
  return out;
}

function parseDockerfile(text: string): Stage[] {
  const stages: Stage[] = [];
  for (const ins of instructions(text)) {
    if (ins.keyword === 'FROM') {
      const words = ins.args.split(/\s+/).filter((w) => !w.startsWith('--'));
      const hasAs = words.length === 3 && words[1].toUpperCase() === 'AS';
      if (words.length !== 1 && !hasAs) throw new Error(`line ${ins.line}: bad FROM "${ins.args}"`);
      stages.push({ base: words[0], name: hasAs ? words[2] : undefined, instructions: [] });
    } else if (stages.length === 0) {
      if (ins.keyword !== 'ARG') throw new Error(`line ${ins.line}: ${ins.keyword} before FROM`);
    } else {
      stages[stages.length - 1].instructions.push(ins);
    }
  }
  return stages;
}

/** The stage and the stages it is built FROM, root first. */
function chain(stages: Stage[], name: string): Stage[] {
  const i = stages.findIndex((s) => s.name?.toLowerCase() === name.toLowerCase());
  if (i < 0) throw new Error(`no stage named ${name}`);
  const parent = stages
    .slice(0, i)
    .some((s) => s.name?.toLowerCase() === stages[i].base.toLowerCase());
  return parent ? [...chain(stages.slice(0, i), stages[i].base), stages[i]] : [stages[i]];
}

/** Whitespace-separated words; a double-quoted part may hold spaces (quotes are removed). */
const words = (s: string): string[] =>
  (s.match(/(?:[^\s"]+|"[^"]*")+/g) ?? []).map((w) => w.replace(/"/g, ''));

function envOf(ins: Instruction[]): Record<string, string> {
  const env: Record<string, string> = {};
  for (const { args } of ins.filter((i) => i.keyword === 'ENV')) {
    const w = words(args);
    if (!w[0].includes('=')) env[w[0]] = args.slice(args.indexOf(w[0]) + w[0].length).trim();
    else for (const kv of w) env[kv.slice(0, kv.indexOf('='))] = kv.slice(kv.indexOf('=') + 1);
  }
  return env;
}

function execForm(args: string): string[] {
  const value: unknown = JSON.parse(args);
  if (!Array.isArray(value) || !value.every((v) => typeof v === 'string')) throw new Error(args);
  return value as string[];
}

/** Flags (--name=value) and the rest of a RUN/COPY/HEALTHCHECK argument string. */
function flags(args: string): { flags: Record<string, string>; rest: string } {
  const out: Record<string, string> = {};
  let rest = args.trim();
  for (let m = /^--([\w-]+)=(\S+)\s*/.exec(rest); m; m = /^--([\w-]+)=(\S+)\s*/.exec(rest)) {
    out[m[1]] = m[2];
    rest = rest.slice(m[0].length);
  }
  return { flags: out, rest };
}

const dockerfile = parseDockerfile(readFileSync(path.join(dockerDir, 'Dockerfile'), 'utf8'));
const all = (name: string): Instruction[] => chain(dockerfile, name).flatMap((s) => s.instructions);
const of = (name: string, keyword: string) => all(name).filter((i) => i.keyword === keyword);
const last = (name: string, keyword: string): Instruction | undefined => of(name, keyword).pop();
const copies = (name: string) =>
  of(name, 'COPY').map((i) => {
    const f = flags(i.args);
    const w = words(f.rest);
    return { from: f.flags.from, dest: w.pop()!, srcs: w };
  });
const runs = (name: string): string =>
  of(name, 'RUN')
    .map((i) => i.args)
    .join('\n');
const healthcheck = (app: string) =>
  flags(last(app, 'HEALTHCHECK')!.args.replace(/\bCMD\s+(?=\[)/, ''));

describe('Dockerfile parser', () => {
  it('joins continuation lines, drops comments inside them and keeps the first line number', () => {
    const text =
      '# syntax=docker/dockerfile:1\nFROM a:1 AS one\nRUN echo a \\\n# note\n  && echo b\n\nENV A=1 \\\n    B="two words"\n';
    expect(instructions(text)).toEqual([
      { keyword: 'FROM', args: 'a:1 AS one', line: 2 },
      { keyword: 'RUN', args: 'echo a   && echo b', line: 3 },
      { keyword: 'ENV', args: 'A=1     B="two words"', line: 7 },
    ]);
    expect(envOf(instructions(text))).toEqual({ A: '1', B: 'two words' });
    expect(envOf(instructions('ENV LEGACY some value'))).toEqual({ LEGACY: 'some value' });
    expect(() => instructions('RUN a \\')).toThrow(/continuation/);
  });

  it('splits stages, reads AS names in any case and follows FROM <stage> back to the root', () => {
    const stages = parseDockerfile(
      'ARG X=1\nFROM --platform=linux/amd64 img:1 as base\nUSER 1\nFROM base AS leaf\nFROM img:2\n',
    );
    expect(stages.map((s) => [s.base, s.name])).toEqual([
      ['img:1', 'base'],
      ['base', 'leaf'],
      ['img:2', undefined],
    ]);
    expect(chain(stages, 'leaf').map((s) => s.name)).toEqual(['base', 'leaf']);
    expect(() => parseDockerfile('RUN x\nFROM a')).toThrow(/before FROM/);
    expect(() => parseDockerfile('FROM a b')).toThrow(/bad FROM/);
  });

  it('reads COPY/RUN flags and exec-form arguments', () => {
    expect(flags('--from=build --chown=1:1 a b')).toEqual({
      flags: { from: 'build', chown: '1:1' },
      rest: 'a b',
    });
    expect(execForm('["node", "x.js"]')).toEqual(['node', 'x.js']);
    expect(() => execForm('node x.js')).toThrow();
  });
});

describe('Dockerfile', () => {
  const names = dockerfile.map((s) => s.name);

  it('is multi-stage with unique stage names, on pinned node:20-bookworm-slim images', () => {
    expect(dockerfile.length).toBeGreaterThanOrEqual(5);
    expect(new Set(names).size).toBe(names.length);
    const external = dockerfile.filter((s) => !names.includes(s.base)).map((s) => s.base);
    expect(new Set(external)).toEqual(new Set(['node:20-bookworm-slim']));
    for (const { app } of APPS) expect(names).toContain(app);
  });

  it('builds each app with nx build on a full npm install (never npm ci)', () => {
    for (const { app } of APPS) {
      expect(runs(`${app}-build`)).toMatch(/\bnpm install\b[\s\S]*\bnpx nx build \S+/);
      expect(runs(`${app}-build`).match(/\bnx build (\S+)/)?.[1]).toBe(app);
    }
    expect(
      dockerfile.map((s) => s.instructions.map((i) => i.args).join('\n')).join('\n'),
    ).not.toMatch(/\bnpm ci\b/);
  });

  it("installs each app's production dependencies from its own generated package.json alone", () => {
    for (const { app } of APPS) {
      expect(chain(dockerfile, `${app}-deps`).map((s) => s.name)).toEqual([`${app}-deps`]);
      expect(runs(`${app}-deps`)).toMatch(/\bnpm install\b.*--omit=dev/);
      const srcs = copies(`${app}-deps`).flatMap((c) => c.srcs);
      expect(srcs).toEqual([
        `/app/dist/apps/${app}/package.json`,
        `/app/dist/apps/${app}/package-lock.json`,
      ]);
      expect(copies(`${app}-deps`).every((c) => c.from === `${app}-build`)).toBe(true);
    }
  });

  it('has RUN commands that are valid POSIX shell', () => {
    const commands = dockerfile.flatMap((s) => s.instructions).filter((i) => i.keyword === 'RUN');
    expect(commands.length).toBeGreaterThan(0);
    for (const { args } of commands)
      expect(() => execFileSync('sh', ['-n', '-c', flags(args).rest])).not.toThrow();
  });

  describe.each(APPS)('target $app', ({ app, port }) => {
    const env = () => envOf(all(app));

    it('shares the runtime base stage with the other apps and is not built on the build stage', () => {
      const bases = APPS.map((a) =>
        chain(dockerfile, a.app)
          .slice(0, -1)
          .map((s) => s.name),
      );
      expect(bases[0].length).toBeGreaterThan(0);
      for (const b of bases) expect(b).toEqual(bases[0]);
      expect(bases[0].some((name) => name?.endsWith('build'))).toBe(false);
    });

    it('runs as a non-root user, stops on SIGTERM, in production mode and UTC', () => {
      const user = last(app, 'USER')?.args.split(':')[0];
      expect(user).toBeDefined();
      expect(['root', '0', '']).not.toContain(user);
      expect(last(app, 'STOPSIGNAL')?.args).toBe('SIGTERM');
      expect(env()).toMatchObject({ NODE_ENV: 'production', TZ: 'UTC', PORT: String(port) });
    });

    it(`exposes ${port} and starts the app's main.js from its working directory`, () => {
      expect(of(app, 'EXPOSE').map((i) => i.args)).toEqual([String(port)]);
      expect(last(app, 'WORKDIR')?.args).toBe('/app');
      expect(execForm(last(app, 'CMD')!.args)).toEqual(['node', 'main.js']);
      expect(last(app, 'ENTRYPOINT')).toBeUndefined();
    });

    it("takes node_modules from its own deps stage and only its own app's build output", () => {
      const c = copies(app);
      const modules = c.filter((x) => x.srcs.some((s) => /node_modules/.test(s)));
      expect(modules).toEqual([
        { from: `${app}-deps`, srcs: ['/app/node_modules'], dest: './node_modules' },
      ]);
      const fromBuild = c.filter((x) => x.from?.endsWith('-build'));
      expect(fromBuild).toEqual([
        { from: `${app}-build`, srcs: [`/app/dist/apps/${app}`], dest: './' },
      ]);
      expect(c.filter((x) => x.from === undefined)).toEqual([]); // nothing from the host context
    });

    it('checks health with node fetch on /healthz (no curl in the slim image)', () => {
      const hc = healthcheck(app);
      expect(Object.keys(hc.flags)).toEqual(['interval', 'timeout', 'start-period', 'retries']);
      const cmd = execForm(hc.rest);
      expect(cmd.slice(0, 2)).toEqual(['node', '-e']);
      expect(cmd[2]).toMatch(/fetch\(.*\/healthz/);
      expect(cmd.join(' ')).not.toMatch(/curl|wget/);
    });

    it('HEALTHCHECK command passes on 200 and fails on 503 or no server', async () => {
      const cmd = execForm(healthcheck(app).rest);
      const options = (p: number) => ({
        env: { ...process.env, PORT: String(p) },
        timeout: 10_000,
      });
      // A kill on timeout has no numeric code: count it as a failure (-1), never as 0.
      const exitCode = (e: { code?: unknown } | null) =>
        e === null ? 0 : typeof e.code === 'number' ? e.code : -1;
      const run = (p: number) =>
        new Promise<number>((done) => {
          execFile(process.execPath, cmd.slice(1), options(p), (e) => done(exitCode(e)));
        });
      const seen: string[] = [];
      let status = 200;
      const server: Server = createServer((req, res) => {
        seen.push(req.url ?? '');
        res.statusCode = status;
        res.end();
      });
      await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
      const p = (server.address() as AddressInfo).port;
      try {
        expect(await run(p)).toBe(0);
        status = 503;
        expect(await run(p)).toBe(1);
      } finally {
        await new Promise((r) => server.close(r));
      }
      expect(seen).toEqual(['/healthz', '/healthz']);
      expect(await run(p)).toBe(1);
    });
  });
});

// ---- compose.yaml -----------------------------------------------------------------------------
type Obj = Record<string, unknown>;
function obj(v: unknown, what: string): Obj {
  if (typeof v !== 'object' || v === null || Array.isArray(v))
    throw new Error(`${what}: not a mapping`);
  return v as Obj;
}
const composeText = readFileSync(path.join(dockerDir, 'compose.yaml'), 'utf8');
const compose = obj(parse(composeText, { merge: true }), 'compose.yaml');
const services = obj(compose.services, 'services');
const svc = (name: string): Obj => obj(services[name], name);
const envMap = (name: string): Obj => obj(svc(name).environment, `${name}.environment`);
const dependsOn = (name: string): Record<string, unknown> => {
  const deps = Object.entries(obj(svc(name).depends_on, `${name}.depends_on`));
  return Object.fromEntries(deps.map(([k, v]) => [k, obj(v, k).condition]));
};
const stageNames = dockerfile.map((s) => s.name);

/** Compose-style variable references, `$$` being a literal dollar. */
function variables(text: string): { name: string; op: string; arg: string }[] {
  return [
    ...text.replace(/\$\$/g, '').matchAll(/\$\{([A-Za-z_][A-Za-z0-9_]*)(?:(:?[-?+])([^}]*))?\}/g),
  ].map((m) => ({ name: m[1], op: m[2] ?? '', arg: m[3] ?? '' }));
}

describe('compose.yaml', () => {
  it('has exactly postgres, redis, one migration per app and the three apps', () => {
    expect(Object.keys(services).sort()).toEqual(
      ['postgres', 'redis', ...APPS.flatMap(({ app }) => [app, `migrate-${app}`])].sort(),
    );
  });

  it('creates one database per app in the mounted init script', () => {
    const pg = svc('postgres');
    expect(pg.image).toBe('postgres:15');
    const mount = (pg.volumes as string[]).find(
      (v) => v.split(':')[1] === '/docker-entrypoint-initdb.d',
    );
    expect(mount).toBeDefined();
    const sql = readFileSync(
      path.join(dockerDir, mount!.split(':')[0], '01-databases.sql'),
      'utf8',
    );
    const created = [...sql.matchAll(/^\s*CREATE DATABASE\s+(\w+)\s*;/gim)].map((m) => m[1]);
    expect(created.sort()).toEqual(APPS.map((a) => a.db).sort());
  });

  it('health-checks postgres with pg_isready over TCP and redis with redis-cli ping', () => {
    const test = (name: string) => (obj(svc(name).healthcheck, name).test as string[]).join(' ');
    expect(test('postgres')).toMatch(/pg_isready\b.*-h 127\.0\.0\.1/);
    expect(test('redis')).toMatch(/redis-cli ping/);
    expect(svc('redis').image).toBe('redis:7');
  });

  it('requires ADMIN_SECRET, CURSOR_SECRET, SECRETS_ENCRYPTION_KEY and CHANNEL_ENCRYPTION_KEY with a message, and nothing else without a default', () => {
    const vars = variables(composeText);
    const required = vars.filter((v) => v.op.endsWith('?'));
    expect(new Set(required.map((v) => v.name))).toEqual(
      new Set([
        'ADMIN_SECRET',
        'CURSOR_SECRET',
        'SECRETS_ENCRYPTION_KEY',
        'CHANNEL_ENCRYPTION_KEY',
      ]),
    );
    for (const v of required)
      expect(v).toMatchObject({ op: ':?', arg: expect.stringContaining(v.name) });
    expect(vars.filter((v) => v.op === '')).toEqual([]);
    expect(composeText.replace(/\$\$/g, '')).not.toMatch(/\$[A-Za-z_]/); // no unbraced $VAR
  });

  describe.each(APPS)('$app', ({ app, port, db }) => {
    it('builds its Dockerfile target from the repository root', () => {
      for (const name of [app, `migrate-${app}`]) {
        const build = obj(svc(name).build, `${name}.build`);
        expect(build).toEqual({ context: '..', dockerfile: 'docker/Dockerfile', target: app });
        const context = path.resolve(dockerDir, build.context as string);
        expect(existsSync(path.join(context, 'package.json'))).toBe(true);
        expect(existsSync(path.join(context, build.dockerfile as string))).toBe(true);
        expect(stageNames).toContain(build.target);
      }
    });

    it(`publishes ${port}, the port the image exposes and PORT says`, () => {
      expect(svc(app).ports).toEqual([`${port}:${port}`]);
      expect(envMap(app).PORT).toBe(String(port));
      expect(last(app, 'EXPOSE')?.args).toBe(String(port));
    });

    it('waits for postgres and redis to be healthy and for its migration to succeed', () => {
      expect(dependsOn(app)).toEqual({
        postgres: 'service_healthy',
        redis: 'service_healthy',
        [`migrate-${app}`]: 'service_completed_successfully',
      });
      expect(dependsOn(`migrate-${app}`)).toEqual({ postgres: 'service_healthy' });
      expect(svc(`migrate-${app}`).command).toEqual(['node', 'migrate.js']);
      expect(svc(`migrate-${app}`).restart).toBe('no');
    });

    it('gets its own database, redis, production mode and the secrets', () => {
      for (const name of [app, `migrate-${app}`]) {
        const env = envMap(name);
        const url = new URL(String(env.DATABASE_URL));
        const { POSTGRES_USER: user, POSTGRES_PASSWORD: pass } = envMap('postgres');
        expect(url.href).toBe(`postgres://${String(user)}:${String(pass)}@postgres:5432/${db}`);
        expect(env.REDIS_URL).toBe('redis://redis:6379');
        expect(env.NODE_ENV).toBe('production');
        expect(env.CURSOR_SECRET).toMatch(/^\$\{CURSOR_SECRET:\?.+\}$/);
        if (app === 'proxy-admin') expect(env.ADMIN_SECRET).toMatch(/^\$\{ADMIN_SECRET:\?.+\}$/);
        else expect(env.ADMIN_SECRET).toBeUndefined();
        if (app !== 'maritime')
          expect(env.SECRETS_ENCRYPTION_KEY).toMatch(/^\$\{SECRETS_ENCRYPTION_KEY:\?.+\}$/);
        else expect(env.SECRETS_ENCRYPTION_KEY).toBeUndefined();
        if (app === 'maritime')
          expect(env.CHANNEL_ENCRYPTION_KEY).toMatch(/^\$\{CHANNEL_ENCRYPTION_KEY:\?.+\}$/);
        else expect(env.CHANNEL_ENCRYPTION_KEY).toBeUndefined();
      }
    });

    it('keeps the image health check, runs under an init and has 30 s to shut down', () => {
      expect(svc(app).healthcheck).toBeUndefined();
      expect(last(app, 'HEALTHCHECK')?.args).toMatch(/\/healthz/);
      expect(svc(app).init).toBe(true);
      expect(svc(app).stop_grace_period).toBe('30s');
    });
  });
});

describe('.dockerignore', () => {
  const patterns = readFileSync(path.join(repoRoot, '.dockerignore'), 'utf8')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'));
  const bare = patterns.map((p) => p.replace(/^\*\*\//, ''));

  it('keeps local builds, dependencies, git data, logs and secrets out of the context', () => {
    for (const p of ['node_modules', 'dist', '.git', 'coverage', '.nx', '*.log', '.env'])
      expect(bare).toContain(p);
  });

  it('keeps what the build needs', () => {
    const needed = [
      'package.json',
      'package-lock.json',
      'nx.json',
      'tsconfig.base.json',
      'apps',
      'libs',
      'tools',
    ];
    for (const p of bare) expect([...needed, '*', '**', '.']).not.toContain(p);
  });
});
