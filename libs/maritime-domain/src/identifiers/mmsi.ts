/**
 * Maritime Mobile Service Identities of ships: nine digits whose first three (the MID, 201-775)
 * name the flag's administration. Coast stations, SAR aircraft and group calls start with 0, 1,
 * 8 or 9, so a ship's MMSI starts with 2 to 7.
 */
const MMSI_PATTERN = /^[2-7]\d{8}$/;

export function isValidMmsi(value: string): boolean {
  return MMSI_PATTERN.test(value);
}

/** The Maritime Identification Digits (flag administration) of a ship's MMSI. */
export function mmsiMid(mmsi: string): number {
  return Number(mmsi.slice(0, 3));
}
