import { Injectable } from '@nestjs/common';
import { firstRow } from '@platform/database';
import { DataSource } from 'typeorm';
import { SIGNAL_GROUPS, IndexCellInput } from '@platform/geo-domain';

interface IndexRow {
  h3_index: string;
  metro_slug: string;
  lat: number;
  lng: number;
  composite: number | null;
  confidence: number;
  robustness_class: string | null;
  support_stability: number | null;
  embedding: Buffer | null;
  [signal: string]: unknown;
}

/**
 * Reads what the in-memory look-alike index is built from
 * (see docs/geo-scoring/similar-cells.md#index-lifecycle).
 */
@Injectable()
export class SimilarCellsRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Id of the latest succeeded score run (the poll's change marker), null before any run. */
  async latestScoreRunId(): Promise<string | null> {
    const row = firstRow<{ id: string | null }>(
      await this.dataSource.query(
        `SELECT max(id)::text AS id FROM score_runs WHERE status = 'succeeded'`,
      ),
    );
    return row.id;
  }

  /** Every current res-8 score with its cell centre and embedding, in one snapshot. */
  async loadIndexInputs(): Promise<IndexCellInput[]> {
    const rows: IndexRow[] = await this.dataSource.query(
      `SELECT s.h3_index, s.metro_slug, c.lat, c.lng, s.composite, s.confidence,
         ${SIGNAL_GROUPS.map((g) => `s.${g}`).join(', ')},
         s.robustness_class, s.support_stability, e.embedding
       FROM cell_scores s
       JOIN cells c ON c.h3_index = s.h3_index
       LEFT JOIN satellite_embeddings e ON e.h3_index = s.h3_index`,
    );
    return rows.map((row) => ({
      h3Index: row.h3_index,
      metroSlug: row.metro_slug,
      lat: row.lat,
      lng: row.lng,
      composite: row.composite,
      confidence: row.confidence,
      signals: SIGNAL_GROUPS.map((g) => row[g] as number | null),
      robustnessClass: row.robustness_class,
      supportStability: row.support_stability,
      embedding: row.embedding,
    }));
  }
}
