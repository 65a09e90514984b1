import { DataSource } from 'typeorm';

/** The cell_population materialized view (residents per cell, design 1.1). */
export class PopulationRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** CONCURRENTLY keeps the view readable meanwhile (it has the unique index this needs). */
  async refresh(): Promise<void> {
    await this.dataSource.query('REFRESH MATERIALIZED VIEW CONCURRENTLY cell_population');
  }
}
