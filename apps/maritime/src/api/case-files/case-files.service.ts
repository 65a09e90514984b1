import { Inject, Injectable } from '@nestjs/common';
import { Clock } from '@platform/clock';
import { MaritimeConfig } from '@platform/config';
import { ApiError } from '@platform/http';
import { motifName, nearestPlace } from '@platform/maritime-domain';
import type { Caller } from '../../platform/access/caller';
import { notFound } from '../vessels/vessels.service';
import { buildCaseArchive, type CaseArchive } from './case-archive';
import { CaseFilesRepository, type CaseRow, type NewCase } from './case-files.repository';
import { ALERT_SOURCE_TABLES, caseView, type CaseView } from './case-views';
import type { CaseExportQuery, CaseFilesQuery, CreateCaseBody } from './dto/case-files.dto';
import { EvidenceRepository, type AnchorRow } from './evidence.repository';

export const caseNotFound = (): ApiError =>
  ApiError.notFound('case_not_found', 'No such case file for this vessel');

/** Case files: an alert, the evidence around it captured once, and the analyst's notes. */
@Injectable()
export class CaseFilesService {
  constructor(
    @Inject(CaseFilesRepository) private readonly cases: CaseFilesRepository,
    @Inject(EvidenceRepository) private readonly events: EvidenceRepository,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(MaritimeConfig) private readonly config: MaritimeConfig,
  ) {}

  private owner(caller: Caller): string {
    // Analyst routes always have a key; the guard refuses anonymous callers first.
    return caller.key?.ownerId ?? '';
  }

  async vesselName(imo: string): Promise<string> {
    const name = await this.cases.vesselName(imo);
    if (name === undefined) throw notFound(imo);
    return name;
  }

  private async views(rows: readonly CaseRow[]): Promise<CaseView[]> {
    const evidence = await this.cases.evidence(rows.map((r) => r.id));
    return rows.map((row) =>
      caseView(
        row,
        evidence.filter((e) => e.case_id === row.id),
      ),
    );
  }

  async list(imo: string, query: CaseFilesQuery, caller: Caller): Promise<Record<string, unknown>> {
    await this.vesselName(imo);
    const limit = query.limit ?? 20;
    const offset = query.offset ?? 0;
    const { rows, total } = await this.cases.page(this.owner(caller), imo, limit, offset);
    return {
      cases: await this.views(rows),
      total,
      pagination: { limit, offset },
      tier: caller.limits.tier,
    };
  }

  /** Creates the case (201) or replaces the notes and tags of the existing one (200). */
  async upsert(
    imo: string,
    body: CreateCaseBody,
    caller: Caller,
  ): Promise<{ created: boolean; body: Record<string, unknown> }> {
    await this.vesselName(imo);
    const [source, sourceId] = body.motif_alert_id.split(':') as [string, string];
    const anchor = await this.events.anchor(source, sourceId);
    if (!anchor) throw ApiError.notFound('alert_not_found', `No alert ${body.motif_alert_id}`);
    if (anchor.imo !== imo)
      throw ApiError.badRequest(
        'alert_vessel_mismatch',
        `Alert ${body.motif_alert_id} is not about vessel ${imo}`,
      );
    const owner = this.owner(caller);
    const now = this.clock.now();
    const notes = body.notes ?? null;
    const tags = [...new Set(body.tags ?? [])];
    const existing = await this.cases.findByMotif(owner, imo, anchor.uid);
    let created = false;
    if (existing) {
      await this.cases.annotate(null, existing.id, notes, tags, now);
    } else {
      created =
        (await this.cases.create(await this.capture(owner, anchor, now, notes, tags))) !== null;
      if (!created) {
        const raced = await this.cases.findByMotif(owner, imo, anchor.uid);
        if (raced) await this.cases.annotate(null, raced.id, notes, tags, now);
      }
    }
    const row = await this.cases.findByMotif(owner, imo, anchor.uid);
    if (!row) throw caseNotFound();
    const [view] = await this.views([row]);
    return { created, body: { case: view, created } };
  }

  private async capture(
    owner: string,
    anchor: AnchorRow,
    now: Date,
    notes: string | null,
    tags: string[],
  ): Promise<NewCase> {
    const imo = anchor.imo as string;
    const facts = await this.events.motifFacts(imo, anchor.occurred_at);
    const motif = motifName({
      anchor: {
        eventType: anchor.event_type,
        occurredAt: anchor.occurred_at,
        darkEventId: anchor.source === 'dark_event' ? anchor.source_id : null,
      },
      ...facts,
    });
    const places = await this.events.places();
    const raw = await this.events.evidence(imo, anchor.occurred_at);
    return {
      ownerId: owner,
      imo,
      motifAlertUid: anchor.uid,
      motifName: motif,
      detectedAt: anchor.occurred_at,
      severity: anchor.severity,
      confidence: Number(anchor.confidence ?? 1),
      createdAt: now,
      notes,
      tags,
      evidence: raw.map((e, ord) => ({
        ord,
        item_id: `${e.kind}:${e.row_id}`,
        kind: e.kind,
        occurred_at: e.occurred_at,
        title: e.title,
        narrative: e.narrative,
        confidence: e.confidence,
        severity: e.severity,
        source_refs: [{ table: e.source_table, id: e.row_id }],
        location_name:
          e.lat === null || e.lon === null
            ? null
            : (nearestPlace({ lat: e.lat, lon: e.lon }, places)?.name ?? null),
      })),
    };
  }

  /** The archive of one case (the newest by default); another owner's case is not found. */
  async archive(imo: string, query: CaseExportQuery, caller: Caller): Promise<CaseArchive> {
    const name = await this.vesselName(imo);
    const row = await this.cases.find(this.owner(caller), imo, query.case_id ?? null);
    if (!row) throw caseNotFound();
    const [view] = await this.views([row]);
    const c = view as CaseView;
    const [source, sourceId] = c.anchor.motifAlertId.split(':') as [string, string];
    const refs = [
      { table: ALERT_SOURCE_TABLES[source] ?? '', id: sourceId },
      ...c.evidence.flatMap((e) => e.sourceRefs),
    ];
    const sources = await this.cases.sources(refs);
    return buildCaseArchive(c, name, sources, {
      serviceVersion: this.config.APP_VERSION ?? '0.1.0',
      keyPrefix: caller.key?.prefix ?? null,
    });
  }
}
