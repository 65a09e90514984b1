import {
  buildManifest,
  canonicalJson,
  sha256sumLines,
  writeUstar,
  type ArchiveFile,
  type ArchiveManifest,
} from '@platform/maritime-domain';
import type { CaseView } from './case-views';

export interface ArchiveMetadata {
  case_id: string;
  imo: string;
  /** The case's capture time, never the export time: the same case exports to the same bytes. */
  generated_at: string;
  service_version: string;
  evidence_count: number;
  key_prefix: string | null;
}

export interface CaseArchive {
  format: 'maritime-case-archive';
  version: 1;
  metadata: ArchiveMetadata;
  files: ArchiveFile[];
  manifest: ArchiveManifest;
}

const minute = (iso: string): string => `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;

/** Chronological prose: the anchor, then each piece of evidence in time order, then the notes. */
export function narrative(c: CaseView, vesselName: string): string {
  const lines = [
    `# Case ${c.case_id}`,
    '',
    `Vessel ${vesselName} (IMO ${c.imo}). Motif \`${c.anchor.motifName}\`, anchored on alert ` +
      `${c.anchor.motifAlertId} detected ${minute(c.anchor.detectedAt)} ` +
      `(severity ${c.anchor.severity}, confidence ${c.anchor.confidence}).`,
    '',
    `Captured ${minute(c.createdAt)} with ${c.evidence.length} evidence item(s) from the 30 days ` +
      'either side of the alert.',
    '',
    '## Timeline',
    '',
  ];
  if (c.evidence.length === 0) lines.push('No evidence was recorded in the window.');
  for (const e of c.evidence) {
    const where = e.locationName === undefined ? '' : ` Near ${e.locationName}.`;
    lines.push(
      `- ${minute(e.occurredAt)}: ${e.title}. ${e.narrative}${where} ` +
        `(${e.severity}, confidence ${e.confidence}; ${e.id})`,
    );
  }
  lines.push('', '## Analyst notes', '');
  lines.push(c.annotations.analystNotes ?? 'None.');
  if (c.annotations.tags.length > 0) lines.push('', `Tags: ${c.annotations.tags.join(', ')}`);
  return `${lines.join('\n')}\n`;
}

/** The archive of a case: five files, their manifest, and the metadata. */
export function buildCaseArchive(
  c: CaseView,
  vesselName: string,
  sources: Record<string, unknown>,
  meta: { serviceVersion: string; keyPrefix: string | null },
): CaseArchive {
  const metadata: ArchiveMetadata = {
    case_id: c.case_id,
    imo: c.imo,
    generated_at: c.createdAt,
    service_version: meta.serviceVersion,
    evidence_count: c.evidence.length,
    key_prefix: meta.keyPrefix,
  };
  const files: ArchiveFile[] = [
    { path: 'case.json', media_type: 'application/json', content: canonicalJson(c) },
    { path: 'evidence.json', media_type: 'application/json', content: canonicalJson(c.evidence) },
    { path: 'metadata.json', media_type: 'application/json', content: canonicalJson(metadata) },
    { path: 'narrative.md', media_type: 'text/markdown', content: narrative(c, vesselName) },
    { path: 'sources.json', media_type: 'application/json', content: canonicalJson(sources) },
  ];
  return {
    format: 'maritime-case-archive',
    version: 1,
    metadata,
    files,
    manifest: buildManifest(files),
  };
}

/** The same files as a ustar tarball, plus SHA256SUMS; every mtime is the case's capture time. */
export function archiveTarball(archive: CaseArchive): Buffer {
  return writeUstar(
    [
      ...archive.files.map((f) => ({ path: f.path, content: f.content })),
      { path: 'SHA256SUMS', content: sha256sumLines(archive.manifest.entries) },
    ],
    new Date(archive.metadata.generated_at),
  );
}
