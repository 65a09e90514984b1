/**
 * Our own AIS encoder for message types 1 (class A position report), 18 (class B position
 * report) and 5 (static and voyage data), so generated tracks can be written as NMEA and fed
 * back through ingest. Values are stored at AIS resolution: positions in 1/10,000 minute, speed
 * in 0.1 kn, course in 0.1 degree, heading in whole degrees, draught in 0.1 m, text in the 6-bit
 * alphabet (see aisText).
 */
import { AisBitWriter } from './sixbit';
import { formatSentence } from './nmea';

/** Longest payload per sentence, so a sentence stays within NMEA's 82 characters. */
const MAX_PAYLOAD_CHARS = 60;

export type AisChannel = 'A' | 'B';

export interface PositionReportInput {
  mmsi: string | number;
  lat: number;
  lon: number;
  /** Null or absent: not available. Values of 102.2 kn or more are sent as 102.2. */
  sogKn?: number | null;
  cogDeg?: number | null;
  heading?: number | null;
  /** 0 under way using engine … 15 not defined (the default). */
  navStatus?: number | null;
  /** Second of the UTC minute the fix was taken (0-59); null or absent: not available. */
  timestampSecond?: number | null;
}

/** Type 1/2/3 fields as raw integers, written without any check but the field widths. */
export interface RawPositionReportFields {
  messageType?: 1 | 2 | 3;
  mmsi: number;
  navStatus: number;
  /** Signed; -128 means not available. */
  rateOfTurn: number;
  /** 0.1 kn; 1023 not available. */
  sog: number;
  /** 1/10,000 minute, signed; 181° (108,600,000) not available. */
  lon: number;
  /** 1/10,000 minute, signed; 91° (54,600,000) not available. */
  lat: number;
  /** 0.1 degree; 3600 not available. */
  cog: number;
  /** Degrees; 511 not available. */
  heading: number;
  /** 60 not available. */
  second: number;
}

export interface SentenceOptions {
  channel?: AisChannel;
}

/** A coordinate in degrees at AIS resolution (1/10,000 minute), as a decoder returns it. */
export function aisCoordinate(degrees: number): number {
  return Math.round(degrees * 600_000) / 600_000 + 0; // + 0 turns -0 into 0, as decoders do
}

function mmsiNumber(mmsi: string | number): number {
  const value = typeof mmsi === 'number' ? mmsi : /^\d{1,9}$/.test(mmsi) ? Number(mmsi) : NaN;
  if (!Number.isInteger(value) || value < 0 || value > 999_999_999)
    throw new RangeError(`MMSI ${mmsi} is not a number of at most nine digits`);
  return value;
}

function checkRange(name: string, value: number, min: number, max: number): void {
  if (!Number.isFinite(value) || value < min || value > max)
    throw new RangeError(`${name} ${value} is outside ${min}..${max}`);
}

function rawPositionFields(input: PositionReportInput): RawPositionReportFields {
  checkRange('lat', input.lat, -90, 90);
  checkRange('lon', input.lon, -180, 180);
  const sog = input.sogKn ?? null;
  const cog = input.cogDeg ?? null;
  const heading = input.heading ?? null;
  const navStatus = input.navStatus ?? 15;
  const second = input.timestampSecond ?? null;
  if (sog !== null) checkRange('sogKn', sog, 0, Number.MAX_VALUE);
  if (cog !== null) checkRange('cogDeg', cog, 0, 360);
  if (heading !== null) checkRange('heading', heading, 0, 360);
  checkRange('navStatus', navStatus, 0, 15);
  if (second !== null) checkRange('timestampSecond', second, 0, 59);
  return {
    mmsi: mmsiNumber(input.mmsi),
    navStatus: Math.round(navStatus),
    rateOfTurn: -128,
    sog: sog === null ? 1023 : Math.min(1022, Math.round(sog * 10)),
    lon: Math.round(input.lon * 600_000),
    lat: Math.round(input.lat * 600_000),
    cog: cog === null ? 3600 : Math.round(cog * 10) % 3600,
    heading: heading === null ? 511 : Math.round(heading) % 360,
    second: second === null ? 60 : Math.floor(second),
  };
}

/** One single-part sentence, or several (sharing `sequenceId`) when the payload is long. */
function sentencesFor(
  writer: AisBitWriter,
  options: SentenceOptions & { sequenceId?: number },
): string[] {
  const { payload, fillBits } = writer.armour();
  const count = Math.ceil(payload.length / MAX_PAYLOAD_CHARS);
  const sequenceId = count > 1 ? String(options.sequenceId ?? 0) : '';
  const sentences: string[] = [];
  for (let index = 1; index <= count; index += 1) {
    sentences.push(
      formatSentence({
        fragmentCount: count,
        fragmentIndex: index,
        sequenceId,
        channel: options.channel ?? 'A',
        payload: payload.slice((index - 1) * MAX_PAYLOAD_CHARS, index * MAX_PAYLOAD_CHARS),
        fillBits: index === count ? fillBits : 0,
      }),
    );
  }
  return sentences;
}

