import { Injectable } from '@nestjs/common';
import { firstRow, rowsOf, SqlRunner } from '@platform/database';
import { DataSource } from 'typeorm';
import type { ResolvedPreset } from './preset-resolver';

export type PresetStatus = 'draft' | 'published' | 'disabled';

/** The content of one version. */
export interface PresetSnapshotInput {
  model: string;
  params: Record<string, unknown>;
  system_prompt: string | null;
  provider_preferences: Record<string, unknown> | null;
}

export interface SnapshotRow extends PresetSnapshotInput {
  slug: string;
  version: number;
  author: string;
  created_at: Date;
}

/** A live preset with the content of its latest version. */
export interface PresetRow extends PresetSnapshotInput {
  slug: string;
  status: PresetStatus;
  latest_version: number;
  author: string;
  published_at: Date | null;
  created_at: Date;
  updated_at: Date;
  deleted_at: Date | null;
}

const PRESET_COLUMNS = `p.slug, p.status, p.latest_version, p.published_at, p.created_at,
  p.updated_at, p.deleted_at, v.model, v.params, v.system_prompt, v.provider_preferences, v.author`;
const PRESET_FROM = `presets p JOIN preset_versions v
  ON v.team_id = p.team_id AND v.slug = p.slug AND v.version = p.latest_version`;
const SNAPSHOT_COLUMNS = `v.slug, v.version, v.model, v.params, v.system_prompt,
  v.provider_preferences, v.author, v.created_at`;

interface LiveRow {
  id: string;
  latest_version: number;
}

/** SQL of presets and their append-only versions; every query is scoped to one team. */
@Injectable()
export class PresetsRepository {
  constructor(private readonly db: DataSource) {}

  /** A published, live preset's latest (or pinned) snapshot, as the client API applies it. */
  async resolve(
    teamId: string,
    slug: string,
    version: number | null,
  ): Promise<ResolvedPreset | null> {
    const rows = await rowsOf<ResolvedPreset>(
      this.db,
      `SELECT v.slug, v.version, v.model, v.params, v.system_prompt, v.provider_preferences
         FROM presets p
         JOIN preset_versions v ON v.preset_id = p.id AND v.version = COALESCE($3, p.latest_version)
        WHERE p.team_id = $1 AND p.slug = $2 AND p.deleted_at IS NULL AND p.status = 'published'`,
      [teamId, slug, version],
    );
    return rows[0] ?? null;
  }

  list(teamId: string): Promise<PresetRow[]> {
    return rowsOf<PresetRow>(
      this.db,
      `SELECT ${PRESET_COLUMNS} FROM ${PRESET_FROM}
        WHERE p.team_id = $1 AND p.deleted_at IS NULL ORDER BY p.slug`,
      [teamId],
    );
  }

  async find(
    teamId: string,
    slug: string,
    runner: SqlRunner = this.db,
  ): Promise<PresetRow | undefined> {
    const rows = await rowsOf<PresetRow>(
      runner,
      `SELECT ${PRESET_COLUMNS} FROM ${PRESET_FROM}
        WHERE p.team_id = $1 AND p.slug = $2 AND p.deleted_at IS NULL`,
      [teamId, slug],
    );
    return rows[0];
  }

  /** A draft at the slug's next version number; undefined when a live preset has the slug. */
  create(
    teamId: string,
    slug: string,
    snapshot: PresetSnapshotInput,
    author: string,
  ): Promise<PresetRow | undefined> {
    return this.db.transaction(async (tx) => {
      // Serialises writers of this (team, slug) until commit.
      const live = await this.lockLive(tx, teamId, slug);
      if (live) return undefined;
      const version = await this.nextVersion(tx, teamId, slug);
      const [created] = await rowsOf<{ id: string }>(
        tx,
        `INSERT INTO presets (team_id, slug, latest_version) VALUES ($1, $2, $3) RETURNING id`,
        [teamId, slug, version],
      );
      await this.appendVersion(tx, firstRow([created]).id, teamId, slug, version, snapshot, author);
      return this.find(teamId, slug, tx);
    });
  }

  /** Appends version n+1 as the preset's latest; undefined when no live preset has the slug. */
  update(
    teamId: string,
    slug: string,
    snapshot: PresetSnapshotInput,
    author: string,
  ): Promise<PresetRow | undefined> {
    return this.db.transaction(async (tx) => {
      const live = await this.lockLive(tx, teamId, slug);
      if (!live) return undefined;
      const version = await this.nextVersion(tx, teamId, slug);
      await this.appendVersion(tx, live.id, teamId, slug, version, snapshot, author);
      await tx.query(`UPDATE presets SET latest_version = $2, updated_at = now() WHERE id = $1`, [
        live.id,
        version,
      ]);
      return this.find(teamId, slug, tx);
    });
  }

