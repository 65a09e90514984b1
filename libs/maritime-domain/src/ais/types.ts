/** Where a position came from: a shore receiver, or a satellite (tag block `s:` starting `sat`). */
export type AisSource = 'terrestrial' | 'satellite';

/**
 * Why a line was not decoded. Every rejected line gets exactly one reason.
 * - `bad_tag_block`: the leading `\…*hh\` block is unterminated, fails its checksum or has a
 *   malformed field (such as a non-numeric `c:`).
 * - `bad_checksum`: the sentence's `*hh` does not match.
 * - `malformed`: not an `!xxVDM`/`!xxVDO` sentence of seven fields, a payload outside the armour
 *   alphabet, or a payload too short for its message type.
 * - `multipart_interleaved`: a multipart group was cut by the start of another group, or a later
 *   part carries another sequence id or part count. All lines of the broken group are rejected.
 * - `multipart_incomplete`: a part arrived without the parts before it, a part is missing or
 *   repeated, or the input ended before the group did.
 * - `unsupported_type`: a message type other than 1, 2, 3, 5 and 18.
 * - `position_unavailable`: latitude 91 or longitude 181, AIS's "not available".
 * - `out_of_range`: |lat| > 90, |lon| > 180, course 360.1 or more, or heading 360-510.
 * - `invalid_mmsi`: not nine digits starting 2-7 (a ship station).
 * - `timestamp_out_of_window`: the message time lies outside the window given in the options.
 */
export type RejectReason =
  | 'bad_tag_block'
  | 'bad_checksum'
  | 'malformed'
  | 'multipart_interleaved'
  | 'multipart_incomplete'
  | 'unsupported_type'
  | 'position_unavailable'
  | 'out_of_range'
  | 'invalid_mmsi'
  | 'timestamp_out_of_window';

export interface NmeaReject {
  /** 1-based line number in the input text. */
  line: number;
  reason: RejectReason;
}

/** A position report (message type 1, 2, 3 or 18) that passed every check. */
export interface DecodedPosition {
  /** 1-based line number of the sentence (of its first part, if it was multipart). */
  line: number;
  messageType: 1 | 2 | 3 | 18;
  /** Nine digits, starting 2-7. */
  mmsi: string;
  /** The tag block's `c:` time when present, otherwise the batch's receivedAt. */
  timestamp: Date;
  source: AisSource;
  lat: number;
  lon: number;
  /** Knots, 0-102.2; null when not available. */
  sogKn: number | null;
  /** Degrees, 0-359.9; null when not available. */
  cogDeg: number | null;
  /** Whole degrees, 0-359; null when not available (511). */
  heading: number | null;
  /** 0-15 for types 1-3 (15 = not defined); null for class B (type 18), which has none. */
  navStatus: number | null;
}

/**
 * How the IMO number of a type 5 message read: `valid` (seven digits with a correct check digit),
 * `not_available` (0, as sent by ships without one) or `invalid` (anything else). Only `valid`
 * fills `imo`; the rest of the message is kept either way.
 */
export type ImoStatus = 'valid' | 'not_available' | 'invalid';

/** Static and voyage data (message type 5) that passed every check. */
export interface DecodedStatic {
  /** 1-based line number of the group's first sentence. */
  line: number;
  /** Line numbers of every sentence of the group. */
  lines: number[];
  mmsi: string;
  timestamp: Date;
  source: AisSource;
  imo: string | null;
  imoStatus: ImoStatus;
  /** The IMO number as transmitted (0 when not available), kept for diagnosis. */
  imoRaw: number;
  /** Upper case, '@' padding and trailing spaces removed; null when empty. */
  callsign: string | null;
  name: string | null;
  destination: string | null;
  /** Type of ship and cargo (1-255); null when 0 (not available). */
  shipType: number | null;
  /** Metres (0.1-25.5); null when 0 (not available). */
  draughtM: number | null;
  /** Bow + stern and port + starboard in metres; null unless both parts are known. */
  lengthM: number | null;
  beamM: number | null;
  dimensions: { toBowM: number; toSternM: number; toPortM: number; toStarboardM: number };
  /** Estimated arrival as sent (no year in AIS); null when month or day is not available. */
  eta: { month: number; day: number; hour: number | null; minute: number | null } | null;
}

export interface NmeaBatchResult {
  /** Non-blank lines read. Always decoded + rejected. */
  lines: number;
  /** Lines that contributed to a decoded position or static message. */
  decoded: number;
  rejected: number;
  /** One entry per rejected line, in line order. */
  rejects: NmeaReject[];
  positions: DecodedPosition[];
  statics: DecodedStatic[];
}

export interface DecodeNmeaOptions {
  /** Time given to sentences without a tag block `c:`. */
  receivedAt: Date;
  /** When given, messages timed outside [notBefore, notAfter] are rejected. */
  window?: { notBefore: Date; notAfter: Date };
}
