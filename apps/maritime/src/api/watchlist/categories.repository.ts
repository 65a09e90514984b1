import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { Sql } from './watchlist.repository';

export interface CategoryRow {
  id: string;
  name: string;
  parent_id: string | null;
  sort_order: number;
  default_notify_on: string[];
  entries_count: number;
  created_at: Date;
  updated_at: Date;
}

export interface CategoryChange {
  name?: string;
  parentId?: string | null;
  sortOrder?: number;
  defaultNotifyOn?: string[];
}

const CATEGORY_SELECT = `SELECT c.id::text AS id, c.name, c.parent_id::text AS parent_id,
    c.sort_order, c.default_notify_on,
    (SELECT count(*)::int FROM watchlist_entries e WHERE e.category_id = c.id) AS entries_count,
    c.created_at, c.updated_at
  FROM watchlist_categories c`;

/** SQL of watchlist categories; every statement is scoped to one owner. */
@Injectable()
export class CategoriesRepository {
  constructor(@Inject(DataSource) private readonly db: DataSource) {}

  /** All of an owner's categories (at most 200), in display order. */
  async list(ownerId: string, sql: Sql = this.db): Promise<CategoryRow[]> {
    return (await sql.query(
      `${CATEGORY_SELECT} WHERE c.owner_id = $1 ORDER BY c.sort_order, c.id`,
      [ownerId],
    )) as CategoryRow[];
  }

  async find(ownerId: string, id: string, sql: Sql = this.db): Promise<CategoryRow | undefined> {
    const rows = (await sql.query(`${CATEGORY_SELECT} WHERE c.owner_id = $1 AND c.id = $2`, [
      ownerId,
      id,
    ])) as CategoryRow[];
    return rows[0];
  }

  async insert(
    ownerId: string,
    change: Required<CategoryChange>,
    now: Date,
    sql: Sql,
  ): Promise<string> {
    const [row] = (await sql.query(
      `INSERT INTO watchlist_categories
         (owner_id, name, parent_id, sort_order, default_notify_on, created_at, updated_at)
       VALUES ($1, $2, $3::bigint, $4, $5::text[], $6, $6) RETURNING id::text AS id`,
      [ownerId, change.name, change.parentId, change.sortOrder, change.defaultNotifyOn, now],
    )) as [{ id: string }];
    return row.id;
  }

  async update(
    ownerId: string,
    id: string,
    change: CategoryChange,
    now: Date,
    sql: Sql,
  ): Promise<void> {
    await sql.query(
      `WITH changed AS (
         UPDATE watchlist_categories SET
           name = coalesce($3::text, name),
           parent_id = CASE WHEN $4::boolean THEN $5::bigint ELSE parent_id END,
           sort_order = coalesce($6::integer, sort_order),
           default_notify_on = coalesce($7::text[], default_notify_on),
           updated_at = $8
         WHERE owner_id = $1 AND id = $2 RETURNING id)
       SELECT id FROM changed`,
      [
        ownerId,
        id,
        change.name ?? null,
        change.parentId !== undefined,
        change.parentId ?? null,
        change.sortOrder ?? null,
        change.defaultNotifyOn ?? null,
        now,
      ],
    );
  }

  /** Moves a category to the top level under a (possibly new) name. */
  async moveToTop(ownerId: string, id: string, name: string, now: Date, sql: Sql): Promise<void> {
    await sql.query(
      `WITH moved AS (
         UPDATE watchlist_categories SET parent_id = NULL, name = $3, updated_at = $4
         WHERE owner_id = $1 AND id = $2 RETURNING id)
       SELECT id FROM moved`,
      [ownerId, id, name, now],
    );
  }

  /** Deletes a category; its entries lose their category (ON DELETE SET NULL). */
  async remove(ownerId: string, id: string, sql: Sql): Promise<void> {
    await sql.query(
      `WITH gone AS (DELETE FROM watchlist_categories WHERE owner_id = $1 AND id = $2 RETURNING id)
       SELECT id FROM gone`,
      [ownerId, id],
    );
  }
}
