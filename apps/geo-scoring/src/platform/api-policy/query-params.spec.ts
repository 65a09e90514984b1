import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { latLngToCell } from 'h3-js';
import { ClampedInt, IsRes8Cell, OptionalIntInRange, isRes8Cell } from './query-params';

class Query {
  @ClampedInt({ min: 1, max: 100, default: 25 })
  limit!: number;

  @OptionalIntInRange(0, 100)
  compositeMin?: number;
}

class CellBody {
  @IsRes8Cell()
  h3Index!: string;
}

function parse(query: Record<string, unknown>): { value: Query; errors: string[] } {
  const value = plainToInstance(Query, query);
  const errors = validateSync(value).flatMap((e) => Object.values(e.constraints ?? {}));
  return { value, errors };
}

describe('query parameter policy', () => {
  it('fills the default when absent and clamps out-of-range integers', () => {
    expect(parse({}).value.limit).toBe(25);
    expect(parse({ limit: '0' }).value.limit).toBe(1);
    expect(parse({ limit: '-5' }).value.limit).toBe(1);
    expect(parse({ limit: '1000' }).value.limit).toBe(100);
    expect(parse({ limit: '42' }).value.limit).toBe(42);
    expect(parse({ limit: '42' }).errors).toEqual([]);
  });

  it('refuses anything that is not a plain integer', () => {
    for (const bad of ['abc', '', '1.5', '1e3', '0x10', ' 5', ['1', '2'], '9'.repeat(20)]) {
      expect(parse({ limit: bad }).errors).toEqual(['limit must be an integer']);
    }
  });

  it('validates thresholds without clamping them', () => {
    expect(parse({ compositeMin: '80' }).value.compositeMin).toBe(80);
    expect(parse({}).value.compositeMin).toBeUndefined();
    expect(parse({ compositeMin: '101' }).errors).toHaveLength(1);
    expect(parse({ compositeMin: '-1' }).errors).toHaveLength(1);
    expect(parse({ compositeMin: 'x' }).errors.length).toBeGreaterThan(0);
  });

  it('accepts only valid resolution-8 cells', () => {
    const r8 = latLngToCell(30.2672, -97.7431, 8);
    const r9 = latLngToCell(30.2672, -97.7431, 9);
    expect(isRes8Cell(r8)).toBe(true);
    for (const bad of [r9, r8.toUpperCase(), 'not-a-cell', '8826c8', 42, null, '0'.repeat(15)]) {
      expect(isRes8Cell(bad)).toBe(false);
      expect(validateSync(plainToInstance(CellBody, { h3Index: bad }))).not.toHaveLength(0);
    }
  });
});
