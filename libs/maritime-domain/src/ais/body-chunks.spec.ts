import { decodeNmeaBatch } from './decoder';
import { encodePositionReport, encodeStaticVoyage } from './encoder';
import { formatTagBlock } from './nmea';
import { splitNmeaBody } from './body-chunks';

const receivedAt = new Date('2026-03-31T12:00:00Z');

describe('splitNmeaBody', () => {
  const position = (i: number): string =>
    `${formatTagBlock({ c: 1774958400 + i, s: 'rx' })}${encodePositionReport({ mmsi: '351000001', lat: 10 + i / 1000, lon: 20 })}`;
  const [a, b] = encodeStaticVoyage(
    { mmsi: '351000001', imo: '9074729', name: 'X' },
    { sequenceId: 1 },
  );

  it('cuts at the target, never between the parts of a group, and keeps line numbers', () => {
    const lines = [position(1), position(2), a!, b!, position(3), '', position(4), 'garbage'];
    const text = lines.join('\n');
    const chunks = splitNmeaBody(text, 3);
    expect(chunks.map((c) => c.firstLine)).toEqual([1, 5, 8]);
    expect(chunks.map((c) => c.text).join('')).toBe(text);
    const whole = decodeNmeaBatch(text, { receivedAt });
    const pieces = chunks.map((c) => decodeNmeaBatch(c.text, { receivedAt }));
    expect(pieces.reduce((n, p) => n + p.decoded, 0)).toBe(whole.decoded);
    expect(pieces.reduce((n, p) => n + p.rejected, 0)).toBe(whole.rejected);
    expect(pieces[2]!.rejects.map((r) => r.line + chunks[2]!.firstLine - 1)).toEqual(
      whole.rejects.map((r) => r.line),
    );
  });

  it('returns one chunk for a short body and none for an empty one', () => {
    expect(splitNmeaBody(position(1), 100)).toEqual([{ text: position(1), firstLine: 1 }]);
    expect(splitNmeaBody('', 100)).toEqual([]);
    expect(() => splitNmeaBody('x', 0)).toThrow(RangeError);
  });
});
