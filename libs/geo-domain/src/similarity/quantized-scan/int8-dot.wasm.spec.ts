import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import wabtInit from 'wabt';
import { INT8_DOT_WASM_BASE64 } from './int8-dot.wasm';

describe('int8-dot.wasm.ts', () => {
  it('is the compiled int8-dot.wat (else run node tools/wasm/compile-wat.mjs)', async () => {
    const wabt = await wabtInit();
    const source = readFileSync(join(__dirname, 'int8-dot.wat'), 'utf8');
    const parsed = wabt.parseWat('int8-dot.wat', source, { simd: true });
    try {
      parsed.validate();
      expect(Buffer.from(parsed.toBinary({}).buffer).toString('base64')).toBe(INT8_DOT_WASM_BASE64);
    } finally {
      parsed.destroy();
    }
  });

  it('computes exact integer dot products, scaled', () => {
    const memory = new WebAssembly.Memory({ initial: 1 });
    const module = new WebAssembly.Module(Buffer.from(INT8_DOT_WASM_BASE64, 'base64'));
    const centers = new WebAssembly.Instance(module, { env: { memory } }).exports['centers'] as (
      x: number,
      rows: number,
      q: number,
      scales: number,
      sq: number,
      out: number,
    ) => void;
    // Six rows: one block of four, then two left over (rows 4 and 5 repeat rows 1 and 2).
    const rows = 6;
    const codes = new Int8Array(memory.buffer, 0, rows * 64);
    const query = new Int8Array(memory.buffer, 512, 64);
    const scales = new Float32Array(memory.buffer, 576, rows);
    const out = new Float32Array(memory.buffer, 608, rows);
    for (let j = 0; j < 64; j++) {
      codes[j] = 127; // row 0: the largest products, all positive
      codes[64 + j] = j % 2 ? -127 : 127; // row 1: alternating signs
      codes[128 + j] = j - 32; // row 2: a ramp
      query[j] = j % 2 ? -127 : 127;
      codes[256 + j] = codes[64 + j];
      codes[320 + j] = codes[128 + j];
    }
    scales.set([1, 0.5, 1, NaN, 0.5, 1]); // the fourth row has no vector
    centers(0, rows, 512, 576, 2, 608);
    let ramp = 0;
    for (let j = 0; j < 64; j++) ramp += (j - 32) * query[j];
    expect(out[0]).toBe(0);
    expect(out[1]).toBe(64 * 127 * 127 * 0.5 * 2);
    expect(ramp).toBe(-32 * 127);
    expect(out[2]).toBe(ramp * 2);
    expect(out[3]).toBeNaN();
    expect([out[4], out[5]]).toEqual([out[1], out[2]]);
  });
});
