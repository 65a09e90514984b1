/**
 * Platform alerts of the past: dark-fleet alerts on vessels (critical ones count as prior history
 * in the risk score when 90 days to 24 months old) and river low-water alerts (supply chain).
 */
import { Rng } from '../prng';
import type { Row } from '../tables';
import { DAY_MS, isoDay, isoInstant } from '../time';
import type { Vessel } from '../types';
import type { LowWaterEpisode } from '../earth/rivers';
import { numberRows } from '../events/event-row';
import type { PendingRow } from '../events/event-row';

export interface DarkFleetAlert {
  vessel: number;
  atMs: number;
  critical: boolean;
}

export function darkFleetAlerts(
  seed: number,
  vessel: Vessel,
  priorCritical: number,
  asOfMs: number,
): DarkFleetAlert[] {
  const rng = Rng.stream(seed, `alerts:${vessel.index}`);
  const alerts: DarkFleetAlert[] = [];
  for (let i = 0; i < priorCritical; i += 1)
    alerts.push({
      vessel: vessel.index,
      atMs: Math.round(rng.float(asOfMs - 700 * DAY_MS, asOfMs - 100 * DAY_MS)),
      critical: true,
    });
  if (vessel.profile === 'grey' && rng.chance(0.3))
    alerts.push({
      vessel: vessel.index,
      atMs: Math.round(rng.float(asOfMs - 600 * DAY_MS, asOfMs - 100 * DAY_MS)),
      critical: false,
    });
  // Two alerts on one day would share a dedupe key.
  return alerts.filter(
    (a, i) => !alerts.slice(0, i).some((b) => isoDay(b.atMs) === isoDay(a.atMs)),
  );
}

export function platformAlertRows(
  vessels: readonly Vessel[],
  darkFleet: readonly DarkFleetAlert[],
  lowWater: readonly LowWaterEpisode[],
): Row[] {
  const pending: PendingRow[] = [];
  for (const a of darkFleet) {
    const vessel = vessels[a.vessel] as Vessel;
    const severity = a.critical ? 'critical' : 'warning';
    pending.push({
      occurredMs: a.atMs,
      order: a.vessel,
      cells: [
        'dark_fleet',
        'maritime',
        vessel.imo,
        null,
        `Dark fleet indicators: ${vessel.name}`,
        `${vessel.name} (IMO ${vessel.imo}) shows AIS gaps, ship-to-ship transfers or identity changes consistent with dark-fleet activity.`,
        {
          indicators: a.critical ? ['ais_gaps', 'sts_transfers', 'identity_changes'] : ['ais_gaps'],
          level: severity,
        },
        `seed:dark_fleet:${vessel.imo}:${isoDay(a.atMs)}`,
        severity,
        0.85,
        isoInstant(a.atMs),
      ],
    });
  }
  lowWater.forEach((episode, i) => {
    const severity = episode.minLevelM < episode.criticalLowM ? 'critical' : 'warning';
    pending.push({
      occurredMs: episode.startMs,
      order: 1_000_000 + i,
      cells: [
        'river_level',
        'supply_chain',
        null,
        episode.gaugeSlug,
        `Low water on the ${episode.river} at ${episode.gaugeName}`,
        `The ${episode.river} at ${episode.gaugeName} fell below ${episode.lowWaterM} m on ${isoDay(episode.startMs)}, limiting barge loads.`,
        {
          gauge: episode.gaugeSlug,
          river: episode.river,
          level_m: episode.startLevelM,
          low_water_m: episode.lowWaterM,
          critical_low_m: episode.criticalLowM,
          min_level_m: episode.minLevelM,
        },
        `seed:river_level:${episode.gaugeSlug}:${isoDay(episode.startMs)}`,
        severity,
        0.95,
        isoInstant(episode.startMs),
      ],
    });
  });
  return numberRows(pending);
}