/** A type 1/2/3 sentence from raw field values (tests use it to write out-of-range values). */
export function encodeRawPositionReport(
  fields: RawPositionReportFields,
  options: SentenceOptions = {},
): string {
  const writer = new AisBitWriter()
    .uint(fields.messageType ?? 1, 6)
    .uint(0, 2) // repeat indicator
    .uint(fields.mmsi, 30)
    .uint(fields.navStatus, 4)
    .int(fields.rateOfTurn, 8)
    .uint(fields.sog, 10)
    .bool(false) // position accuracy
    .int(fields.lon, 28)
    .int(fields.lat, 27)
    .uint(fields.cog, 12)
    .uint(fields.heading, 9)
    .uint(fields.second, 6)
    .uint(0, 2) // special manoeuvre
    .uint(0, 3) // spare
    .bool(false) // RAIM
    .uint(0, 19); // radio status
  return sentencesFor(writer, options)[0];
}

/** A type 1 (class A position report) sentence. */
export function encodePositionReport(
  input: PositionReportInput,
  options: SentenceOptions = {},
): string {
  return encodeRawPositionReport(rawPositionFields(input), options);
}

/** A type 18 (class B position report) sentence; class B carries no navigational status. */
export function encodeClassBPositionReport(
  input: PositionReportInput,
  options: SentenceOptions = {},
): string {
  const raw = rawPositionFields(input);
  const writer = new AisBitWriter()
    .uint(18, 6)
    .uint(0, 2)
    .uint(raw.mmsi, 30)
    .uint(0, 8) // regional reserved
    .uint(raw.sog, 10)
    .bool(false)
    .int(raw.lon, 28)
    .int(raw.lat, 27)
    .uint(raw.cog, 12)
    .uint(raw.heading, 9)
    .uint(raw.second, 6)
    .uint(0, 2) // regional reserved
    .bool(true) // carrier-sense unit
    .bool(false) // display
    .bool(false) // DSC
    .bool(true) // whole marine band
    .bool(false) // accepts message 22
    .bool(false) // autonomous mode
    .bool(false) // RAIM
    .uint(0, 20); // radio status
  return sentencesFor(writer, options)[0];
}

export interface ShipDimensions {
  /** Metres from the position reference to the bow (0-511; 511 means 511 m or more). */
  toBowM: number;
  toSternM: number;
  /** Metres to port (0-63; 63 means 63 m or more). */
  toPortM: number;
  toStarboardM: number;
}

export interface StaticVoyageInput {
  mmsi: string | number;
  /** Seven digits; null or absent is sent as 0 (not available). The check digit is not enforced. */
  imo?: string | number | null;
  callsign?: string | null;
  name?: string | null;
  /** Type of ship and cargo, 0-255 (70-79 cargo, 80-89 tanker …); 0 not available. */
  shipType?: number | null;
  /** Metres, sent in 0.1 m and at most 25.5 m; 0 not available. */
  draughtM?: number | null;
  destination?: string | null;
  dimensions?: ShipDimensions | null;
  /** Estimated arrival, sent as UTC month, day, hour and minute. */
  eta?: Date | null;
}

export interface StaticVoyageOptions extends SentenceOptions {
  /** Sequential message id (0-9) shared by the two sentences. */
  sequenceId?: number;
}

function imoNumber(imo: string | number | null | undefined): number {
  if (imo === null || imo === undefined) return 0;
  const value = typeof imo === 'number' ? imo : /^\d{1,9}$/.test(imo) ? Number(imo) : NaN;
  if (!Number.isInteger(value) || value < 0 || value >= 2 ** 30)
    throw new RangeError(`IMO ${imo} is not a number that fits AIS`);
  return value;
}

const clampRound = (value: number, max: number): number =>
  Math.min(max, Math.max(0, Math.round(value)));

/** A type 5 (static and voyage related data) message: two sentences with one sequence id. */
export function encodeStaticVoyage(
  input: StaticVoyageInput,
  options: StaticVoyageOptions = {},
): string[] {
  const sequenceId = options.sequenceId ?? 0;
  checkRange('sequenceId', sequenceId, 0, 9);
  const shipType = input.shipType ?? 0;
  checkRange('shipType', shipType, 0, 255);
  const dims = input.dimensions ?? { toBowM: 0, toSternM: 0, toPortM: 0, toStarboardM: 0 };
  const eta = input.eta ?? null;
  const writer = new AisBitWriter()
    .uint(5, 6)
    .uint(0, 2) // repeat indicator
    .uint(mmsiNumber(input.mmsi), 30)
    .uint(0, 2) // AIS version
    .uint(imoNumber(input.imo), 30)
    .text(input.callsign ?? '', 7)
    .text(input.name ?? '', 20)
    .uint(Math.round(shipType), 8)
    .uint(clampRound(dims.toBowM, 511), 9)
    .uint(clampRound(dims.toSternM, 511), 9)
    .uint(clampRound(dims.toPortM, 63), 6)
    .uint(clampRound(dims.toStarboardM, 63), 6)
    .uint(1, 4) // position fixing device: GPS
    .uint(eta === null ? 0 : eta.getUTCMonth() + 1, 4)
    .uint(eta === null ? 0 : eta.getUTCDate(), 5)
    .uint(eta === null ? 24 : eta.getUTCHours(), 5)
    .uint(eta === null ? 60 : eta.getUTCMinutes(), 6)
    .uint(clampRound((input.draughtM ?? 0) * 10, 255), 8)
    .text(input.destination ?? '', 20)
    .bool(false) // data terminal ready
    .uint(0, 1); // spare
  return sentencesFor(writer, { ...options, sequenceId });
}
