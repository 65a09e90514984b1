import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

export interface PortLabel {
  id: number;
  slug: string;
  name: string;
}

/** The reads predict-destination needs besides the model: port labels and the vessel's draft. */
@Injectable()
export class DestinationsRepository {
  constructor(@Inject(DataSource) private readonly db: DataSource) {}

  async portLabels(): Promise<Map<number, PortLabel>> {
    const rows = (await this.db.query(
      'SELECT id::int AS id, slug, name FROM ports',
    )) as PortLabel[];
    return new Map(rows.map((row) => [row.id, row]));
  }

  /** undefined: no vessel has this MMSI; null design draft: a known vessel without one. */
  async designDraftByMmsi(mmsi: string): Promise<{ design_draft_m: number | null } | undefined> {
    const rows = (await this.db.query('SELECT design_draft_m FROM vessels WHERE mmsi = $1', [
      mmsi,
    ])) as { design_draft_m: number | null }[];
    return rows[0];
  }
}
