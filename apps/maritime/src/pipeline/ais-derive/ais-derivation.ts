/** Vessels whose movement changed, and the time span of the new fixes. */
export interface AisDeriveRequest {
  imos: string[];
  /** ISO instants of the earliest and latest new fix. */
  from: string;
  to: string;
  batchId: string;
}

/**
 * What an ingest asks of the background work once its transaction has committed: run the
 * movement detectors over the vessels it touched. The jobs module provides the queue-backed
 * implementation, so ingestion never imports queue code.
 */
export abstract class AisDerivation {
  abstract requested(request: AisDeriveRequest): Promise<void>;
}
