import type { CaseRow, EvidenceRow } from './case-files.repository';

/** The event table behind each unified-alert source. */
export const ALERT_SOURCE_TABLES: Readonly<Record<string, string>> = {
  platform: 'platform_alerts',
  dark_event: 'dark_events',
  spoofing_alert: 'spoofing_alerts',
  locus_alert: 'locus_alerts',
};

export interface EvidenceView {
  id: string;
  kind: string;
  occurredAt: string;
  title: string;
  narrative: string;
  confidence: number;
  severity: string;
  sourceRefs: { table: string; id: string }[];
  locationName?: string;
}

export interface CaseView {
  case_id: string;
  imo: string;
  createdAt: string;
  anchor: {
    motifAlertId: string;
    entityId: string;
    entityType: 'vessel';
    motifName: string;
    detectedAt: string;
    severity: string;
    confidence: number;
  };
  evidence: EvidenceView[];
  annotations: { analystNotes: string | null; analystUpdatedAt: string | null; tags: string[] };
}

export function evidenceView(row: EvidenceRow): EvidenceView {
  return {
    id: row.item_id,
    kind: row.kind,
    occurredAt: row.occurred_at.toISOString(),
    title: row.title,
    narrative: row.narrative,
    confidence: Number(row.confidence),
    severity: row.severity,
    sourceRefs: row.source_refs,
    ...(row.location_name === null ? {} : { locationName: row.location_name }),
  };
}

export function caseView(row: CaseRow, evidence: readonly EvidenceRow[]): CaseView {
  return {
    case_id: row.id,
    imo: row.imo,
    createdAt: row.created_at.toISOString(),
    anchor: {
      motifAlertId: row.motif_alert_uid,
      entityId: row.imo,
      entityType: 'vessel',
      motifName: row.motif_name,
      detectedAt: row.detected_at.toISOString(),
      severity: row.severity,
      confidence: Number(row.confidence),
    },
    evidence: evidence.map(evidenceView),
    annotations: {
      analystNotes: row.analyst_notes,
      analystUpdatedAt: row.annotations_updated_at?.toISOString() ?? null,
      tags: row.tags,
    },
  };
}
