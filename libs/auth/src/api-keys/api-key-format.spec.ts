import { createHash } from 'node:crypto';
import { apiKeyFormat } from './api-key-format';

describe('apiKeyFormat', () => {
  const format = apiKeyFormat('mk_');

  it('generates prefixed 40-character base62 keys, stores only their SHA-256', () => {
    const a = format.generate();
    expect(a.key).toMatch(/^mk_[0-9A-Za-z]{40}$/);
    expect(a.prefix).toBe(a.key.slice(0, 11));
    expect(a.digest.equals(createHash('sha256').update(a.key).digest())).toBe(true);
    expect(format.looksLike(a.key)).toBe(true);
    expect(format.generate().key).not.toBe(a.key);
    expect(apiKeyFormat('mk_', 8).generate().prefix).toMatch(/^mk_[0-9A-Za-z]{5}$/);
  });

  it('recognises only its own shape', () => {
    expect(format.looksLike(`geo_${'a'.repeat(40)}`)).toBe(false);
    expect(format.looksLike(`mk_${'a'.repeat(39)}`)).toBe(false);
    expect(format.looksLike(`mk_${'a'.repeat(39)}-`)).toBe(false);
    expect(() => apiKeyFormat('MK')).toThrow(RangeError);
  });

  it('draws characters without bias (every base62 character appears, none dominates)', () => {
    const counts = new Map<string, number>();
    for (let i = 0; i < 500; i += 1)
      for (const c of format.generate().key.slice(3)) counts.set(c, (counts.get(c) ?? 0) + 1);
    expect(counts.size).toBe(62);
    const expected = (500 * 40) / 62;
    for (const n of counts.values()) expect(Math.abs(n - expected)).toBeLessThan(expected * 0.35);
  });
});
