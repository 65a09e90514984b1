import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { firstRow } from '@platform/database';

export interface ModelAlias {
  alias: string;
  model: string;
  updatedAt: Date;
}

interface AliasRow {
  alias: string;
  model: string;
  updated_at: Date;
}

const toAlias = (row: AliasRow): ModelAlias => ({
  alias: row.alias,
  model: row.model,
  updatedAt: row.updated_at,
});

@Injectable()
export class ModelAliasesRepository {
  constructor(private readonly db: DataSource) {}

  async all(): Promise<ModelAlias[]> {
    return (
      (await this.db.query(
        'SELECT alias, model, updated_at FROM model_aliases ORDER BY alias',
      )) as AliasRow[]
    ).map(toAlias);
  }

  async find(alias: string): Promise<ModelAlias | undefined> {
    const rows = (await this.db.query(
      'SELECT alias, model, updated_at FROM model_aliases WHERE alias = $1',
      [alias],
    )) as AliasRow[];
    return rows[0] ? toAlias(rows[0]) : undefined;
  }

  async upsert(alias: string, model: string): Promise<ModelAlias> {
    const rows = (await this.db.query(
      `INSERT INTO model_aliases (alias, model) VALUES ($1, $2)
       ON CONFLICT (alias) DO UPDATE SET model = EXCLUDED.model, updated_at = now()
       RETURNING alias, model, updated_at`,
      [alias, model],
    )) as AliasRow[];
    return toAlias(firstRow(rows));
  }

  async delete(alias: string): Promise<boolean> {
    const [, count] = (await this.db.query('DELETE FROM model_aliases WHERE alias = $1', [
      alias,
    ])) as [unknown, number];
    return count > 0;
  }
}
