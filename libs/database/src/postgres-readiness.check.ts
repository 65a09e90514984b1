import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

/** `/readyz` check: PostgreSQL answers a trivial query through the app's own pool. */
@Injectable()
export class PostgresReadinessCheck {
  readonly name = 'postgres';

  constructor(private readonly dataSource: DataSource) {}

  async check(): Promise<void> {
    await this.dataSource.query('SELECT 1');
  }
}
