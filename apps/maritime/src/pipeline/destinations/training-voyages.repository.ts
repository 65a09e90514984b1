import { Inject, Injectable } from '@nestjs/common';
import type { TrainingVoyage } from '@platform/maritime-domain';
import { DataSource } from 'typeorm';

/** Completed voyages the destination model learns from. */
@Injectable()
export class TrainingVoyagesRepository {
  constructor(@Inject(DataSource) private readonly db: DataSource) {}

  /**
   * Voyages completed in the 365 days up to `asOf` with a known laden state and a track,
   * oldest departure first (id breaks ties).
   */
  async completed(asOf: Date): Promise<TrainingVoyage[]> {
    const rows = (await this.db.query(
      `SELECT h3_sequence AS cells, laden, dest_port_id::int AS "destPortId",
              departed_at AS "departedAt"
       FROM voyages
       WHERE status = 'completed' AND laden IS NOT NULL AND cardinality(h3_sequence) > 0
         AND arrived_at > $1::timestamptz - interval '365 days' AND arrived_at <= $1::timestamptz
       ORDER BY departed_at, id`,
      [asOf],
    )) as TrainingVoyage[];
    return rows;
  }
}
