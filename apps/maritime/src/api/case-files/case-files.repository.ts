import { Inject, Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';

export interface CaseRow {
  id: string;
  imo: string;
  motif_alert_uid: string;
  motif_name: string;
  detected_at: Date;
  severity: string;
  confidence: string;
  created_at: Date;
  analyst_notes: string | null;
  tags: string[];
  annotations_updated_at: Date | null;
}

export interface EvidenceRow {
  case_id: string;
  ord: number;
  item_id: string;
  kind: string;
  occurred_at: Date;
  title: string;
  narrative: string;
  confidence: string;
  severity: string;
  source_refs: { table: string; id: string }[];
  location_name: string | null;
}

export interface NewCase {
  ownerId: string;
  imo: string;
  motifAlertUid: string;
  motifName: string;
  detectedAt: Date;
  severity: string;
  confidence: number;
  createdAt: Date;
  notes: string | null;
  tags: string[];
  evidence: Omit<EvidenceRow, 'case_id'>[];
}

const CASE_COLUMNS = `c.id::text AS id, c.imo::text AS imo, c.motif_alert_uid, c.motif_name,
  c.detected_at, c.severity, c.confidence::text AS confidence, c.created_at, a.analyst_notes,
  coalesce(a.tags, '{}') AS tags, a.updated_at AS annotations_updated_at`;

/** Tables a source reference may name, so a stored table name never reaches SQL unchecked. */
const SOURCE_TABLES = new Set([
  'platform_alerts',
  'dark_events',
  'spoofing_alerts',
  'locus_alerts',
  'sts_events',
  'route_deceptions',
  'draft_anomalies',
  'vessel_identity_history',
  'psc_inspections',
]);

@Injectable()
export class CaseFilesRepository {
  constructor(@Inject(DataSource) private readonly db: DataSource) {}

  async vesselName(imo: string): Promise<string | undefined> {
    const rows = (await this.db.query('SELECT name FROM vessels WHERE imo = $1', [imo])) as {
      name: string;
    }[];
    return rows[0]?.name;
  }

  /** The owner's cases of a vessel, newest first, with the total. */
  async page(
    ownerId: string,
    imo: string,
    limit: number,
    offset: number,
  ): Promise<{ rows: CaseRow[]; total: number }> {
    const rows = (await this.db.query(
      `SELECT ${CASE_COLUMNS} FROM case_files c LEFT JOIN case_annotations a ON a.case_id = c.id
       WHERE c.owner_id = $1 AND c.imo = $2 ORDER BY c.created_at DESC, c.id DESC LIMIT $3 OFFSET $4`,
      [ownerId, imo, limit, offset],
    )) as CaseRow[];
    const [count] = (await this.db.query(
      'SELECT count(*)::int AS n FROM case_files WHERE owner_id = $1 AND imo = $2',
      [ownerId, imo],
    )) as { n: number }[];
    return { rows, total: count?.n ?? 0 };
  }

  /** One of the owner's cases of the vessel: by id, or the newest when id is null. */
  async find(ownerId: string, imo: string, id: string | null): Promise<CaseRow | undefined> {
    const rows = (await this.db.query(
      `SELECT ${CASE_COLUMNS} FROM case_files c LEFT JOIN case_annotations a ON a.case_id = c.id
       WHERE c.owner_id = $1 AND c.imo = $2 AND ($3::uuid IS NULL OR c.id = $3::uuid)
       ORDER BY c.created_at DESC, c.id DESC LIMIT 1`,
      [ownerId, imo, id],
    )) as CaseRow[];
    return rows[0];
  }

  async findByMotif(ownerId: string, imo: string, uid: string): Promise<CaseRow | undefined> {
    const rows = (await this.db.query(
      `SELECT ${CASE_COLUMNS} FROM case_files c LEFT JOIN case_annotations a ON a.case_id = c.id
       WHERE c.owner_id = $1 AND c.imo = $2 AND c.motif_alert_uid = $3`,
      [ownerId, imo, uid],
    )) as CaseRow[];
    return rows[0];
  }

  async evidence(caseIds: readonly string[]): Promise<EvidenceRow[]> {
    if (caseIds.length === 0) return [];
    return (await this.db.query(
      `SELECT case_id::text AS case_id, ord, item_id, kind, occurred_at, title, narrative,
         confidence::text AS confidence, severity, source_refs, location_name
       FROM case_evidence WHERE case_id = ANY($1::uuid[]) ORDER BY case_id, ord`,
      [caseIds],
    )) as EvidenceRow[];
  }

  /**
   * Creates the case with its evidence and annotations in one transaction. Returns the new id,
   * or null when the owner already has a case on this alert (a concurrent create won).
   */
  async create(c: NewCase): Promise<string | null> {
    return this.db.transaction(async (m) => {
      const rows = (await m.query(
        `INSERT INTO case_files (owner_id, imo, motif_alert_uid, motif_name, detected_at, severity,
           confidence, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
         ON CONFLICT (owner_id, imo, motif_alert_uid) DO NOTHING RETURNING id::text AS id`,
        [
          c.ownerId,
          c.imo,
          c.motifAlertUid,
          c.motifName,
          c.detectedAt,
          c.severity,
          c.confidence,
          c.createdAt,
        ],
      )) as { id: string }[];
      const id = rows[0]?.id;
      if (id === undefined) return null;
      if (c.evidence.length > 0)
        await m.query(
          `INSERT INTO case_evidence (case_id, ord, item_id, kind, occurred_at, title, narrative,
             confidence, severity, source_refs, location_name)
           SELECT $1, ord, item_id, kind, occurred_at, title, narrative, confidence, severity,
             source_refs, location_name
           FROM unnest($2::int[], $3::text[], $4::text[], $5::timestamptz[], $6::text[], $7::text[],
             $8::numeric[], $9::text[], $10::jsonb[], $11::text[])
             AS e (ord, item_id, kind, occurred_at, title, narrative, confidence, severity,
               source_refs, location_name)`,
          [
            id,
            c.evidence.map((e) => e.ord),
            c.evidence.map((e) => e.item_id),
            c.evidence.map((e) => e.kind),
            c.evidence.map((e) => e.occurred_at),
            c.evidence.map((e) => e.title),
            c.evidence.map((e) => e.narrative),
            c.evidence.map((e) => e.confidence),
            c.evidence.map((e) => e.severity),
            c.evidence.map((e) => JSON.stringify(e.source_refs)),
            c.evidence.map((e) => e.location_name),
          ],
        );
      await this.annotate(m, id, c.notes, c.tags, c.createdAt);
      return id;
    });
  }

  /** Replaces the analyst's notes and tags. */
  async annotate(
    m: EntityManager | null,
    caseId: string,
    notes: string | null,
    tags: readonly string[],
    at: Date,
  ): Promise<void> {
    await (m ?? this.db.manager).query(
      `INSERT INTO case_annotations (case_id, analyst_notes, tags, updated_at) VALUES ($1, $2, $3, $4)
       ON CONFLICT (case_id) DO UPDATE SET analyst_notes = excluded.analyst_notes,
         tags = excluded.tags, updated_at = excluded.updated_at`,
      [caseId, notes, tags, at],
    );
  }

  /** Each referenced row as it is now, keyed `<table>:<id>`; rows since deleted are absent. */
  async sources(refs: readonly { table: string; id: string }[]): Promise<Record<string, unknown>> {
    const byTable = new Map<string, string[]>();
    for (const ref of refs) {
      if (!SOURCE_TABLES.has(ref.table)) continue;
      byTable.set(ref.table, [...(byTable.get(ref.table) ?? []), ref.id]);
    }
    const out: Record<string, unknown> = {};
    for (const [table, ids] of [...byTable].sort(([a], [b]) => a.localeCompare(b))) {
      const rows = (await this.db.query(
        `SELECT id::text AS id, to_jsonb(t) AS row FROM ${table} t WHERE id = ANY($1::bigint[])`,
        [ids],
      )) as { id: string; row: unknown }[];
      for (const r of rows) out[`${table}:${r.id}`] = r.row;
    }
    return out;
  }
}
