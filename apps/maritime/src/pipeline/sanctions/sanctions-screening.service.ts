import { Inject, Injectable } from '@nestjs/common';
import { screenFleet } from '@platform/maritime-domain';
import { PlatformAlertsRepository } from '../risk/platform-alerts.repository';
import { SanctionsScreeningRepository } from './sanctions-screening.repository';

export interface SanctionsScreenResult {
  vessels: number;
  entries: number;
  matches: number;
  new_matches: number;
  alerts_raised: number;
}

/**
 * Screens the whole fleet against the newest publication of every list (identity matches by
 * IMO or MMSI, exact or token-sorted name matches on current and former names and on owners and
 * managers; never fuzzy), keeps the strongest match per (vessel, entry), and raises one
 * sanctions_match alert per new pair.
 */
@Injectable()
export class SanctionsScreeningService {
  constructor(
    @Inject(SanctionsScreeningRepository) private readonly repository: SanctionsScreeningRepository,
    @Inject(PlatformAlertsRepository) private readonly alerts: PlatformAlertsRepository,
  ) {}

  async screen(asOf: Date): Promise<SanctionsScreenResult> {
    const [vessels, entries] = await Promise.all([
      this.repository.vessels(),
      this.repository.entries(),
    ]);
    const matches = screenFleet(vessels, entries);
    const fresh = await this.repository.replace(matches, asOf);
    const raised = await this.alerts.raise(
      fresh.map((m) => ({
        type: 'sanctions_match',
        product: 'maritime',
        imo: m.imo,
        severity: m.match_type === 'name' ? 'warning' : 'critical',
        confidence: m.match_type === 'name' ? 0.7 : 0.95,
        title: `Sanctions match: ${m.vessel_name}`,
        description: `${m.vessel_name} (IMO ${m.imo}) matches "${m.entity_name}" on ${m.list_name} by ${m.matched_field.replace('_', ' ')}.`,
        metadata: {
          entry_id: Number(m.entry_id),
          list_source: m.source,
          sanctioned_entity: m.entity_name,
          match_type: m.match_type,
          matched_field: m.matched_field,
        },
        occurredAt: asOf,
        dedupeKey: `sanctions_match:${m.imo}:${m.entry_id}`,
      })),
    );
    return {
      vessels: vessels.length,
      entries: entries.length,
      matches: matches.length,
      new_matches: fresh.length,
      alerts_raised: raised,
    };
  }
}
