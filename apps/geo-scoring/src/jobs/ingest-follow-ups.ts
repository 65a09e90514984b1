/**
 * What an ingest asks of the background jobs once its transaction has committed
 * (see docs/geo-scoring/ingestion.md#after-commit): a debounced per-metro score refresh, a
 * population refresh after tracts or cell-tracts change, and a pub/sub message when satellite
 * embeddings change. The ingest feature depends on this contract; JobsModule provides the
 * BullMQ-backed implementation, so ingestion never imports queue code.
 */
export abstract class IngestFollowUps {
  /** Raw records of these metros changed: refresh their scores after the debounce delay. */
  abstract metroDataChanged(metroSlugs: readonly string[]): Promise<void>;
  /** tracts or cell_tracts changed: refresh the cell_population materialized view. */
  abstract populationInputsChanged(): Promise<void>;
  /** satellite_embeddings changed: replicas rebuild their in-memory similarity index. */
  abstract embeddingsChanged(): Promise<void>;
}
