import { createHash } from 'node:crypto';
import { digestApiKey, generateApiKey, looksLikeApiKey } from './api-key-material';

describe('api key material', () => {
  it('is geo_ + 40 base62 characters, with its SHA-256 and a 12-character prefix', () => {
    const { key, digest, prefix } = generateApiKey();
    expect(key).toMatch(/^geo_[0-9A-Za-z]{40}$/);
    expect(digest.equals(createHash('sha256').update(key).digest())).toBe(true);
    expect(prefix).toBe(key.slice(0, 12));
    expect(looksLikeApiKey(key)).toBe(true);
  });

  it('never repeats and uses the whole alphabet evenly', () => {
    const counts = new Map<string, number>();
    const keys = new Set<string>();
    for (let i = 0; i < 2000; i++) {
      const { key } = generateApiKey();
      keys.add(key);
      for (const char of key.slice(4)) counts.set(char, (counts.get(char) ?? 0) + 1);
    }
    expect(keys.size).toBe(2000);
    expect(counts.size).toBe(62);
    // 80,000 draws over 62 symbols: ~1,290 each; a modulo bias would push 8 symbols ~3% higher
    // and the rest lower, which these bounds (±12%) would not catch, so check the spread too.
    const values = [...counts.values()];
    expect(Math.min(...values)).toBeGreaterThan(1290 * 0.88);
    expect(Math.max(...values)).toBeLessThan(1290 * 1.12);
  });

  it('refuses anything that cannot be a key before any lookup', () => {
    for (const value of [
      '',
      'geo_',
      'geo_short',
      `geo_${'a'.repeat(41)}`,
      `sk-proxy-${'a'.repeat(40)}`,
      `geo_${'-'.repeat(40)}`,
    ]) {
      expect(looksLikeApiKey(value)).toBe(false);
    }
    expect(digestApiKey('x')).toHaveLength(32);
  });
});
