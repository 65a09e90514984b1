// The Nx workspace as its users drive it: the targets every project has, the build cache, and
// `nx affected` choosing exactly the projects a change can break (docs/build.md).
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const root = path.resolve(__dirname, '../..');
const APPS = ['proxy-admin', 'geo-scoring', 'maritime'];

async function nx(...args: string[]): Promise<string> {
  const { stdout, stderr } = await run(path.join(root, 'node_modules/.bin/nx'), args, {
    cwd: root,
    env: { ...process.env, NX_DAEMON: 'false', NX_TUI: 'false', NX_NO_CLOUD: 'true', CI: 'true' },
    maxBuffer: 64 * 1024 * 1024,
  });
  return stdout + stderr;
}

interface Graph {
  nodes: Record<
    string,
    { type: string; data: { targets: Record<string, unknown>; tags: string[] } }
  >;
  dependencies: Record<string, { target: string }[]>;
}

async function readGraph(): Promise<Graph> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'nx-graph-'));
  try {
    await nx('graph', `--file=${path.join(dir, 'graph.json')}`);
    return (JSON.parse(readFileSync(path.join(dir, 'graph.json'), 'utf8')) as { graph: Graph })
      .graph;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const affected = async (file: string): Promise<string[]> =>
  (await nx('show', 'projects', '--affected', `--files=${file}`, '-t', 'test'))
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)
    .sort();

/** The project and every project that imports it, directly or through others. */
function withDependents(graph: Graph, project: string): string[] {
  const found = new Set([project]);
  for (let grew = true; grew;) {
    grew = false;
    for (const [source, deps] of Object.entries(graph.dependencies))
      if (!found.has(source) && graph.nodes[source] && deps.some((d) => found.has(d.target))) {
        found.add(source);
        grew = true;
      }
  }
  return [...found].sort();
}

describe('Nx workspace', () => {
  let graph: Graph;
  beforeAll(async () => {
    graph = await readGraph();
  }, 120_000);

  it('gives every app build, serve, migrate, test, lint and typecheck, and every lib test, lint and typecheck', () => {
    const projects = Object.entries(graph.nodes);
    for (const app of APPS) expect(graph.nodes[app]?.type).toBe('app');
    for (const [name, node] of projects) {
      const targets = Object.keys(node.data.targets);
      const wanted = APPS.includes(name)
        ? ['build', 'serve', 'migrate', 'test', 'lint', 'typecheck']
        : ['test', 'lint', 'typecheck'];
      expect({ name, missing: wanted.filter((t) => !targets.includes(t)) }).toEqual({
        name,
        missing: [],
      });
      expect(node.data.tags.length).toBeGreaterThan(0);
    }
    expect(projects.filter(([, n]) => n.type === 'lib').length).toBeGreaterThanOrEqual(15);
  });

  it('lets no lib depend on an app and no app on another app', () => {
    for (const [source, deps] of Object.entries(graph.dependencies)) {
      if (!graph.nodes[source]) continue;
      const apps = deps.map((d) => d.target).filter((t) => APPS.includes(t));
      expect({ source, apps }).toEqual({ source, apps: [] });
    }
  });

  it("runs only that app's tests after a change to one app's file", async () => {
    for (const app of APPS) expect(await affected(`apps/${app}/src/main.ts`)).toEqual([app]);
  }, 120_000);

  it('runs the tests of a lib and of every project using it after a change to the lib', async () => {
    const clock = await affected('libs/clock/src/index.ts');
    expect(clock).toEqual(withDependents(graph, 'clock'));
    expect(clock).toEqual(expect.arrayContaining(APPS));
    const maritimeDomain = await affected('libs/maritime-domain/src/index.ts');
    expect(maritimeDomain).toEqual(withDependents(graph, 'maritime-domain'));
    expect(maritimeDomain).toContain('maritime');
    expect(maritimeDomain).not.toContain('proxy-admin');
  }, 120_000);

  it('reads a second build with nothing changed from the cache', async () => {
    await nx('build', 'proxy-admin');
    const again = await nx('build', 'proxy-admin');
    expect(again).toMatch(/Nx read the output from the cache|1\/1 hit/);
  }, 240_000);
});
