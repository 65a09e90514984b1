import { decodeNmeaBatch } from './decoder';
import {
  encodePositionReport,
  encodeRawPositionReport,
  encodeStaticVoyage,
  type RawPositionReportFields,
} from './encoder';
import { formatSentence, formatTagBlock } from './nmea';
import { AisBitWriter } from './sixbit';

const receivedAt = new Date('2024-05-01T12:00:00.000Z');
const decode = (lines: string[], options = {}) =>
  decodeNmeaBatch(lines.join('\n'), { receivedAt, ...options });

const MMSI = 636012345;
const position = (lat = 10, mmsi: number | string = MMSI) =>
  encodePositionReport({ mmsi, lat, lon: 20, sogKn: 11.5, cogDeg: 90, heading: 91, navStatus: 0 });
const raw = (fields: Partial<RawPositionReportFields>) =>
  encodeRawPositionReport({
    mmsi: MMSI,
    navStatus: 0,
    rateOfTurn: 0,
    sog: 100,
    lat: 600_000,
    lon: 600_000,
    cog: 900,
    heading: 90,
    second: 0,
    ...fields,
  });
const staticPair = (sequenceId: number, imo: string | number | null = '9074729') =>
  encodeStaticVoyage({ mmsi: MMSI, imo, name: 'NORDIC STAR' }, { sequenceId });
const tag = (c: number, s?: string) => formatTagBlock({ c, s });

