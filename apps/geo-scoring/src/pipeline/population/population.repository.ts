import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

/** The cell_population materialized view (residents per cell). */
@Injectable()
export class PopulationRepository {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  /** CONCURRENTLY keeps the view readable meanwhile (it has the unique index this needs). */
  async refresh(): Promise<void> {
    await this.dataSource.query('REFRESH MATERIALIZED VIEW CONCURRENTLY cell_population');
  }
}
