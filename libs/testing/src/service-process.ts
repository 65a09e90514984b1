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

function spawnMain(mainFile: string, env: Record<string, string>): ChildProcessWithoutNullStreams {
  return spawn(process.execPath, ['-r', '@swc-node/register', path.join(workspaceRoot, mainFile)], {
    cwd: workspaceRoot,
    env: {
      PATH: processEnvironment()['PATH'] ?? '',
      TZ: 'UTC',
      SWC_NODE_PROJECT: path.join(workspaceRoot, 'tsconfig.base.json'),
      ...env,
    },
  });
}

/** Runs a service's main.ts until it exits by itself (e.g. refusing bad configuration). */
export function runToExit(
  mainFile: string,
  env: Record<string, string>,
  timeoutMs = 30_000,
): Promise<{ code: number | null; output: string }> {
  const child = spawnMain(mainFile, env);
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${mainFile} did not exit within ${timeoutMs} ms:\n${output}`));
    }, timeoutMs);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

/**
 * Runs a service's real main.ts in a child process (compiled on the fly by swc), so signals and
 * exit codes are the operating system's, not a simulation.
 */
export async function spawnService(
  mainFile: string,
  env: Record<string, string>,
  port: number,
): Promise<ServiceProcess> {
  const child = spawnMain(mainFile, { ...env, PORT: String(port) });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => resolve(code)),
  );
  const url = `http://127.0.0.1:${port}`;
  let gone = false;
  void exited.then(() => (gone = true));
  try {
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
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  return { child, url, output: () => output, exited };
}
