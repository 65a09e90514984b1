import { ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import path from 'node:path';
import { processEnvironment } from '@platform/config';
import { waitFor } from './test-app';

export interface ServiceProcess {
  child: ChildProcessWithoutNullStreams;
  url: string;
  output(): string;
  exited: Promise<number | null>;
}

const workspaceRoot = path.resolve(__dirname, '../../..');

/**
 * Runs a service's real main.ts in a child process (compiled on the fly by swc), so signals and
 * exit codes are the operating system's, not a simulation.
 */
export async function spawnService(
  mainFile: string,
  env: Record<string, string>,
  port: number,
): Promise<ServiceProcess> {
  const child = spawn(
    process.execPath,
    ['-r', '@swc-node/register', path.join(workspaceRoot, mainFile)],
    {
      cwd: workspaceRoot,
      env: {
        PATH: processEnvironment()['PATH'] ?? '',
        TZ: 'UTC',
        SWC_NODE_PROJECT: path.join(workspaceRoot, 'tsconfig.base.json'),
        ...env,
        PORT: String(port),
      },
    },
  );
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => resolve(code)),
  );
  const url = `http://127.0.0.1:${port}`;
  let gone = false;
  void exited.then(() => (gone = true));
  await waitFor(
    async () => {
      if (gone) throw new Error(`service exited during start-up:\n${output}`);
      return fetch(`${url}/healthz`).then(
        (r) => r.ok,
        () => false,
      );
    },
    30_000,
    `${mainFile} to answer /healthz`,
  );
  return { child, url, output: () => output, exited };
}
