import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

export interface SanctionsListRow {
  source: string;
  name: string;
  published_at: Date;
  imported_at: Date;
  entries: number;
}

@Injectable()
export class SanctionsListsRepository {
  constructor(@Inject(DataSource) private readonly db: DataSource) {}

  /** The newest publication of each list, with its entry count. */
  async latest(): Promise<SanctionsListRow[]> {
    return (await this.db.query(
      `SELECT DISTINCT ON (l.source) l.source, l.name, l.published_at, l.imported_at,
         (SELECT count(*)::int FROM sanctions_entries e WHERE e.list_id = l.id) AS entries
       FROM sanctions_lists l ORDER BY l.source, l.published_at DESC`,
    )) as SanctionsListRow[];
  }
}