describe('decodeNmeaBatch', () => {
  it('decodes positions and statics, counting lines, decoded and rejected', () => {
    const result = decode([position(), ...staticPair(1), 'not nmea']);
    expect(result).toMatchObject({ lines: 4, decoded: 3, rejected: 1 });
    expect(result.rejects).toEqual([{ line: 4, reason: 'malformed' }]);
    expect(result.positions).toEqual([
      {
        line: 1,
        messageType: 1,
        mmsi: '636012345',
        timestamp: receivedAt,
        source: 'terrestrial',
        lat: 10,
        lon: 20,
        sogKn: 11.5,
        cogDeg: 90,
        heading: 91,
        navStatus: 0,
      },
    ]);
    expect(result.statics[0]).toMatchObject({
      line: 2,
      lines: [2, 3],
      mmsi: '636012345',
      imo: '9074729',
      imoStatus: 'valid',
      name: 'NORDIC STAR',
    });
  });

  it('skips blank lines without counting them and numbers lines as written, CRLF or not', () => {
    const text = `\r\n${position()}\r\n   \r\n${position(11)}\n`;
    const result = decodeNmeaBatch(text, { receivedAt });
    expect(result).toMatchObject({ lines: 2, decoded: 2, rejected: 0 });
    expect(result.positions.map((p) => p.line)).toEqual([2, 4]);
  });

  it('takes time from the tag block c: and the source from s:, else receivedAt, terrestrial', () => {
    const result = decode([
      `${tag(1714564800, 'sat-1')}${position()}`,
      `${tag(1714564801, 'SAT')}${position()}`,
      `${tag(1714564802, 'rx-rotterdam')}${position()}`,
      `${tag(1714564803)}${position()}`,
      `${tag(1714564804000)}${position()}`, // milliseconds
      position(),
    ]);
    expect(result.positions.map((p) => [p.timestamp.toISOString(), p.source])).toEqual([
      ['2024-05-01T12:00:00.000Z', 'satellite'],
      ['2024-05-01T12:00:01.000Z', 'satellite'],
      ['2024-05-01T12:00:02.000Z', 'terrestrial'],
      ['2024-05-01T12:00:03.000Z', 'terrestrial'],
      ['2024-05-01T12:00:04.000Z', 'terrestrial'],
      ['2024-05-01T12:00:00.000Z', 'terrestrial'],
    ]);
  });

  it('gives a multipart message the time and source of its first tagged part', () => {
    const [first, second] = staticPair(2);
    const result = decode([`${tag(1714564900, 'sat-2')}${first}`, `${tag(1714564905)}${second}`]);
    expect(result.statics[0]).toMatchObject({
      timestamp: new Date('2024-05-01T12:01:40.000Z'),
      source: 'satellite',
    });
  });

  it('rejects a bad tag block and a bad checksum, and accepts a lower-case checksum', () => {
    const good = position();
    const lower = good.slice(0, -2) + good.slice(-2).toLowerCase();
    const badTag = `\\c:1714564800,s:sat*00\\${good}`;
    const badChecksum = good.slice(0, -2) + (good.slice(-2) === '00' ? '01' : '00');
    const result = decode([badTag, badChecksum, lower, `${tag(1714564800)}garbage*00`]);
    expect(result.rejects).toEqual([
      { line: 1, reason: 'bad_tag_block' },
      { line: 2, reason: 'bad_checksum' },
      { line: 4, reason: 'malformed' },
    ]);
    expect(result.positions.map((p) => p.line)).toEqual([3]);
  });

  it('rejects malformed sentences and payloads too short for their type', () => {
    const short = formatSentence({
      fragmentCount: 1,
      fragmentIndex: 1,
      sequenceId: '',
      channel: 'A',
      payload: position().split(',')[5].slice(0, 20),
      fillBits: 0,
    });
    const nonAis = '$GPGGA,123519,4807.038,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,*47';
    const result = decode([short, nonAis, '!AIVDM,1,1,,A,', `${tag(1)}`]);
    expect(result.rejects.map((r) => r.reason)).toEqual([
      'malformed',
      'malformed',
      'malformed',
      'malformed',
    ]);
  });

  it('counts message types other than 1, 2, 3, 5 and 18 as unsupported', () => {
    const writer = new AisBitWriter().uint(4, 6).uint(0, 2).uint(3669702, 30).zeros(130);
    const { payload, fillBits } = writer.armour();
    const baseStation = formatSentence({
      fragmentCount: 1,
      fragmentIndex: 1,
      sequenceId: '',
      channel: 'A',
      payload,
      fillBits,
    });
    const result = decode([baseStation, raw({ messageType: 3 })]);
    expect(result.rejects).toEqual([{ line: 1, reason: 'unsupported_type' }]);
    expect(result.positions[0].messageType).toBe(3);
  });

  it('rejects an unavailable position, out-of-range values and non-ship MMSIs', () => {
    const result = decode([
      raw({ lat: 91 * 600_000 }),
      raw({ lon: 181 * 600_000 }),
      raw({ lat: 95 * 600_000 }),
      raw({ lon: -190 * 600_000 }),
      raw({ cog: 3601 }),
      raw({ heading: 360 }),
      raw({ mmsi: 812345678 }),
      raw({ mmsi: 2345 }),
      raw({ sog: 1023, cog: 3600, heading: 511, rateOfTurn: -128 }),
      raw({ lat: -90 * 600_000, lon: 180 * 600_000, rateOfTurn: -50 }),
    ]);
    expect(result.rejects).toEqual([
      { line: 1, reason: 'position_unavailable' },
      { line: 2, reason: 'position_unavailable' },
      { line: 3, reason: 'out_of_range' },
      { line: 4, reason: 'out_of_range' },
      { line: 5, reason: 'out_of_range' },
      { line: 6, reason: 'out_of_range' },
      { line: 7, reason: 'invalid_mmsi' },
      { line: 8, reason: 'invalid_mmsi' },
    ]);
    expect(result.positions).toEqual([
      expect.objectContaining({ line: 9, sogKn: null, cogDeg: null, heading: null }),
      expect.objectContaining({ line: 10, lat: -90, lon: 180 }),
    ]);
  });

  it('keeps a type 5 with an invalid IMO but without the IMO', () => {
    const result = decode([...staticPair(1, '9999999'), ...staticPair(2, 0)]);
    expect(result.rejected).toBe(0);
    expect(result.statics.map((s) => [s.imo, s.imoStatus, s.imoRaw])).toEqual([
      [null, 'invalid', 9999999],
      [null, 'not_available', 0],
    ]);
  });

  describe('multipart groups', () => {
    const [a1, a2] = staticPair(1);
    const [b1, b2] = staticPair(2);

    it('rejects a later part without its first part', () => {
      const result = decode([a2, b1, b2]);
      expect(result.rejects).toEqual([{ line: 1, reason: 'multipart_incomplete' }]);
      expect(result.statics.map((s) => s.lines)).toEqual([[2, 3]]);
    });

    it('rejects a group cut by the start of another, and decodes the other', () => {
      const result = decode([a1, b1, b2, a2]);
      expect(result.rejects).toEqual([
        { line: 1, reason: 'multipart_interleaved' },
        { line: 4, reason: 'multipart_incomplete' },
      ]);
      expect(result.statics.map((s) => s.lines)).toEqual([[2, 3]]);
    });

    it('rejects a part with another sequence id together with the open group', () => {
      const result = decode([a1, b2, position()]);
      expect(result.rejects).toEqual([
        { line: 1, reason: 'multipart_interleaved' },
        { line: 2, reason: 'multipart_interleaved' },
      ]);
      expect(result.positions).toHaveLength(1);
    });

    it('rejects a group still open at the end of the input', () => {
      expect(decode([position(), a1]).rejects).toEqual([
        { line: 2, reason: 'multipart_incomplete' },
      ]);
    });

    it('lets single-part sentences arrive between the parts of a group', () => {
      const result = decode([a1, position(), a2]);
      expect(result).toMatchObject({ decoded: 3, rejected: 0 });
      expect(result.statics[0].lines).toEqual([1, 3]);
    });

    it('recovers after a broken group: the decoder buffer never sees a partial group', () => {
      const result = decode([a1, a1, a2, b2, b1, b2]);
      expect(result.rejects).toEqual([
        { line: 1, reason: 'multipart_interleaved' },
        { line: 4, reason: 'multipart_incomplete' },
      ]);
      expect(result.statics.map((s) => s.lines)).toEqual([
        [2, 3],
        [5, 6],
      ]);
    });
  });

  it('rejects messages timed outside the window, when one is given', () => {
    const window = {
      notBefore: new Date('2024-04-01T00:00:00Z'),
      notAfter: new Date('2024-05-01T12:05:00Z'),
    };
    const result = decode(
      [
        `${tag(Date.parse('2024-03-31T23:59:59Z') / 1000)}${position()}`,
        `${tag(Date.parse('2024-04-01T00:00:00Z') / 1000)}${position()}`,
        `${tag(Date.parse('2024-05-01T12:05:00Z') / 1000)}${position()}`,
        `${tag(Date.parse('2024-05-01T12:05:01Z') / 1000)}${position()}`,
        ...staticPair(3).map((s) => `${tag(0)}${s}`),
      ],
      { window },
    );
    expect(result.rejects).toEqual([
      { line: 1, reason: 'timestamp_out_of_window' },
      { line: 4, reason: 'timestamp_out_of_window' },
      { line: 5, reason: 'timestamp_out_of_window' },
      { line: 6, reason: 'timestamp_out_of_window' },
    ]);
  });

  it('uses a fresh decoder per call, so a group open in one batch cannot leak into the next', () => {
    const [a1, a2] = staticPair(4);
    expect(decode([a1]).rejects).toEqual([{ line: 1, reason: 'multipart_incomplete' }]);
    expect(decode([a2]).rejects).toEqual([{ line: 1, reason: 'multipart_incomplete' }]);
    expect(decode([a1, a2]).statics).toHaveLength(1);
  });

  it('decodes an ingest-sized batch of 20,000 type 1 lines, alternating sources', () => {
    const lines: string[] = [];
    for (let i = 0; i < 20_000; i += 1)
      lines.push(`${tag(1714564800 + i, i % 2 ? 'sat' : 'rx')}${position(10 + i / 1e5)}`);
    const result = decodeNmeaBatch(lines.join('\n'), { receivedAt });
    // Throughput is measured in bench/ais-ingest, never asserted here.
    expect(result).toMatchObject({ lines: 20_000, decoded: 20_000, rejected: 0 });
    expect(result.positions.filter((p) => p.source === 'satellite')).toHaveLength(10_000);
    expect(result.positions[19_999]!.timestamp.getTime()).toBe((1714564800 + 19_999) * 1000);
  });
});
