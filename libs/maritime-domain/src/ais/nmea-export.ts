/**
 * Writes a vessel's track as NMEA lines that ingest reads back: a type 5 pair for the vessel
 * first, then one type 1 per position, each line behind a tag block `\c:<unix s>,s:<source>*hh\`.
 * The source tag is `terrestrial` or `sat` from each position's source unless one tag is forced.
 * When a position carries a draught different from the last one sent, a fresh type 5 pair goes
 * out just before it, timed like it, so draught changes survive the round trip.
 * Times are written in whole seconds; sub-second parts are dropped.
 */
import {
  encodePositionReport,
  encodeStaticVoyage,
  type AisChannel,
  type ShipDimensions,
} from './encoder';
import { formatTagBlock } from './nmea';
import type { AisSource } from './types';

export interface ExportVessel {
  mmsi: string | number;
  imo?: string | number | null;
  name?: string | null;
  callsign?: string | null;
  /** AIS type of ship and cargo (70-79 cargo, 80-89 tanker …). */
  shipType?: number | null;
  draughtM?: number | null;
  destination?: string | null;
  dimensions?: ShipDimensions | null;
  eta?: Date | null;
}

export interface ExportPosition {
  timestamp: Date;
  lat: number;
  lon: number;
  sogKn?: number | null;
  cogDeg?: number | null;
  heading?: number | null;
  navStatus?: number | null;
  source?: AisSource;
  draughtM?: number | null;
}

export interface NmeaExportOptions {
  /** One `s:` value for every line; by default each position's source decides. */
  sourceTag?: string;
  channel?: AisChannel;
  /** Time of the leading type 5 pair; by default the first position's. */
  staticAt?: Date;
}

const unixSeconds = (instant: Date): number => Math.floor(instant.getTime() / 1000);

/** The track as NMEA lines, oldest first. */
export function exportTrackAsNmea(
  vessel: ExportVessel,
  positions: readonly ExportPosition[],
  options: NmeaExportOptions = {},
): string[] {
  const sourceTag = (source: AisSource | undefined): string =>
    options.sourceTag ?? (source === 'satellite' ? 'sat' : 'terrestrial');
  const lines: string[] = [];
  let sequenceId = 0;
  let draughtSent = vessel.draughtM ?? positions.find((p) => p.draughtM != null)?.draughtM ?? null;

  const pushStatic = (at: Date | undefined, source: AisSource | undefined): void => {
    const tag = formatTagBlock(
      at === undefined ? { s: sourceTag(source) } : { c: unixSeconds(at), s: sourceTag(source) },
    );
    const sentences = encodeStaticVoyage(
      { ...vessel, draughtM: draughtSent },
      { sequenceId, channel: options.channel },
    );
    for (const sentence of sentences) lines.push(tag + sentence);
    sequenceId = (sequenceId + 1) % 10;
  };

  pushStatic(options.staticAt ?? positions[0]?.timestamp, positions[0]?.source);
  for (const position of positions) {
    const draught = position.draughtM ?? null;
    if (draught !== null && draught !== draughtSent) {
      draughtSent = draught;
      pushStatic(position.timestamp, position.source);
    }
    const tag = formatTagBlock({
      c: unixSeconds(position.timestamp),
      s: sourceTag(position.source),
    });
    const sentence = encodePositionReport(
      {
        mmsi: vessel.mmsi,
        lat: position.lat,
        lon: position.lon,
        sogKn: position.sogKn,
        cogDeg: position.cogDeg,
        heading: position.heading,
        navStatus: position.navStatus,
        timestampSecond: position.timestamp.getUTCSeconds(),
      },
      { channel: options.channel },
    );
    lines.push(tag + sentence);
  }
  return lines;
}
