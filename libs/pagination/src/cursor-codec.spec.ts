import fc from 'fast-check';
import { ApiError } from '@platform/http';
import { CursorCodec, CursorPosition, MAX_CURSOR_LENGTH } from './cursor-codec';
import { computeCursorMac } from './cursor-mac';

const SECRET = 'test-cursor-secret';
const codec = new CursorCodec(SECRET, 'maritime:deliveries');

/** Runs `fn` and asserts it throws exactly ApiError(400, 'invalid_cursor'). */
function expectInvalidCursor(fn: () => unknown): void {
  let thrown: unknown;
  try {
    fn();
  } catch (error) {
    thrown = error;
  }
  expect(thrown).toBeInstanceOf(ApiError);
  expect(thrown).toMatchObject({ status: 400, code: 'invalid_cursor' });
  expect((thrown as ApiError).message.length).toBeGreaterThan(0);
}

/** A cursor carrying an arbitrary payload but a correct MAC, as if minted with our secret. */
function forgeWithSecret(payloadJson: string, scope = 'maritime:deliveries'): string {
  const payloadText = Buffer.from(payloadJson, 'utf8').toString('base64url');
  return `${payloadText}.${computeCursorMac(SECRET, scope, payloadText)}`;
}

// Sort keys as services use them: text (any Unicode, lone surrogates included), integers, doubles.
const sortKey = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.integer(),
  fc.maxSafeInteger(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);
const rowId = fc.oneof(fc.uuid(), fc.string({ unit: 'binary', maxLength: 40 }));
const position = fc.record({ sort: sortKey, id: rowId });
const validCursor = position.map((p) => codec.encode(p));

