// Compiles the project's WebAssembly text sources into TypeScript modules holding the binary
// as base64, so the apps need no WebAssembly toolchain at build or run time.
// `node tools/wasm/compile-wat.mjs` rewrites them; `--check` exits 1 when one is stale.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import wabtInit from 'wabt';

const ROOT = join(import.meta.dirname, '../..');

/** Each .wat source and the .ts module generated from it. */
export const WAT_SOURCES = [
  {
    wat: 'libs/geo-domain/src/similarity/quantized-scan/int8-dot.wat',
    ts: 'libs/geo-domain/src/similarity/quantized-scan/int8-dot.wasm.ts',
    constant: 'INT8_DOT_WASM_BASE64',
  },
];

/** The .ts module text for one source. */
export async function generatedModule({ wat, constant }) {
  const wabt = await wabtInit();
  const parsed = wabt.parseWat(wat, readFileSync(join(ROOT, wat), 'utf8'), { simd: true });
  try {
    parsed.validate();
    const { buffer } = parsed.toBinary({});
    const base64 = Buffer.from(buffer).toString('base64');
    return [
      `// Generated from ${wat.split('/').pop()} by tools/wasm/compile-wat.mjs. Do not edit.`,
      `export const ${constant} =`,
      `  '${base64}';`,
      '',
    ].join('\n');
  } finally {
    parsed.destroy();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const check = process.argv.includes('--check');
  let stale = 0;
  for (const source of WAT_SOURCES) {
    const text = await generatedModule(source);
    const path = join(ROOT, source.ts);
    let current = '';
    try {
      current = readFileSync(path, 'utf8');
    } catch {
      // missing: stale
    }
    if (current === text) continue;
    stale++;
    if (check) console.error(`${source.ts} is stale: run node tools/wasm/compile-wat.mjs`);
    else writeFileSync(path, text);
  }
  process.exit(check && stale > 0 ? 1 : 0);
}
