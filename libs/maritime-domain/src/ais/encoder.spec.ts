import fc from 'fast-check';
import { imoFromPrefix } from '../identifiers';
import { decodeNmeaBatch } from './decoder';
import {
  aisCoordinate,
  encodeClassBPositionReport,
  encodePositionReport,
  encodeStaticVoyage,
  type PositionReportInput,
  type StaticVoyageInput,
} from './encoder';
import { splitSentence, verifyNmeaChecksum } from './nmea';
import { aisText } from './sixbit';

const receivedAt = new Date('2024-05-01T12:00:00.000Z');
const decode = (lines: string[]) => decodeNmeaBatch(lines.join('\n'), { receivedAt });

const shipMmsi = fc.integer({ min: 200_000_000, max: 799_999_999 }).map(String);
const optional = <T>(arb: fc.Arbitrary<T>): fc.Arbitrary<T | null> => fc.option(arb, { nil: null });

const positionInput: fc.Arbitrary<PositionReportInput> = fc.record({
  mmsi: shipMmsi,
  lat: fc.double({ min: -90, max: 90, noNaN: true }),
  lon: fc.double({ min: -180, max: 180, noNaN: true }),
  sogKn: optional(fc.double({ min: 0, max: 102.2, noNaN: true })),
  cogDeg: optional(fc.double({ min: 0, max: 359.9, noNaN: true })),
  heading: optional(fc.integer({ min: 0, max: 359 })),
  navStatus: fc.integer({ min: 0, max: 15 }),
  timestampSecond: fc.integer({ min: 0, max: 59 }),
});

/** The position as it must come back, at AIS resolution. */
function expectedPosition(input: PositionReportInput) {
  const sog = input.sogKn ?? null;
  const cog = input.cogDeg ?? null;
  return {
    mmsi: String(input.mmsi),
    lat: aisCoordinate(input.lat),
    lon: aisCoordinate(input.lon),
    sogKn: sog === null ? null : Math.min(1022, Math.round(sog * 10)) / 10,
    cogDeg: cog === null ? null : (Math.round(cog * 10) % 3600) / 10,
    heading: input.heading ?? null,
  };
}

describe('encodePositionReport (type 1)', () => {
  it('comes back through ais-stream-decoder equal at AIS resolution', () => {
    fc.assert(
      fc.property(positionInput, (input) => {
        const sentence = encodePositionReport(input);
        expect(sentence.length).toBeLessThanOrEqual(82);
        expect(verifyNmeaChecksum(sentence)).toBe(true);
        const result = decode([sentence]);
        expect(result.rejects).toEqual([]);
        expect(result.positions[0]).toEqual({
          ...expectedPosition(input),
          line: 1,
          messageType: 1,
          timestamp: receivedAt,
          source: 'terrestrial',
          navStatus: input.navStatus,
        });
      }),
      { numRuns: 300 },
    );
  });

  it('sends not-available for missing values and rounds course and heading within 0..359', () => {
    const [missing, wrapped] = decode([
      encodePositionReport({ mmsi: 636012345, lat: 1, lon: 2 }),
      encodePositionReport({ mmsi: 636012345, lat: 1, lon: 2, cogDeg: 359.96, heading: 359.6 }),
    ]).positions;
    expect(missing).toMatchObject({ sogKn: null, cogDeg: null, heading: null, navStatus: 15 });
    expect(wrapped).toMatchObject({ cogDeg: 0, heading: 0 });
    const fast = decode([encodePositionReport({ mmsi: 636012345, lat: 1, lon: 2, sogKn: 140 })]);
    expect(fast.positions[0].sogKn).toBe(102.2);
  });

  it('refuses values it cannot represent', () => {
    const base = { mmsi: 636012345, lat: 0, lon: 0 };
    expect(() => encodePositionReport({ ...base, lat: 90.5 })).toThrow(RangeError);
    expect(() => encodePositionReport({ ...base, lon: -181 })).toThrow(RangeError);
    expect(() => encodePositionReport({ ...base, lat: NaN })).toThrow(RangeError);
    expect(() => encodePositionReport({ ...base, sogKn: -1 })).toThrow(RangeError);
    expect(() => encodePositionReport({ ...base, navStatus: 16 })).toThrow(RangeError);
    expect(() => encodePositionReport({ ...base, mmsi: '63601234x' })).toThrow(RangeError);
    expect(() => encodePositionReport({ ...base, mmsi: 1_000_000_000 })).toThrow(RangeError);
  });
});

describe('encodeClassBPositionReport (type 18)', () => {
  it('comes back as a class B position without navigational status', () => {
    fc.assert(
      fc.property(positionInput, (input) => {
        const result = decode([encodeClassBPositionReport(input)]);
        expect(result.positions[0]).toMatchObject({
          ...expectedPosition(input),
          messageType: 18,
          navStatus: null,
        });
      }),
      { numRuns: 100 },
    );
  });
});

