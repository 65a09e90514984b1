import { Inject, Injectable } from '@nestjs/common';
import { mirrorDiscrepancy } from '@platform/maritime-domain';
import { notFound } from '../vessels/vessels.service';
import { ReconciliationRepository } from './reconciliation.repository';

export type ReconciliationStatus = 'alert' | 'review' | 'clear';

/**
 * `alert` on any direct IMO or MMSI sanctions match; `review` on a name match or a significant
 * or major mirror discrepancy; `clear` otherwise.
 */
export function reconciliationStatus(
  matchTypes: readonly string[],
  discrepancyStatuses: readonly string[],
): ReconciliationStatus {
  if (matchTypes.some((t) => t === 'direct_imo' || t === 'mmsi')) return 'alert';
  if (matchTypes.includes('name')) return 'review';
  if (discrepancyStatuses.some((s) => s === 'significant' || s === 'major')) return 'review';
  return 'clear';
}

const num = (value: string | null): number | null => (value === null ? null : Number(value));

/** Cross-references a vessel's trades to mirror statistics and its sanctions matches. */
@Injectable()
export class ReconciliationService {
  constructor(@Inject(ReconciliationRepository) private readonly repo: ReconciliationRepository) {}

  async reconcile(imo: string): Promise<Record<string, unknown>> {
    const vessel = await this.repo.vessel(imo);
    if (!vessel) throw notFound(imo);
    const entities = await this.repo.entities(imo);
    const keys = new Map<string, (typeof entities)[number]>();
    for (const e of entities)
      keys.set(`${e.exporter}|${e.importer}|${e.commodity_id}|${e.period}`, e);
    const flows = await this.repo.flows(
      [...keys.values()].map((e) => ({
        exporter: e.exporter,
        importer: e.importer,
        commodity_id: e.commodity_id,
        period: e.period,
      })),
    );
    const commodityName = new Map(entities.map((e) => [e.commodity_id, e.commodity_name]));
    const discrepancies = flows
      .map((f) => {
        const exported = num(f.exported_mt);
        const imported = num(f.imported_mt);
        return {
          exporter_name: f.exporter,
          importer_name: f.importer,
          commodity_name: commodityName.get(f.commodity_id) ?? null,
          period: f.period,
          exported_mt: exported,
          imported_mt: imported,
          ...mirrorDiscrepancy(exported, imported),
        };
      })
      .sort(
        (a, b) =>
          b.discrepancy_pct - a.discrepancy_pct ||
          b.period - a.period ||
          a.exporter_name.localeCompare(b.exporter_name) ||
          a.importer_name.localeCompare(b.importer_name),
      );
    const matches = await this.repo.sanctionsMatches(imo);
    const flagged = discrepancies.filter(
      (d) => d.status === 'significant' || d.status === 'major',
    ).length;
    return {
      reconciliation: {
        imo,
        vessel,
        supply_chain_entities: entities.map((e) => ({
          exporter: e.exporter,
          importer: e.importer,
          commodity: e.commodity,
          period: e.period,
          load_port: e.load_port,
          voyages: e.voyages,
        })),
        mirror_discrepancies: discrepancies,
        sanctions_matches: matches.map((m) => ({
          imo_number: imo,
          vessel_name: vessel.name,
          sanctioned_entity: m.sanctioned_entity,
          entity_type: m.entity_type,
          list_source: m.list_source,
          list_name: m.list_name,
          program: m.program,
          match_type: m.match_type,
          matched_field: m.matched_field,
          matched_value: m.matched_value,
        })),
        summary: {
          entities: entities.length,
          discrepancies_flagged: flagged,
          sanctions_matches: matches.length,
          status: reconciliationStatus(
            matches.map((m) => m.match_type),
            discrepancies.map((d) => d.status),
          ),
        },
      },
    };
  }
}
