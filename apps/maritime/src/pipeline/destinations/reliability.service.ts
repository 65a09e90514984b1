import { Inject, Injectable } from '@nestjs/common';
import {
  createDestinationParser,
  RELIABILITY_MIN_VOYAGES,
  reliabilityPct,
  reliabilityTier,
} from '@platform/maritime-domain';
import { ReliabilityRepository, ReliabilityRow, ReliabilityVoyage } from './reliability.repository';

/**
 * Declared-destination reliability per vessel: of its voyages completed in the 365 days before
 * `asOf` (at least three), the share whose AIS destination text parses to the port it reached.
 * Text that names no port counts as a miss. The table is replaced on every run.
 */
@Injectable()
export class ReliabilityService {
  constructor(@Inject(ReliabilityRepository) private readonly repo: ReliabilityRepository) {}

  async recompute(asOf: Date): Promise<{ vessels: number }> {
    const [ports, voyages] = await Promise.all([
      this.repo.ports(),
      this.repo.completedVoyages(asOf),
    ]);
    const parse = createDestinationParser(ports);
    const byVessel = new Map<string, ReliabilityVoyage[]>();
    for (const voyage of voyages) {
      const list = byVessel.get(voyage.imo);
      if (list === undefined) byVessel.set(voyage.imo, [voyage]);
      else list.push(voyage);
    }
    const rows: ReliabilityRow[] = [];
    for (const [imo, list] of byVessel) {
      if (list.length < RELIABILITY_MIN_VOYAGES) continue;
      const matched = list.filter(
        (v) => parse(v.declared_destination)?.id === v.dest_port_id,
      ).length;
      const pct = reliabilityPct(matched, list.length);
      const last = list[list.length - 1];
      rows.push({
        imo,
        voyages: list.length,
        matched,
        reliability_pct: pct,
        tier: reliabilityTier(pct),
        last_declared_destination: last.declared_destination,
        last_actual_port_id: last.dest_port_id,
      });
    }
    await this.repo.replace(rows, asOf);
    return { vessels: rows.length };
  }
}
