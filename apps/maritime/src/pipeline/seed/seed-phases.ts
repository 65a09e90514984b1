import type { TableName } from '@platform/maritime-domain';

/** The seed's phases, in load order (foreign keys first), each a progress bar of its own. */
export const SEED_PHASES: readonly { phase: string; tables: readonly TableName[] }[] = [
  {
    phase: 'reference',
    tables: ['ports', 'flag_states', 'commodities', 'risk_zones', 'pi_clubs'],
  },
  {
    phase: 'vessels',
    tables: ['vessels', 'vessel_identity_history', 'pi_coverage', 'insurance_claims'],
  },
  { phase: 'voyages', tables: ['voyages', 'port_calls'] },
  { phase: 'positions', tables: ['ais_positions'] },
  {
    phase: 'events',
    tables: [
      'sts_events',
      'dark_events',
      'spoofing_alerts',
      'locus_alerts',
      'draft_anomalies',
      'route_deceptions',
      'psc_inspections',
      'platform_alerts',
    ],
  },
  {
    phase: 'markets',
    tables: [
      'sanctions_lists',
      'sanctions_entries',
      'river_gauges',
      'river_levels',
      'bunker_prices',
      'freight_rates',
      'trade_flows',
      'crop_regions',
      'ndvi_observations',
    ],
  },
];
