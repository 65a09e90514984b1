export {
  formatSentence,
  formatTagBlock,
  nmeaChecksum,
  parseTagBlock,
  splitSentence,
  verifyNmeaChecksum,
} from './nmea';
export type { AisSentenceFields, ParsedTagBlock, TagBlockTags } from './nmea';
export { aisText, AisBitWriter } from './sixbit';
export {
  aisCoordinate,
  encodeClassBPositionReport,
  encodePositionReport,
  encodeRawPositionReport,
  encodeStaticVoyage,
} from './encoder';
export type {
  AisChannel,
  PositionReportInput,
  RawPositionReportFields,
  SentenceOptions,
  ShipDimensions,
  StaticVoyageInput,
  StaticVoyageOptions,
} from './encoder';
export { decodeNmeaBatch } from './decoder';
export type {
  AisSource,
  DecodedPosition,
  DecodedStatic,
  DecodeNmeaOptions,
  ImoStatus,
  NmeaBatchResult,
  NmeaReject,
  RejectReason,
} from './types';
export { exportTrackAsNmea } from './nmea-export';
export type { ExportPosition, ExportVessel, NmeaExportOptions } from './nmea-export';
export { destinationPoint, isWithinKm } from './geo';
export { DEFAULT_MIN_GAP_HOURS, darkGapSeverity, detectDarkGaps } from './detectors/dark-gaps';
export type { DarkGap, DarkGapOptions } from './detectors/dark-gaps';
export { detectSpoofing } from './detectors/spoofing';
export type {
  SpoofingAlert,
  SpoofingFixDetail,
  SpoofingKind,
  SpoofingOptions,
} from './detectors/spoofing';
export { detectGeofenceEvents } from './detectors/geofence';
export type { GeofenceEvent, GeofenceKind, GeofenceOptions } from './detectors/geofence';
export { portCallsFromPositions } from './detectors/port-calls';
export type { PortCall, PortCallOptions } from './detectors/port-calls';
export type { AreaId, PortArea, RiskZoneArea, EventSeverity, TrackFix } from './detectors/types';
export { splitNmeaBody } from './body-chunks';
export type { NmeaBodyChunk } from './body-chunks';
