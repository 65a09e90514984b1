import { Inject, Injectable } from '@nestjs/common';
import type { RuleExpression } from '@platform/maritime-domain';
import { DataSource, type EntityManager } from 'typeorm';

/** What a version snapshot holds: every field a PATCH can change. */
export interface RuleFieldValues {
  name: string;
  description: string | null;
  expression: RuleExpression;
  severity_override: string | null;
  active: boolean;
  dedupe_window_minutes: number;
}

export interface RuleRow extends RuleFieldValues {
  id: string;
  version: number;
  created_at: Date;
  updated_at: Date;
}

export interface RuleVersionRow {
  version: number;
  snapshot: RuleFieldValues;
  notes: string | null;
  created_at: Date;
}

const RULE_COLUMNS = `id::text AS id, name, description, expression, severity_override, active,
  dedupe_window_minutes, version, created_at, updated_at`;

export function snapshotOf(row: RuleFieldValues): RuleFieldValues {
  return {
    name: row.name,
    description: row.description,
    expression: row.expression,
    severity_override: row.severity_override,
    active: row.active,
    dedupe_window_minutes: row.dedupe_window_minutes,
  };
}

/** Rules are always read through their owner: another owner's id finds nothing. */
@Injectable()
export class AlertRulesRepository {
  constructor(@Inject(DataSource) private readonly db: DataSource) {}

  async list(ownerId: string): Promise<RuleRow[]> {
    return (await this.db.query(
      `SELECT ${RULE_COLUMNS} FROM alert_rules
       WHERE owner_id = $1 AND deleted_at IS NULL ORDER BY id`,
      [ownerId],
    )) as RuleRow[];
  }

  /** Creates the rule and its version 1 in one transaction. */
  async create(
    ownerId: string,
    fields: RuleFieldValues,
    notes: string | null,
    now: Date,
  ): Promise<RuleRow> {
    return this.db.transaction(async (manager) => {
      const [row] = (await manager.query(
        `INSERT INTO alert_rules (owner_id, name, description, expression, severity_override,
           active, dedupe_window_minutes, version, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, 1, $8, $8) RETURNING ${RULE_COLUMNS}`,
        [
          ownerId,
          fields.name,
          fields.description,
          JSON.stringify(fields.expression),
          fields.severity_override,
          fields.active,
          fields.dedupe_window_minutes,
          now,
        ],
      )) as [RuleRow];
      await this.insertVersion(manager, row, notes, now);
      return row;
    });
  }

  /**
   * Locks the rule, lets `decide` compute its new fields from the current ones (null: nothing
   * changed), and writes the next version with its snapshot. Returns null for no such rule.
   */
  async update(
    ownerId: string,
    id: string,
    decide: (current: RuleRow) => RuleFieldValues | null,
    notes: string | null,
    now: Date,
  ): Promise<{ row: RuleRow; changed: boolean; previousVersion: number } | null> {
    return this.db.transaction(async (manager) => {
      const [current] = (await manager.query(
        `SELECT ${RULE_COLUMNS} FROM alert_rules
         WHERE id = $1 AND owner_id = $2 AND deleted_at IS NULL FOR UPDATE`,
        [id, ownerId],
      )) as RuleRow[];
      if (!current) return null;
      const next = decide(current);
      if (next === null) return { row: current, changed: false, previousVersion: current.version };
      // TypeORM answers UPDATE … RETURNING with [rows, count].
      const [[row]] = (await manager.query(
        `UPDATE alert_rules SET name = $3, description = $4, expression = $5,
           severity_override = $6, active = $7, dedupe_window_minutes = $8,
           version = version + 1, updated_at = $9
         WHERE id = $1 AND owner_id = $2 RETURNING ${RULE_COLUMNS}`,
        [
          id,
          ownerId,
          next.name,
          next.description,
          JSON.stringify(next.expression),
          next.severity_override,
          next.active,
          next.dedupe_window_minutes,
          now,
        ],
      )) as [[RuleRow], number];
      await this.insertVersion(manager, row, notes, now);
      return { row, changed: true, previousVersion: current.version };
    });
  }

  /** Soft delete: the rule disappears from reads, its versions stay. */
  async softDelete(ownerId: string, id: string, now: Date): Promise<boolean> {
    const [, count] = (await this.db.query(
      `UPDATE alert_rules SET deleted_at = $3
       WHERE id = $1 AND owner_id = $2 AND deleted_at IS NULL`,
      [id, ownerId, now],
    )) as [unknown[], number];
    return count > 0;
  }

  /** Newest first; null when the owner has no such rule (a deleted rule keeps its history). */
  async versions(ownerId: string, id: string): Promise<RuleVersionRow[] | null> {
    const owned = (await this.db.query(
      'SELECT 1 FROM alert_rules WHERE id = $1 AND owner_id = $2',
      [id, ownerId],
    )) as unknown[];
    if (owned.length === 0) return null;
    return (await this.db.query(
      `SELECT version, snapshot, notes, created_at FROM alert_rule_versions
       WHERE rule_id = $1 ORDER BY version DESC`,
      [id],
    )) as RuleVersionRow[];
  }

  private async insertVersion(
    manager: EntityManager,
    row: RuleRow,
    notes: string | null,
    now: Date,
  ): Promise<void> {
    await manager.query(
      `INSERT INTO alert_rule_versions (rule_id, version, snapshot, notes, created_at)
       VALUES ($1, $2, $3, $4, $5)`,
      [row.id, row.version, JSON.stringify(snapshotOf(row)), notes, now],
    );
  }
}
