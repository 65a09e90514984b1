/**
 * Turns ais-stream-decoder's messages into our records, checking what the package does not:
 * it maps only lat 91 / lon 181, SOG 102.3, COG 360 and heading 511 to null and passes every
 * other out-of-range value through; it computes rateOfTurn as a square root, which is NaN for a
 * turn to port (the field is not used here); MMSI and IMO arrive as bare integers.
 */
import { isValidImo, isValidMmsi } from '../identifiers';
import { numberField, textField, type LibraryMessage } from './stream-decoder';
import type { AisSource, DecodedPosition, DecodedStatic, ImoStatus, RejectReason } from './types';

/** Time, source and line numbers of the sentences a message came from. */
export interface MessageContext {
  line: number;
  lines: number[];
  timestamp: Date;
  source: AisSource;
}

export type Checked<T> = { ok: true; value: T } | { ok: false; reason: RejectReason };

/** The MMSI as nine digits, or null when the number is not a ship station's. */
function shipMmsi(message: LibraryMessage): string | null {
  const value = numberField(message, 'mmsi');
  if (value === null) return null;
  const text = String(value).padStart(9, '0');
  return isValidMmsi(text) ? text : null;
}

export function toPosition(
  message: LibraryMessage,
  messageType: DecodedPosition['messageType'],
  context: MessageContext,
): Checked<DecodedPosition> {
  const mmsi = shipMmsi(message);
  if (mmsi === null) return { ok: false, reason: 'invalid_mmsi' };
  const lat = numberField(message, 'lat');
  const lon = numberField(message, 'lon');
  if (lat === null || lon === null) return { ok: false, reason: 'position_unavailable' };
  const sogKn = numberField(message, 'speedOverGround');
  const cogDeg = numberField(message, 'courseOverGround');
  const heading = numberField(message, 'heading');
  const navStatus = messageType === 18 ? null : numberField(message, 'navStatus');
  const inRange =
    Math.abs(lat) <= 90 &&
    Math.abs(lon) <= 180 &&
    (sogKn === null || (sogKn >= 0 && sogKn < 102.3)) &&
    (cogDeg === null || (cogDeg >= 0 && cogDeg < 360)) &&
    (heading === null || (Number.isInteger(heading) && heading >= 0 && heading <= 359)) &&
    (navStatus === null || (navStatus >= 0 && navStatus <= 15));
  if (!inRange) return { ok: false, reason: 'out_of_range' };
  return {
    ok: true,
    value: {
      line: context.line,
      messageType,
      mmsi,
      timestamp: context.timestamp,
      source: context.source,
      lat,
      lon,
      sogKn,
      cogDeg,
      heading,
      navStatus,
    },
  };
}

function readImo(message: LibraryMessage): { imo: string | null; status: ImoStatus; raw: number } {
  const raw = numberField(message, 'imo') ?? 0;
  if (raw === 0) return { imo: null, status: 'not_available', raw };
  const text = String(raw);
  return isValidImo(text)
    ? { imo: text, status: 'valid', raw }
    : { imo: null, status: 'invalid', raw };
}

/** A positive reading, or null for AIS's 0 = not available. */
const positive = (value: number | null): number | null =>
  value !== null && value > 0 ? value : null;

export function toStatic(message: LibraryMessage, context: MessageContext): Checked<DecodedStatic> {
  const mmsi = shipMmsi(message);
  if (mmsi === null) return { ok: false, reason: 'invalid_mmsi' };
  const imo = readImo(message);
  const dimensions = {
    toBowM: numberField(message, 'dimBow') ?? 0,
    toSternM: numberField(message, 'dimStern') ?? 0,
    toPortM: numberField(message, 'dimPort') ?? 0,
    toStarboardM: numberField(message, 'dimStarboard') ?? 0,
  };
  const month = numberField(message, 'etaMonth');
  const day = numberField(message, 'etaDay');
  return {
    ok: true,
    value: {
      line: context.line,
      lines: context.lines,
      mmsi,
      timestamp: context.timestamp,
      source: context.source,
      imo: imo.imo,
      imoStatus: imo.status,
      imoRaw: imo.raw,
      callsign: textField(message, 'callsign'),
      name: textField(message, 'name'),
      destination: textField(message, 'destination'),
      shipType: positive(numberField(message, 'typeAndCargo')),
      draughtM: positive(numberField(message, 'draught')),
      lengthM:
        dimensions.toBowM > 0 && dimensions.toSternM > 0
          ? dimensions.toBowM + dimensions.toSternM
          : null,
      beamM:
        dimensions.toPortM > 0 && dimensions.toStarboardM > 0
          ? dimensions.toPortM + dimensions.toStarboardM
          : null,
      dimensions,
      eta:
        month === null || day === null
          ? null
          : {
              month,
              day,
              hour: numberField(message, 'etaHour'),
              minute: numberField(message, 'etaMinute'),
            },
    },
  };
}
