import type { NewPlatformAlert } from '../../pipeline/risk/platform-alerts.repository';
import type { GaugeReading } from './river-levels.repository';

/** critical below critical_low_m, warning below low_water_m, else no alert. */
export function riverLevelSeverity(reading: GaugeReading): 'critical' | 'warning' | null {
  if (reading.level_m < reading.critical_low_m) return 'critical';
  if (reading.level_m < reading.low_water_m) return 'warning';
  return null;
}

/**
 * The supply-chain alert for a gauge reading below its low-water mark, or null. Its dedupe key
 * names the gauge and the reading's day, so each gauge alerts at most once per day of readings
 * however often the check runs (and never twice for the same stale reading).
 */
export function riverLevelAlert(reading: GaugeReading, detectedAt: Date): NewPlatformAlert | null {
  const severity = riverLevelSeverity(reading);
  if (severity === null) return null;
  const where = `the ${reading.river} at ${reading.name}`;
  const mark = severity === 'critical' ? reading.critical_low_m : reading.low_water_m;
  return {
    type: 'river_level',
    product: 'supply_chain',
    imo: null,
    entityId: reading.slug,
    severity,
    confidence: 0.95,
    title: `${severity === 'critical' ? 'Critically low' : 'Low'} water on ${where}`,
    description: `The ${reading.river} at ${reading.name} read ${reading.level_m} m on ${reading.day}, below the ${severity === 'critical' ? 'critical-low' : 'low-water'} mark of ${mark} m, limiting barge loads.`,
    metadata: {
      gauge: reading.slug,
      river: reading.river,
      level_m: reading.level_m,
      low_water_m: reading.low_water_m,
      critical_low_m: reading.critical_low_m,
      observed_on: reading.day,
    },
    occurredAt: detectedAt,
    dedupeKey: `river_level:${reading.slug}:${reading.day}`,
  };
}
