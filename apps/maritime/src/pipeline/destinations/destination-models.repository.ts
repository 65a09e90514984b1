import { Inject, Injectable } from '@nestjs/common';
import type { DestinationCountRow } from '@platform/maritime-domain';
import { copyTextChunks } from '@platform/database';
import type { Client } from 'pg';
import { DataSource, EntityManager } from 'typeorm';

export interface DestinationModelRow {
  version: string;
  trained_at: Date;
  voyages_train: number;
  voyages_holdout: number;
  top1_acc: number | null;
  top3_acc: number | null;
  active: boolean;
}

export interface PortGeometry {
  id: number;
  lat: number;
  lon: number;
  radius_km: number;
}

const MODEL_COLUMNS = `version, trained_at, voyages_train, voyages_holdout,
  top1_acc::float8 AS top1_acc, top3_acc::float8 AS top3_acc, active`;
const COPY_CHUNK = 5_000;
const COUNT_COLUMNS = ['version', 'res', 'cell', 'laden', 'dest_port_id', 'n'];

/** destination_models and destination_model_counts. */
@Injectable()
export class DestinationModelsRepository {
  constructor(@Inject(DataSource) private readonly db: DataSource) {}

  async active(): Promise<DestinationModelRow | undefined> {
    const rows = (await this.db.query(
      `SELECT ${MODEL_COLUMNS} FROM destination_models WHERE active`,
    )) as DestinationModelRow[];
    return rows[0];
  }

  async activeVersion(): Promise<string | null> {
    const rows = (await this.db.query('SELECT version FROM destination_models WHERE active')) as {
      version: string;
    }[];
    return rows[0]?.version ?? null;
  }

  async counts(version: string): Promise<DestinationCountRow[]> {
    return (await this.db.query(
      `SELECT res, cell, laden, dest_port_id::int AS "portId", n
       FROM destination_model_counts WHERE version = $1`,
      [version],
    )) as DestinationCountRow[];
  }

  async portGeometry(): Promise<PortGeometry[]> {
    return (await this.db.query(
      'SELECT id::int AS id, lat, lon, port_radius_km AS radius_km FROM ports ORDER BY id',
    )) as PortGeometry[];
  }

  async insertModel(
    model: Omit<DestinationModelRow, 'active'>,
    manager: EntityManager,
  ): Promise<void> {
    await manager.query(
      `INSERT INTO destination_models
         (version, trained_at, voyages_train, voyages_holdout, top1_acc, top3_acc, active)
       VALUES ($1, $2, $3, $4, $5, $6, false)`,
      [
        model.version,
        model.trained_at,
        model.voyages_train,
        model.voyages_holdout,
        model.top1_acc,
        model.top3_acc,
      ],
    );
  }

  /** Streams the counts with COPY (tens of thousands of rows per model). */
  private async copyCounts(
    version: string,
    rows: readonly DestinationCountRow[],
    client: Client,
  ): Promise<void> {
    function* lines(): Generator<string> {
      for (let i = 0; i < rows.length; i += COPY_CHUNK) {
        let chunk = '';
        for (const r of rows.slice(i, i + COPY_CHUNK))
          chunk += `${version}\t${r.res}\t${r.cell}\t${r.laden ? 't' : 'f'}\t${r.portId}\t${r.n}\n`;
        yield chunk;
      }
    }
    await copyTextChunks(client, 'destination_model_counts', COUNT_COLUMNS, lines());
  }

  /** Makes `version` the only active model. */
  async activate(version: string, manager: EntityManager): Promise<void> {
    await manager.query('UPDATE destination_models SET active = false WHERE active');
    await manager.query('UPDATE destination_models SET active = true WHERE version = $1', [
      version,
    ]);
  }

  /** A version name not taken yet: `base`, else `base.2`, `base.3`, … */
  async freeVersion(base: string): Promise<string> {
    const rows = (await this.db.query(
      `SELECT version FROM destination_models WHERE version = $1 OR version LIKE $1 || '.%'`,
      [base],
    )) as { version: string }[];
    const taken = new Set(rows.map((r) => r.version));
    if (!taken.has(base)) return base;
    let k = 2;
    while (taken.has(`${base}.${k}`)) k += 1;
    return `${base}.${k}`;
  }

  /**
   * Stores a trained model with its counts in one transaction, activates it if asked, and
   * deletes inactive models beyond the `keep` newest (their counts cascade).
   */
  async save(
    model: Omit<DestinationModelRow, 'active'>,
    counts: readonly DestinationCountRow[],
    activate: boolean,
    keep: number,
  ): Promise<void> {
    const runner = this.db.createQueryRunner();
    // The PostgreSQL runner's pg client, which COPY needs; it carries the transaction too.
    const client = (await runner.connect()) as Client;
    try {
      await runner.startTransaction();
      await this.insertModel(model, runner.manager);
      await this.copyCounts(model.version, counts, client);
      if (activate) await this.activate(model.version, runner.manager);
      await runner.query(
        `DELETE FROM destination_models WHERE NOT active AND version NOT IN (
           SELECT version FROM destination_models ORDER BY trained_at DESC, version DESC LIMIT $1)`,
        [keep],
      );
      await runner.commitTransaction();
    } catch (error) {
      if (runner.isTransactionActive) await runner.rollbackTransaction();
      throw error;
    } finally {
      await runner.release();
    }
  }
}
