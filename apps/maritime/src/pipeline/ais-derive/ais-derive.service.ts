import { Inject, Injectable } from '@nestjs/common';
import { Clock } from '@platform/clock';
import {
  detectDarkGaps,
  detectGeofenceEvents,
  detectSpoofing,
  portCallsFromPositions,
  type PortArea,
  type RiskZoneArea,
} from '@platform/maritime-domain';
import { DataSource } from 'typeorm';
import { AisDeriveRepository } from './ais-derive.repository';
import type { AisDeriveRequest } from './ais-derivation';

/** Context before the new fixes: an anchorage stay or a gap that began earlier. */
const LOOK_BACK_MS = 2 * 86_400_000;

export interface AisDeriveResult {
  vessels: number;
  dark_events: number;
  spoofing_alerts: number;
  locus_alerts: number;
  port_calls: number;
}

/**
 * Runs the movement detectors over the vessels an ingest touched: dark gaps at sea, spoofing,
 * port and zone geofences, port calls. Each finding is written once (keyed by vessel and start
 * time), so running it again over the same fixes changes nothing, and a later batch closes what
 * an earlier one left open.
 */
@Injectable()
export class AisDeriveService {
  constructor(
    @Inject(DataSource) private readonly db: DataSource,
    @Inject(AisDeriveRepository) private readonly repository: AisDeriveRepository,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  async derive(request: AisDeriveRequest): Promise<AisDeriveResult> {
    const [ports, zones] = await Promise.all([this.repository.ports(), this.repository.zones()]);
    const from = new Date(Date.parse(request.from) - LOOK_BACK_MS);
    const to = new Date(request.to);
    const result: AisDeriveResult = {
      vessels: 0,
      dark_events: 0,
      spoofing_alerts: 0,
      locus_alerts: 0,
      port_calls: 0,
    };
    for (const imo of request.imos) {
      const found = await this.deriveVessel(imo, from, to, ports, zones);
      result.vessels += 1;
      result.dark_events += found.dark_events;
      result.spoofing_alerts += found.spoofing_alerts;
      result.locus_alerts += found.locus_alerts;
      result.port_calls += found.port_calls;
    }
    return result;
  }

  private async deriveVessel(
    imo: string,
    from: Date,
    to: Date,
    ports: PortArea[],
    zones: RiskZoneArea[],
  ): Promise<Omit<AisDeriveResult, 'vessels'>> {
    const track = await this.repository.track(imo, from, to);
    const mmsi = await this.repository.mmsiOf(imo);
    const now = this.clock.now();
    const gaps = detectDarkGaps(track, { ports, zones, now });
    const spoofing = detectSpoofing(track, {});
    const crossings = detectGeofenceEvents(track, { ports, zones });
    const calls = portCallsFromPositions(track, { ports });
    return this.db.transaction(async (manager) => {
      let dark = 0;
      let spoof = 0;
      let locus = 0;
      let portCalls = 0;
      for (const gap of gaps) dark += await this.repository.upsertDarkGap(imo, gap, manager);
      if (mmsi !== undefined)
        for (const alert of spoofing)
          spoof += await this.repository.insertSpoofing(imo, mmsi, alert, manager);
      for (const event of crossings)
        locus += await this.repository.upsertGeofence(imo, event, manager);
      for (const call of calls)
        portCalls += await this.repository.upsertPortCall(imo, call, manager);
      return {
        dark_events: dark,
        spoofing_alerts: spoof,
        locus_alerts: locus,
        port_calls: portCalls,
      };
    });
  }
}