const text = fc.string({ unit: 'grapheme', maxLength: 25 });

const staticInput: fc.Arbitrary<StaticVoyageInput> = fc.record({
  mmsi: shipMmsi,
  imo: fc.stringMatching(/^[1-9]\d{5}$/).map(imoFromPrefix),
  callsign: text,
  name: text,
  destination: text,
  shipType: fc.integer({ min: 1, max: 255 }),
  draughtM: fc.double({ min: 0.1, max: 30, noNaN: true }),
  dimensions: fc.record({
    toBowM: fc.integer({ min: 1, max: 511 }),
    toSternM: fc.integer({ min: 1, max: 511 }),
    toPortM: fc.integer({ min: 1, max: 63 }),
    toStarboardM: fc.integer({ min: 1, max: 63 }),
  }),
  eta: fc.date({
    min: new Date('2024-01-01T00:00:00Z'),
    max: new Date('2024-12-31T23:59:00Z'),
    noInvalidDate: true,
  }),
});

describe('encodeStaticVoyage (type 5)', () => {
  it('writes two sentences sharing a sequence id, the last carrying the fill bits', () => {
    const sentences = encodeStaticVoyage({ mmsi: 636012345, name: 'A' }, { sequenceId: 7 });
    expect(sentences).toHaveLength(2);
    const [first, second] = sentences.map((sentence) => splitSentence(sentence)!);
    expect(first).toMatchObject({ fragmentCount: 2, fragmentIndex: 1, sequenceId: '7' });
    expect(second).toMatchObject({ fragmentCount: 2, fragmentIndex: 2, sequenceId: '7' });
    expect(first.fillBits).toBe(0);
    expect(first.payload.length * 6 + second.payload.length * 6 - second.fillBits).toBe(424);
    for (const sentence of sentences) expect(sentence.length).toBeLessThanOrEqual(82);
  });

  it('comes back through ais-stream-decoder equal at AIS resolution', () => {
    fc.assert(
      fc.property(staticInput, fc.integer({ min: 0, max: 9 }), (input, sequenceId) => {
        const result = decode(encodeStaticVoyage(input, { sequenceId }));
        expect(result.rejects).toEqual([]);
        const dims = input.dimensions!;
        const eta = input.eta!;
        const orNull = (value: string) => (value === '' ? null : value);
        expect(result.statics[0]).toEqual({
          line: 1,
          lines: [1, 2],
          mmsi: input.mmsi,
          timestamp: receivedAt,
          source: 'terrestrial',
          imo: input.imo,
          imoStatus: 'valid',
          imoRaw: Number(input.imo),
          callsign: orNull(aisText(input.callsign!, 7)),
          name: orNull(aisText(input.name!, 20)),
          destination: orNull(aisText(input.destination!, 20)),
          shipType: input.shipType,
          draughtM: Math.min(255, Math.round(input.draughtM! * 10)) / 10,
          lengthM: dims.toBowM + dims.toSternM,
          beamM: dims.toPortM + dims.toStarboardM,
          dimensions: dims,
          eta: {
            month: eta.getUTCMonth() + 1,
            day: eta.getUTCDate(),
            hour: eta.getUTCHours(),
            minute: eta.getUTCMinutes(),
          },
        });
      }),
      { numRuns: 200 },
    );
  });

  it('reads text in upper case with accents and unknown characters replaced', () => {
    expect(aisText('Océan  Star@x ', 20)).toBe('OCEAN  STAR?X');
    expect(aisText('straße', 20)).toBe('STRASSE');
    expect(aisText('a very long vessel name indeed', 20)).toBe('A VERY LONG VESSEL N');
    const [decoded] = decode(
      encodeStaticVoyage({ mmsi: 636012345, name: 'Océan Star', callsign: '', imo: null }),
    ).statics;
    expect(decoded).toMatchObject({
      name: 'OCEAN STAR',
      callsign: null,
      imo: null,
      imoStatus: 'not_available',
      draughtM: null,
      shipType: null,
      lengthM: null,
      eta: null,
    });
  });

  it('caps draught and dimensions at what the fields hold, and refuses a bad sequence id', () => {
    const [decoded] = decode(
      encodeStaticVoyage({
        mmsi: 636012345,
        draughtM: 31,
        dimensions: { toBowM: 600, toSternM: 10, toPortM: 70, toStarboardM: 5 },
      }),
    ).statics;
    expect(decoded.draughtM).toBe(25.5);
    expect(decoded.dimensions).toEqual({ toBowM: 511, toSternM: 10, toPortM: 63, toStarboardM: 5 });
    expect(() => encodeStaticVoyage({ mmsi: 636012345 }, { sequenceId: 10 })).toThrow(RangeError);
    expect(() => encodeStaticVoyage({ mmsi: 636012345, imo: 'IMO1' })).toThrow(RangeError);
  });
});
