import { createHash } from 'node:crypto';
import { buildManifest, canonicalJson, sha256Hex, sha256sumLines } from './archive';

const files = [
  { path: 'narrative.md', media_type: 'text/markdown', content: '# Case\nÅlesund → Oslo\n' },
  { path: 'case.json', media_type: 'application/json', content: '{"a":1}\n' },
];

describe('archive manifest', () => {
  it('hashes the UTF-8 bytes of each file and counts bytes, sorted by path', () => {
    const manifest = buildManifest(files);
    expect(manifest.entries.map((e) => e.path)).toEqual(['case.json', 'narrative.md']);
    const narrative = manifest.entries[1]!;
    const bytes = Buffer.from(files[0]!.content, 'utf8');
    expect(narrative.bytes).toBe(bytes.length);
    expect(narrative.bytes).toBeGreaterThan(files[0]!.content.length); // multibyte characters
    expect(narrative.sha256).toBe(createHash('sha256').update(bytes).digest('hex'));
  });

  it('manifest_sha256 is the SHA-256 of the sha256sum lines', () => {
    const manifest = buildManifest(files);
    const lines = manifest.entries.map((e) => `${e.sha256}  ${e.path}\n`).join('');
    expect(sha256sumLines(manifest.entries)).toBe(lines);
    expect(manifest.manifest_sha256).toBe(createHash('sha256').update(lines, 'utf8').digest('hex'));
    expect(sha256Hex('')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
  });

  it('canonical JSON sorts keys at every level and is stable', () => {
    expect(canonicalJson({ b: 1, a: { d: [2, { z: 1, y: 0 }], c: null } })).toBe(
      '{\n  "a": {\n    "c": null,\n    "d": [\n      2,\n      {\n        "y": 0,\n        "z": 1\n      }\n    ]\n  },\n  "b": 1\n}\n',
    );
  });
});
