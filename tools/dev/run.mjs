// Small process helpers shared by the launcher and the migrate script.
import { spawn, execFileSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

export function say(message) {
  process.stdout.write(`${message}\n`);
}

export function build() {
  execFileSync(process.execPath, [join(ROOT, 'tools/build.mjs')], { cwd: ROOT, stdio: 'inherit' });
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
