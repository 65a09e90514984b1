import fc from 'fast-check';
import { ApiError } from '@platform/http';
import { CursorCodec } from './cursor-codec';
import { decodeCursorOrIsoTimestamp } from './iso-timestamp-cursor';

const codec = new CursorCodec('test-cursor-secret', 'maritime:alerts');

function expectInvalidCursor(value: unknown): void {
  let thrown: unknown;
  try {
    decodeCursorOrIsoTimestamp(codec, value);
  } catch (error) {
    thrown = error;
  }
  expect(thrown).toBeInstanceOf(ApiError);
  expect(thrown).toMatchObject({ status: 400, code: 'invalid_cursor' });
}

describe('decodeCursorOrIsoTimestamp', () => {
  it('decodes one of our cursors as a keyset position', () => {
    const cursor = codec.encode({ sort: '2024-05-01T00:00:00.000Z', id: 'platform:42' });
    expect(decodeCursorOrIsoTimestamp(codec, cursor)).toEqual({
      kind: 'keyset',
      position: { sort: '2024-05-01T00:00:00.000Z', id: 'platform:42' },
    });
  });

  it.each([
    ['2024-05-01T12:34:56Z', '2024-05-01T12:34:56.000000Z'],
    ['2024-05-01T12:34:56.789Z', '2024-05-01T12:34:56.789000Z'],
    ['2024-05-01T12:34:56.123456Z', '2024-05-01T12:34:56.123456Z'],
    ['2024-05-01T12:34:56.123456789Z', '2024-05-01T12:34:56.123456Z'],
    ['2024-05-01T12:34:56.5+02:00', '2024-05-01T10:34:56.500000Z'],
    ['2024-05-01T00:30:00-0130', '2024-05-01T02:00:00.000000Z'],
    ['2024-05-01T12:34:56 02:00', '2024-05-01T10:34:56.000000Z'], // "+" decoded as space
    ['2024-05-01T12:34', '2024-05-01T12:34:00.000000Z'], // no offset: UTC
    ['2024-05-01 12:34:56', '2024-05-01T12:34:56.000000Z'],
    ['2024-05-01', '2024-05-01T00:00:00.000000Z'],
    ['2024-02-29T23:59:59.999999Z', '2024-02-29T23:59:59.999999Z'],
    ['2024-01-01T00:30:00+01:00', '2023-12-31T23:30:00.000000Z'],
    ['0050-06-01T00:00:00Z', '0050-06-01T00:00:00.000000Z'], // no 1900+ year mapping
  ])('reads the timestamp %s as before=%s', (input, before) => {
    expect(decodeCursorOrIsoTimestamp(codec, input)).toEqual({ kind: 'timestamp', before });
  });

  it.each([
    '2024-13-01T00:00:00Z',
    '2024-02-30T00:00:00Z',
    '2023-02-29',
    '2024-05-01T24:00:00Z',
    '2024-05-01T12:60:00Z',
    '2024-05-01T12:00:60Z',
    '2024-05-01T12:00:00+24:00',
    '2024-05-01T12:00:00+05:60',
    '0000-01-01T00:00:00Z',
    '9999-12-31T23:00:00-05:00',
    '2024-5-1',
    '2024-05-01T',
    '2024-05-01T12:00:00ZZ',
    ' 2024-05-01',
    '1714521600',
    'yesterday',
    '',
  ])('rejects %p with invalid_cursor', (value) => {
    expectInvalidCursor(value);
  });

  it('rejects a cursor from another list', () => {
    const other = new CursorCodec('test-cursor-secret', 'maritime:deliveries');
    expectInvalidCursor(other.encode({ sort: 1, id: 'a' }));
  });

  it('agrees with Date for every millisecond-precision UTC timestamp', () => {
    const instant = fc.date({
      min: new Date('0001-01-01T00:00:00Z'),
      max: new Date('9999-12-31T23:59:59.999Z'),
      noInvalidDate: true,
    });
    fc.assert(
      fc.property(instant, (date) => {
        const iso = date.toISOString();
        expect(decodeCursorOrIsoTimestamp(codec, iso)).toEqual({
          kind: 'timestamp',
          before: `${iso.slice(0, -1)}000Z`,
        });
      }),
    );
  });

  it('never throws anything but invalid_cursor for arbitrary input', () => {
    const junk = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 80 }),
      fc.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}([+-]\d{2}:\d{2})?$/),
      fc.anything(),
    );
    fc.assert(
      fc.property(junk, (value) => {
        try {
          decodeCursorOrIsoTimestamp(codec, value);
        } catch (error) {
          expect(error).toBeInstanceOf(ApiError);
          expect(error).toMatchObject({ status: 400, code: 'invalid_cursor' });
        }
      }),
      { numRuns: 1000 },
    );
  });
});
