import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface ArchiveBody {
  archive: {
    format: string;
    version: number;
    metadata: Record<string, unknown>;
    files: { path: string; media_type: string; content: string }[];
    manifest: {
      algorithm: string;
      entries: { path: string; sha256: string; bytes: number }[];
      manifest_sha256: string;
    };
  };
}

/** A fresh temporary directory, removed by `done`. */
export function tempDir(): { dir: string; done: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'case-export-'));
  return { dir, done: () => rmSync(dir, { recursive: true, force: true }) };
}

/** Writes the files and a SHA256SUMS made from the manifest, then runs `sha256sum -c`. */
export function sha256sumCheck(
  dir: string,
  files: readonly { path: string; content: string | Buffer }[],
  sums: string,
): { ok: boolean; output: string } {
  for (const f of files) writeFileSync(join(dir, f.path), f.content);
  writeFileSync(join(dir, 'SHA256SUMS'), sums);
  return runSha256sum(dir);
}

export function runSha256sum(dir: string): { ok: boolean; output: string } {
  try {
    const output = execFileSync('sha256sum', ['-c', 'SHA256SUMS'], { cwd: dir, encoding: 'utf8' });
    return { ok: true, output };
  } catch (error) {
    const e = error as { stdout?: string; stderr?: string };
    return { ok: false, output: `${e.stdout ?? ''}${e.stderr ?? ''}` };
  }
}

/** GETs raw bytes (for the tar export). */
export async function fetchBytes(
  url: string,
  key: string,
): Promise<{ status: number; headers: Headers; bytes: Buffer }> {
  const response = await fetch(url, { headers: { 'x-api-key': key } });
  return {
    status: response.status,
    headers: response.headers,
    bytes: Buffer.from(await response.arrayBuffer()),
  };
}
