// Small process helpers shared by the launcher and the migrate script.
import { spawn, execFileSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

export function say(message) {
  process.stdout.write(`${message}\n`);
}

/** `nx run-many -t build`: each service into its own dist/apps/<app>/ (a cache hit when unchanged). */
export function build() {
  execFileSync(join(ROOT, 'node_modules', '.bin', 'nx'), ['run-many', '-t', 'build'], {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...process.env, NX_DAEMON: 'false', NX_TUI: 'false', NX_NO_CLOUD: 'true' },
  });
}

/** Runs a node script to completion; resolves with its exit code. */
export function runNode(file, env, args = []) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [join(ROOT, file), ...args], {
      cwd: ROOT,
      env,
      stdio: 'inherit',
    });
    child.once('exit', (code) => resolve(code ?? 1));
  });
}
