import { createHash } from 'node:crypto';

/**
 * The manifest of a case archive. Each file's digest is the SHA-256 of its UTF-8 bytes, and the
 * manifest digest is the SHA-256 of the `"<sha256>  <path>\n"` lines sorted by path: exactly
 * what `sha256sum` prints for the files once written, so `sha256sum -c` verifies them.
 */

export interface ArchiveFile {
  path: string;
  media_type: string;
  content: string;
}

export interface ManifestEntry {
  path: string;
  sha256: string;
  bytes: number;
}

export interface ArchiveManifest {
  algorithm: 'sha256';
  entries: ManifestEntry[];
  manifest_sha256: string;
}

export function sha256Hex(data: string | Uint8Array): string {
  return createHash('sha256').update(data).digest('hex');
}

const byPath = <T extends { path: string }>(a: T, b: T): number =>
  a.path < b.path ? -1 : a.path > b.path ? 1 : 0;

/** The entries sorted by path. */
export function manifestEntries(files: readonly ArchiveFile[]): ManifestEntry[] {
  return files
    .map((f) => ({
      path: f.path,
      sha256: sha256Hex(f.content),
      bytes: Buffer.byteLength(f.content, 'utf8'),
    }))
    .sort(byPath);
}

/** `sha256sum` output for the entries: one `"<sha256>  <path>\n"` line each, sorted by path. */
export function sha256sumLines(entries: readonly ManifestEntry[]): string {
  return [...entries]
    .sort(byPath)
    .map((e) => `${e.sha256}  ${e.path}\n`)
    .join('');
}

export function buildManifest(files: readonly ArchiveFile[]): ArchiveManifest {
  const entries = manifestEntries(files);
  return { algorithm: 'sha256', entries, manifest_sha256: sha256Hex(sha256sumLines(entries)) };
}

/**
 * JSON with object keys in sorted order at every level, two-space indented, ending in a newline:
 * the same value always serialises to the same bytes.
 */
export function canonicalJson(value: unknown): string {
  return `${JSON.stringify(sortKeys(value), null, 2)}\n`;
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value !== null && typeof value === 'object' && !(value instanceof Date)) {
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value).sort())
      out[key] = sortKeys((value as Record<string, unknown>)[key]);
    return out;
  }
  return value;
}
