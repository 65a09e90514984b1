// Where the proxy key lives on an employee's machine, and how it is written: owner-only
// permissions from the first byte, and atomically, so a reader never sees half a key.
import { randomBytes } from 'node:crypto';
import { chmod, mkdir, open, rename, rm } from 'node:fs/promises';
import { homedir } from 'node:os';
import { basename, dirname, isAbsolute, join, resolve } from 'node:path';
import type { Environment } from '@platform/config';

/** `$XDG_CONFIG_HOME/proxy/key`, or `~/.config/proxy/key` (a relative XDG value is ignored, per the spec). */
export function defaultKeyPath(env: Environment): string {
  const xdg = env['XDG_CONFIG_HOME'];
  const configHome =
    xdg !== undefined && isAbsolute(xdg) ? xdg : join(env['HOME'] || homedir(), '.config');
  return join(configHome, 'proxy', 'key');
}

/**
 * Writes `key` (no trailing newline) to `path` with mode 0600. A missing parent directory is
 * created 0700; an existing one is left as it is (it may be shared, e.g. /tmp). The key goes to a
 * temporary file in the same directory first and is renamed over `path`, which also replaces an
 * existing file (whatever its mode was) with a 0600 one.
 */
export async function writeKeyFile(path: string, key: string): Promise<string> {
  const target = resolve(path);
  const directory = dirname(target);
  await mkdir(directory, { recursive: true, mode: 0o700 });
  const temporary = join(directory, `.${basename(target)}.${randomBytes(6).toString('hex')}.tmp`);
  try {
    // 'wx': never follow or reuse a file someone else placed under the temporary name.
    const handle = await open(temporary, 'wx', 0o600);
    try {
      await handle.writeFile(key, 'utf8');
      await handle.sync();
    } finally {
      await handle.close();
    }
    // The umask can only remove bits; chmod makes the mode exactly 0600 whatever it is.
    await chmod(temporary, 0o600);
    await rename(temporary, target);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
  return target;
}
