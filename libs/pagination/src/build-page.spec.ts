import fc from 'fast-check';
import { buildPage, Page } from './build-page';
import { CursorCodec, CursorPosition } from './cursor-codec';

interface Row {
  id: string;
  createdAt: string;
}

const codec = new CursorCodec('test-cursor-secret', 'test:rows');
const toPosition = (row: Row) => ({ sort: row.createdAt, id: row.id });

/** Rows newest first, as `ORDER BY created_at DESC, id DESC` returns them. */
function rows(count: number): Row[] {
  return Array.from({ length: count }, (_, i) => ({
    id: `row-${String(count - i).padStart(4, '0')}`,
    createdAt: new Date(Date.UTC(2024, 0, 1) + (count - i) * 1000).toISOString(),
  }));
}

describe('buildPage', () => {
  it('returns everything and no cursor when fewer than limit rows came back', () => {
    const page = buildPage(rows(3), 5, toPosition, codec);
    expect(page.items).toHaveLength(3);
    expect(page.next_cursor).toBeNull();
    expect(page.has_more).toBe(false);
  });

  it('returns no cursor when exactly limit rows came back (last page)', () => {
    const page = buildPage(rows(5), 5, toPosition, codec);
    expect(page.items).toHaveLength(5);
    expect(page.next_cursor).toBeNull();
    expect(page.has_more).toBe(false);
  });

  it('drops the probe row and points the cursor at the last row kept', () => {
    const fetched = rows(6);
    const page = buildPage(fetched, 5, toPosition, codec);
    expect(page.items).toEqual(fetched.slice(0, 5));
    expect(page.has_more).toBe(true);
    expect(codec.decode(page.next_cursor)).toEqual(toPosition(fetched[4]!));
  });

  it('handles an empty result', () => {
    expect(buildPage([], 10, toPosition, codec)).toEqual({
      items: [],
      next_cursor: null,
      has_more: false,
    });
  });

  it('does not modify the rows it is given', () => {
    const fetched = rows(4);
    const copy = [...fetched];
    buildPage(fetched, 3, toPosition, codec);
    expect(fetched).toEqual(copy);
  });

  it.each([0, -1, 1.5, Number.NaN])('refuses limit %p (a caller bug)', (limit) => {
    expect(() => buildPage(rows(2), limit, toPosition, codec)).toThrow(RangeError);
  });

  it('walks a whole keyset-ordered list without gaps or repeats', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 60 }),
        fc.integer({ min: 1, max: 12 }),
        (total, limit) => {
          const all = rows(total);
          const seen: Row[] = [];
          let cursor: string | null = null;
          let pages = 0;
          do {
            // Simulates WHERE (created_at, id) < ($1, $2) ORDER BY ... DESC LIMIT limit + 1.
            const after: CursorPosition | null = cursor === null ? null : codec.decode(cursor);
            const remaining: Row[] = all.filter(
              (row) =>
                after === null ||
                row.createdAt < String(after.sort) ||
                (row.createdAt === after.sort && row.id < after.id),
            );
            const page: Page<Row> = buildPage(
              remaining.slice(0, limit + 1),
              limit,
              toPosition,
              codec,
            );
            seen.push(...page.items);
            cursor = page.next_cursor;
            pages += 1;
          } while (cursor !== null);
          expect(seen).toEqual(all);
          expect(pages).toBe(Math.max(1, Math.ceil(total / limit)));
        },
      ),
    );
  });
});
