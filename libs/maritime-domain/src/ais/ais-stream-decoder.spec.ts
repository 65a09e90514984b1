/**
 * Pins the behaviour of ais-stream-decoder 2.1.2 that decodeNmeaBatch works around. If an upgrade
 * changes any of it, this file says which workaround to revisit.
 */
import AisDecoder from 'ais-stream-decoder';
import { encodePositionReport, encodeRawPositionReport, encodeStaticVoyage } from './encoder';
import { formatTagBlock } from './nmea';

const REAL = '!AIVDM,1,1,,B,177KQJ5000G?tO`K>RA1wUbN0TKH,0*5C';

/** Writes each line to one decoder and collects what it pushes, read back synchronously. */
function run(lines: string[], silent = true): { outputs: unknown[]; decoder: AisDecoder } {
  const decoder = new AisDecoder({ silent });
  decoder.on('error', () => undefined);
  const outputs: unknown[] = [];
  for (const line of lines) {
    decoder.write(line);
    for (let chunk: unknown = decoder.read(); chunk !== null; chunk = decoder.read())
      outputs.push(chunk);
  }
  return { outputs, decoder };
}

const parsed = (outputs: unknown[]): Record<string, unknown>[] =>
  outputs.map((output) => JSON.parse(output as string) as Record<string, unknown>);

describe('ais-stream-decoder 2.1.2', () => {
  it('is CommonJS with the class under `default`', () => {
    const required = require('ais-stream-decoder') as { default: unknown };
    expect(required.default).toBe(AisDecoder);
    expect(typeof required).toBe('object');
  });

  it('pushes each message as a JSON string, within write()', () => {
    const { outputs } = run([REAL]);
    expect(typeof outputs[0]).toBe('string');
    expect(parsed(outputs)[0]).toMatchObject({ type: 1, mmsi: 477553000, navStatus: 5 });
  });

  it('drops a line behind a tag block, a bad checksum and a lower-case checksum, silently', () => {
    const tagged = `${formatTagBlock({ c: 1700000000, s: 'sat' })}${REAL}`;
    const { outputs, decoder } = run([
      tagged,
      REAL.replace('*5C', '*5D'),
      REAL.replace('*5C', '*5c'),
    ]);
    expect(outputs).toEqual([]);
    expect(decoder.destroyed).toBe(false);
  });

  it('ends the stream at the first bad line unless silent', () => {
    const { outputs, decoder } = run(['garbage', REAL], false);
    expect(outputs).toEqual([]);
    expect(decoder.errored?.message).toMatch(/Start not found/);
    expect(decoder.writable).toBe(false);
  });

  it('shares one multipart buffer: a dangling first part costs the next complete group', () => {
    const pair = encodeStaticVoyage({ mmsi: 636012345, imo: '9074729', name: 'A' });
    expect(parsed(run(pair).outputs)).toHaveLength(1);
    expect(run([pair[0], ...pair]).outputs).toEqual([]);
    // a single-part sentence between two parts does not disturb the group
    expect(parsed(run([pair[0], REAL, pair[1]]).outputs).map((m) => m['type'])).toEqual([1, 5]);
  });

  it('maps only lat 91 / lon 181 to null and passes other impossible values through', () => {
    const raw = {
      mmsi: 636012345,
      navStatus: 0,
      rateOfTurn: 0,
      sog: 1022,
      cog: 3700,
      heading: 400,
      second: 60,
    };
    const unavailable = encodeRawPositionReport({ ...raw, lat: 91 * 600_000, lon: 181 * 600_000 });
    const impossible = encodeRawPositionReport({ ...raw, lat: 95 * 600_000, lon: 100 * 600_000 });
    const [first, second] = parsed(run([unavailable, impossible]).outputs);
    expect(first).toMatchObject({ lat: null, lon: null });
    expect(second).toMatchObject({ lat: 95, lon: 100, courseOverGround: 370, heading: 400 });
  });

  it('computes rateOfTurn as a square root: NaN for a turn to port, null once in JSON', () => {
    const raw = { mmsi: 636012345, navStatus: 0, sog: 0, lat: 0, lon: 0, cog: 0, heading: 0 };
    const [port, starboard] = parsed(
      run([
        encodeRawPositionReport({ ...raw, rateOfTurn: -20, second: 1 }),
        encodeRawPositionReport({ ...raw, rateOfTurn: 20, second: 1 }),
      ]).outputs,
    );
    expect(port['rateOfTurn']).toBeNull();
    expect(starboard['rateOfTurn']).toBeCloseTo(Math.sqrt(20 / 4.733), 9);
  });

  it('reads the fields our records use, under these names', () => {
    const line = encodePositionReport({
      mmsi: 636012345,
      lat: 1,
      lon: 2,
      sogKn: 3,
      cogDeg: 4,
      heading: 5,
      navStatus: 6,
      timestampSecond: 7,
    });
    expect(parsed(run([line]).outputs)[0]).toMatchObject({
      mmsi: 636012345,
      lat: 1,
      lon: 2,
      speedOverGround: 3,
      courseOverGround: 4,
      heading: 5,
      navStatus: 6,
      utcSecond: 7,
    });
  });
});
