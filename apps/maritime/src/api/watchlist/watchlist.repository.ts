import { Inject, Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';

/** Something that runs SQL: the data source, or the manager of an open transaction. */
export interface Sql {
  query(sql: string, parameters?: unknown[]): Promise<unknown>;
}

export interface EntryRow {
  id: string;
  imo: string;
  label: string | null;
  notify_on: string[];
  category_id: string | null;
  category_name: string | null;
  sort_order: number;
  created_at: Date;
  updated_at: Date;
  vessel_name: string;
  vessel_type: string;
  flag: string | null;
  risk_score: string | null;
  risk_tier: string | null;
}

/** The fields an insert or update writes; undefined leaves a column as it is. */
export interface EntryChange {
  label?: string | null;
  notifyOn?: string[];
  categoryId?: string | null;
  sortOrder?: number;
}

const ENTRY_SELECT = `SELECT e.id::text AS id, e.imo, e.label, e.notify_on,
    e.category_id::text AS category_id, c.name AS category_name, e.sort_order, e.created_at,
    e.updated_at, v.name AS vessel_name, v.vessel_type, v.flag, r.score AS risk_score,
    r.tier AS risk_tier
  FROM watchlist_entries e
  JOIN vessels v ON v.imo = e.imo
  LEFT JOIN watchlist_categories c ON c.id = e.category_id
  LEFT JOIN vessel_risk_scores r ON r.imo = e.imo`;

/** SQL of watchlist entries; every statement is scoped to one owner. */
@Injectable()
export class WatchlistRepository {
  constructor(@Inject(DataSource) private readonly db: DataSource) {}

  /**
   * Runs `work` in a transaction holding the owner's watchlist lock, so the per-owner limits
   * (entries, categories) and the category tree are checked against a state no one else is
   * changing at the same time.
   */
  inOwnerTransaction<T>(ownerId: string, work: (sql: Sql) => Promise<T>): Promise<T> {
    return this.db.transaction(async (manager: EntityManager) => {
      await manager.query(`SELECT pg_advisory_xact_lock(hashtextextended($1, 0))`, [
        `mar:watchlist:${ownerId}`,
      ]);
      return work(manager);
    });
  }

  async list(ownerId: string, sql: Sql = this.db): Promise<EntryRow[]> {
    return (await sql.query(`${ENTRY_SELECT} WHERE e.owner_id = $1 ORDER BY e.sort_order, e.id`, [
      ownerId,
    ])) as EntryRow[];
  }

  async findByImos(
    ownerId: string,
    imos: readonly string[],
    sql: Sql = this.db,
  ): Promise<EntryRow[]> {
    return (await sql.query(
      `${ENTRY_SELECT} WHERE e.owner_id = $1 AND e.imo = ANY($2::text[]) ORDER BY e.sort_order, e.id`,
      [ownerId, imos],
    )) as EntryRow[];
  }

  async count(ownerId: string, sql: Sql): Promise<number> {
    const [row] = (await sql.query(
      'SELECT count(*)::int AS n FROM watchlist_entries WHERE owner_id = $1',
      [ownerId],
    )) as { n: number }[];
    return row?.n ?? 0;
  }

  /** Which of `imos` are vessels we know. */
  async knownVessels(imos: readonly string[], sql: Sql = this.db): Promise<Set<string>> {
    const rows = (await sql.query('SELECT imo FROM vessels WHERE imo = ANY($1::text[])', [
      imos,
    ])) as { imo: string }[];
    return new Set(rows.map((r) => r.imo));
  }

  async insert(
    ownerId: string,
    imo: string,
    change: EntryChange & { notifyOn: string[] },
    now: Date,
    sql: Sql,
  ): Promise<void> {
    await sql.query(
      `INSERT INTO watchlist_entries
         (owner_id, imo, label, notify_on, category_id, sort_order, created_at, updated_at)
       VALUES ($1, $2, $3, $4::text[], $5::bigint, $6, $7, $7)`,
      [
        ownerId,
        imo,
        change.label ?? null,
        change.notifyOn,
        change.categoryId ?? null,
        change.sortOrder ?? 0,
        now,
      ],
    );
  }

  /** Applies `change` to the owner's entries of `imos`; returns the IMOs it touched. */
  async update(
    ownerId: string,
    imos: readonly string[],
    change: EntryChange,
    now: Date,
    sql: Sql,
  ): Promise<string[]> {
    const rows = (await sql.query(
      // Wrapped in a CTE so the driver hands back plain rows (it pairs UPDATE rows with a count).
      `WITH changed AS (
         UPDATE watchlist_entries SET
           label = CASE WHEN $3::boolean THEN $4::text ELSE label END,
           notify_on = coalesce($5::text[], notify_on),
           category_id = CASE WHEN $6::boolean THEN $7::bigint ELSE category_id END,
           sort_order = coalesce($8::integer, sort_order),
           updated_at = $9
         WHERE owner_id = $1 AND imo = ANY($2::text[])
         RETURNING imo)
       SELECT imo FROM changed`,
      [
        ownerId,
        imos,
        change.label !== undefined,
        change.label ?? null,
        change.notifyOn ?? null,
        change.categoryId !== undefined,
        change.categoryId ?? null,
        change.sortOrder ?? null,
        now,
      ],
    )) as { imo: string }[];
    return rows.map((r) => r.imo);
  }

  /** Removes the owner's entries of `imos`; returns the IMOs removed. */
  async remove(ownerId: string, imos: readonly string[], sql: Sql = this.db): Promise<string[]> {
    const rows = (await sql.query(
      `WITH gone AS (
         DELETE FROM watchlist_entries WHERE owner_id = $1 AND imo = ANY($2::text[]) RETURNING imo)
       SELECT imo FROM gone`,
      [ownerId, imos],
    )) as { imo: string }[];
    return rows.map((r) => r.imo);
  }
}
