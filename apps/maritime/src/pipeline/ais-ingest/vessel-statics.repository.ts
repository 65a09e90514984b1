import { Inject, Injectable } from '@nestjs/common';
import type { DecodedStatic, VesselType } from '@platform/maritime-domain';
import { DataSource, EntityManager } from 'typeorm';

/** The vessel type an AIS "type of ship and cargo" code names. */
export function vesselTypeFromShipType(code: number | null): VesselType {
  if (code === null) return 'other';
  if (code >= 70 && code <= 79) return 'cargo';
  if (code >= 80 && code <= 89) return 'tanker';
  if (code >= 60 && code <= 69) return 'passenger';
  if (code === 30) return 'fishing';
  if (code === 31 || code === 32 || (code >= 50 && code <= 59)) return 'service';
  return 'other';
}

interface VesselIdentity {
  imo: string;
  mmsi: string;
  name: string;
}

/**
 * Applies type 5 static reports that carry a valid IMO: a known vessel takes the reported name
 * and MMSI (each change recorded in vessel_identity_history, source ais); an unknown one is
 * created, typed from its ship-type code. An MMSI another vessel already holds is not moved:
 * that is a possible identity clone, left to the spoofing detector, not silently re-assigned.
 */
@Injectable()
export class VesselStaticsRepository {
  constructor(@Inject(DataSource) private readonly db: DataSource) {}

  async apply(statics: readonly DecodedStatic[], manager: EntityManager): Promise<number> {
    // The newest report per IMO wins within one batch.
    const latest = new Map<string, DecodedStatic>();
    for (const s of statics) {
      if (s.imo === null) continue;
      const seen = latest.get(s.imo);
      if (!seen || seen.timestamp.getTime() <= s.timestamp.getTime()) latest.set(s.imo, s);
    }
    if (latest.size === 0) return 0;
    const imos = [...latest.keys()];
    const mmsis = [...latest.values()].map((s) => s.mmsi);
    const known = (await manager.query(
      'SELECT imo, mmsi, name FROM vessels WHERE imo = ANY ($1::text[]) OR mmsi = ANY ($2::text[])',
      [imos, mmsis],
    )) as VesselIdentity[];
    const byImo = new Map(known.map((v) => [v.imo, v]));
    const mmsiOwner = new Map(known.map((v) => [v.mmsi, v.imo]));
    let updates = 0;
    for (const report of latest.values()) {
      const imo = report.imo as string;
      const name = report.name?.trim() || null;
      const owner = mmsiOwner.get(report.mmsi);
      const mmsiFree = owner === undefined || owner === imo;
      const vessel = byImo.get(imo);
      if (!vessel) {
        if (!mmsiFree || name === null) continue;
        await manager.query(
          `INSERT INTO vessels (imo, mmsi, name, vessel_type, length_m, beam_m)
           VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT DO NOTHING`,
          [
            imo,
            report.mmsi,
            name,
            vesselTypeFromShipType(report.shipType),
            report.lengthM,
            report.beamM,
          ],
        );
        mmsiOwner.set(report.mmsi, imo);
        updates += 1;
        continue;
      }
      const changes: { field: 'name' | 'mmsi'; from: string; to: string }[] = [];
      if (name !== null && name !== vessel.name)
        changes.push({ field: 'name', from: vessel.name, to: name });
      if (mmsiFree && report.mmsi !== vessel.mmsi)
        changes.push({ field: 'mmsi', from: vessel.mmsi, to: report.mmsi });
      if (changes.length === 0) continue;
      for (const change of changes)
        await manager.query(
          `INSERT INTO vessel_identity_history (imo, field, old_value, new_value, changed_at, source)
           VALUES ($1, $2, $3, $4, $5, 'ais')`,
          [imo, change.field, change.from, change.to, report.timestamp],
        );
      await manager.query(
        `UPDATE vessels SET name = coalesce($2, name), mmsi = $3, updated_at = now() WHERE imo = $1`,
        [imo, name, mmsiFree ? report.mmsi : vessel.mmsi],
      );
      updates += 1;
    }
    return updates;
  }
}