describe('CursorCodec round trip', () => {
  it('decodes what it encodes, keeping the sort key type', () => {
    fc.assert(
      fc.property(position, (p) => {
        const decoded = codec.decode(codec.encode(p));
        expect(decoded.id).toBe(p.id);
        expect(typeof decoded.sort).toBe(typeof p.sort);
        // -0 comes back as 0 (JSON), which compares equal in SQL.
        expect(decoded.sort === p.sort).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  it('produces URL-safe cursors no longer than the cap', () => {
    fc.assert(
      fc.property(validCursor, (cursor) => {
        expect(cursor).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
        expect(cursor.length).toBeLessThanOrEqual(MAX_CURSOR_LENGTH);
      }),
    );
  });

  it('keeps typical positions (ISO timestamp + uuid) short', () => {
    const cursor = codec.encode({
      sort: '2024-05-01T12:34:56.789123Z',
      id: '7d444840-9dc0-11d1-b245-5ffdce74fad2',
    });
    expect(cursor.length).toBeLessThan(120);
    expect(codec.decode(cursor)).toEqual({
      sort: '2024-05-01T12:34:56.789123Z',
      id: '7d444840-9dc0-11d1-b245-5ffdce74fad2',
    });
  });

  it('keeps extreme numbers exactly', () => {
    for (const sort of [Number.MAX_VALUE, Number.MIN_VALUE, Number.MAX_SAFE_INTEGER, -1.5e-300]) {
      expect(codec.decode(codec.encode({ sort, id: 'x' })).sort).toBe(sort);
    }
  });

  it('refuses to encode what it could not decode', () => {
    expect(() => codec.encode({ sort: Number.NaN, id: 'a' })).toThrow(RangeError);
    expect(() => codec.encode({ sort: Number.POSITIVE_INFINITY, id: 'a' })).toThrow(RangeError);
    expect(() => codec.encode({ sort: 'x'.repeat(MAX_CURSOR_LENGTH), id: 'a' })).toThrow(
      RangeError,
    );
  });

  it('rejects an empty secret or scope at construction', () => {
    expect(() => new CursorCodec('', 'scope')).toThrow(TypeError);
    expect(() => new CursorCodec('secret', '')).toThrow(TypeError);
  });
});

describe('CursorCodec rejects cursors it did not issue for this list', () => {
  it('rejects a cursor with any single character changed', () => {
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.=+/ ';
    fc.assert(
      fc.property(
        validCursor,
        fc.nat(),
        fc.constantFrom(...alphabet.split('')),
        (cursor, index, replacement) => {
          const at = index % cursor.length;
          fc.pre(cursor[at] !== replacement);
          const tampered = cursor.slice(0, at) + replacement + cursor.slice(at + 1);
          expectInvalidCursor(() => codec.decode(tampered));
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('rejects every truncation and every extension', () => {
    fc.assert(
      fc.property(
        validCursor,
        fc.nat(),
        fc.string({ minLength: 1, maxLength: 4 }),
        (cursor, n, tail) => {
          expectInvalidCursor(() => codec.decode(cursor.slice(0, n % cursor.length)));
          expectInvalidCursor(() => codec.decode(cursor + tail));
        },
      ),
    );
  });

  it('rejects a cursor issued for another scope (foreign cursor)', () => {
    const alerts = new CursorCodec(SECRET, 'maritime:alerts');
    fc.assert(
      fc.property(position, (p) => {
        expectInvalidCursor(() => codec.decode(alerts.encode(p)));
        expectInvalidCursor(() => alerts.decode(codec.encode(p)));
      }),
    );
  });

  it('does not let characters move between scope and payload', () => {
    const a = new CursorCodec(SECRET, 'ab');
    const b = new CursorCodec(SECRET, 'a');
    expectInvalidCursor(() => b.decode(a.encode({ sort: 1, id: 'x' })));
  });

  it('rejects a cursor signed with another secret', () => {
    const other = new CursorCodec('another-secret', 'maritime:deliveries');
    fc.assert(
      fc.property(position, (p) => {
        expectInvalidCursor(() => codec.decode(other.encode(p)));
      }),
    );
  });

  it('rejects swapped payloads and MACs between two valid cursors', () => {
    const first = codec.encode({ sort: 1, id: 'a' });
    const second = codec.encode({ sort: 2, id: 'b' });
    const [payload1, mac1] = first.split('.');
    const [payload2, mac2] = second.split('.');
    expectInvalidCursor(() => codec.decode(`${payload1}.${mac2}`));
    expectInvalidCursor(() => codec.decode(`${payload2}.${mac1}`));
  });

  it.each([
    ['empty', ''],
    ['just a dot', '.'],
    ['no MAC', 'WzEsImEiXQ'],
    ['empty MAC', 'WzEsImEiXQ.'],
    ['two dots', 'WzEsImEiXQ.abc.def'],
    ['padded base64', 'WzEsImEiXQ==.abcdefghijklmnopqrstuv'],
    ['whitespace', ' WzEsImEiXQ.abcdefghijklmnopqrstuv'],
    ['over-long', `${'A'.repeat(MAX_CURSOR_LENGTH)}.abcdefghijklmnopqrstuv`],
    ['an ISO timestamp', '2024-05-01T00:00:00Z'],
  ])('rejects %s', (_label, cursor) => {
    expectInvalidCursor(() => codec.decode(cursor));
  });

  it.each([
    ['undefined', undefined],
    ['null', null],
    ['a number', 42],
    ['an array (repeated query parameter)', ['a', 'b']],
    ['an object', { sort: 1, id: 'a' }],
  ])('rejects a non-string value: %s', (_label, value) => {
    expectInvalidCursor(() => codec.decode(value));
  });

  it('never throws anything but invalid_cursor for arbitrary input', () => {
    const junk = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 600 }),
      fc.stringMatching(/^[A-Za-z0-9_-]{0,60}\.[A-Za-z0-9_-]{0,30}$/),
      fc.string({ unit: 'binary', maxLength: 60 }).map((s) => Buffer.from(s).toString('base64url')),
      fc.anything(),
    );
    fc.assert(
      fc.property(junk, (value) => {
        expectInvalidCursor(() => codec.decode(value));
      }),
      { numRuns: 1000 },
    );
  });
});

describe('CursorCodec validates the authenticated payload strictly', () => {
  it.each([
    ['not JSON', 'not json'],
    ['an object', '{"sort":1,"id":"a"}'],
    ['a one-element array', '[1]'],
    ['a three-element array', '[1,"a","b"]'],
    ['a numeric id', '[1,2]'],
    ['a null id', '[1,null]'],
    ['a boolean sort', '[true,"a"]'],
    ['a null sort', '[null,"a"]'],
    ['an object sort', '[{},"a"]'],
    ['an overflowing number', '[1e400,"a"]'],
    ['a bare string', '"a"'],
  ])('rejects a correctly signed payload with %s', (_label, payloadJson) => {
    expectInvalidCursor(() => codec.decode(forgeWithSecret(payloadJson)));
  });

  it('accepts a correctly signed well-formed payload (the forging helper is faithful)', () => {
    const decoded: CursorPosition = codec.decode(forgeWithSecret('[1.5,"row-1"]'));
    expect(decoded).toEqual({ sort: 1.5, id: 'row-1' });
  });
});