  /** Publishes or disables a live preset; undefined when there is none. */
  async setStatus(
    teamId: string,
    slug: string,
    status: PresetStatus,
  ): Promise<PresetRow | undefined> {
    const published = status === 'published' ? 'now()' : 'published_at';
    const rows = returned<{ slug: string }>(
      await this.db.query(
        `UPDATE presets SET status = $3, published_at = ${published}, updated_at = now()
          WHERE team_id = $1 AND slug = $2 AND deleted_at IS NULL RETURNING slug`,
        [teamId, slug, status],
      ),
    );
    return rows[0] ? this.find(teamId, slug) : undefined;
  }

  /** Soft-deletes a live preset and answers it as it was; undefined when there is none. */
  softDelete(teamId: string, slug: string): Promise<PresetRow | undefined> {
    return this.db.transaction(async (tx) => {
      const before = await this.find(teamId, slug, tx);
      if (!before) return undefined;
      const [deleted] = returned<{ deleted_at: Date; updated_at: Date }>(
        await tx.query(
          `UPDATE presets SET deleted_at = now(), updated_at = now()
            WHERE team_id = $1 AND slug = $2 AND deleted_at IS NULL RETURNING deleted_at, updated_at`,
          [teamId, slug],
        ),
      );
      return deleted ? { ...before, ...deleted } : undefined;
    });
  }

  /** The live preset's versions, newest first; undefined when there is no live preset. */
  async versions(teamId: string, slug: string): Promise<SnapshotRow[] | undefined> {
    const rows = await rowsOf<SnapshotRow & { present: boolean }>(
      this.db,
      `SELECT ${SNAPSHOT_COLUMNS}, true AS present
         FROM presets p JOIN preset_versions v ON v.preset_id = p.id
        WHERE p.team_id = $1 AND p.slug = $2 AND p.deleted_at IS NULL
        ORDER BY v.version DESC`,
      [teamId, slug],
    );
    return rows.length === 0 ? undefined : rows.map(({ present: _present, ...row }) => row);
  }

  /** One version of the live preset; undefined when either is missing. */
  async version(teamId: string, slug: string, version: number): Promise<SnapshotRow | undefined> {
    const rows = await rowsOf<SnapshotRow>(
      this.db,
      `SELECT ${SNAPSHOT_COLUMNS}
         FROM presets p JOIN preset_versions v ON v.preset_id = p.id AND v.version = $3
        WHERE p.team_id = $1 AND p.slug = $2 AND p.deleted_at IS NULL`,
      [teamId, slug, version],
    );
    return rows[0];
  }

  /** Bumps the (team, slug) counter, which outlives deletions; its row lock is held until commit. */
  private async nextVersion(tx: SqlRunner, teamId: string, slug: string): Promise<number> {
    const rows = await rowsOf<{ last_version: number }>(
      tx,
      `INSERT INTO preset_slugs (team_id, slug, last_version) VALUES ($1, $2, 1)
       ON CONFLICT (team_id, slug) DO UPDATE SET last_version = preset_slugs.last_version + 1
       RETURNING last_version`,
      [teamId, slug],
    );
    return firstRow(rows).last_version;
  }

  /**
   * Takes the (team, slug) counter row lock first (creating the row if needed), so concurrent
   * writers of one slug queue up, then reads the live preset.
   */
  private async lockLive(
    tx: SqlRunner,
    teamId: string,
    slug: string,
  ): Promise<LiveRow | undefined> {
    await tx.query(
      `INSERT INTO preset_slugs (team_id, slug, last_version) VALUES ($1, $2, 0)
       ON CONFLICT (team_id, slug) DO UPDATE SET last_version = preset_slugs.last_version`,
      [teamId, slug],
    );
    const rows = await rowsOf<LiveRow>(
      tx,
      `SELECT id, latest_version FROM presets
        WHERE team_id = $1 AND slug = $2 AND deleted_at IS NULL FOR UPDATE`,
      [teamId, slug],
    );
    return rows[0];
  }

  private async appendVersion(
    tx: SqlRunner,
    presetId: string,
    teamId: string,
    slug: string,
    version: number,
    snapshot: PresetSnapshotInput,
    author: string,
  ): Promise<void> {
    await tx.query(
      `INSERT INTO preset_versions
         (team_id, slug, version, preset_id, model, params, system_prompt, provider_preferences, author)
       VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7, $8::jsonb, $9)`,
      [
        teamId,
        slug,
        version,
        presetId,
        snapshot.model,
        JSON.stringify(snapshot.params),
        snapshot.system_prompt,
        snapshot.provider_preferences === null
          ? null
          : JSON.stringify(snapshot.provider_preferences),
        author,
      ],
    );
  }
}

/** Rows of an `UPDATE ... RETURNING`: TypeORM answers `[rows, affected]` for UPDATE statements. */
function returned<T>(result: unknown): T[] {
  if (Array.isArray(result) && result.length === 2 && Array.isArray(result[0])) {
    return result[0] as T[];
  }
  return result as T[];
}
