/** Why an address could not be placed. */
export type GeocodeFailure =
  /** The geocoder found nothing. */
  | 'no_match'
  /** The geocoder did not answer within the per-row timeout. */
  | 'timeout'
  /** The geocoder failed: unreachable, an error status, or an answer that is not a result list. */
  | 'geocoder_error'
  /** The upload's overall deadline passed before this row was started. */
  | 'deadline_exceeded'
  /** No geocoder is configured (GEOCODER_URL unset). */
  | 'geocoder_unavailable';

export type GeocodeResult =
  { found: true; lat: number; lng: number } | { found: false; reason: GeocodeFailure };
