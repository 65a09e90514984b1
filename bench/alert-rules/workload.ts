// The benchmark's rule, its hand-written twin and the synthetic records they run over.
import type { RuleAlertRecord, RuleExpression } from '@platform/maritime-domain';

/** xorshift32: deterministic synthetic data, so runs compare. */
export function prng(seed: number): () => number {
  let x = seed >>> 0 || 1;
  return () => {
    x ^= x << 13;
    x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5;
    x >>>= 0;
    return x / 4294967296;
  };
}

const cond = (field: string, op: string, value: unknown) =>
  ({ kind: 'condition', field, op, value }) as RuleExpression;

const WATCHED = Array.from({ length: 40 }, (_, i) => String(9_100_000 + i * 37));

/**
 * "Serious behaviour of watched or high-risk vessels": 20 nodes, 4 levels, every operator,
 * top-level fields, metadata keys, an `in` list of 40 IMOs, timestamps and severity ranks.
 */
export const RULE: RuleExpression = {
  kind: 'group',
  operator: 'and',
  conditions: [
    cond('product', 'eq', 'maritime'),
    cond('severity', 'gte', 'warning'),
    cond('source', 'neq', 'platform'),
    cond('metadata.started_at', 'gte', '2026-10-01T00:00:00Z'),
    {
      kind: 'group',
      operator: 'or',
      conditions: [
        {
          kind: 'group',
          operator: 'and',
          conditions: [
            cond('event_type', 'eq', 'dark_event'),
            cond('metadata.gap_hours', 'gte', 12),
            cond('metadata.zone_kind', 'in', ['sanctions_area', 'high_risk']),
          ],
        },
        {
          kind: 'group',
          operator: 'and',
          conditions: [
            cond('event_type', 'eq', 'spoofing'),
            cond('metadata.kind', 'neq', 'position_jump'),
            cond('metadata.implied_speed_kn', 'gte', '60'),
          ],
        },
        {
          kind: 'group',
          operator: 'and',
          conditions: [
            cond('event_type', 'in', ['sts_transfer', 'loitering']),
            cond('metadata.hours', 'lte', 72),
          ],
        },
      ],
    },
    {
      kind: 'group',
      operator: 'or',
      conditions: [
        cond('imo_number', 'in', WATCHED),
        cond('metadata.vessel_name', 'contains', 'star'),
      ],
    },
  ],
};

/** The same rule written by hand, as a function a developer would inline. */
export function inlineRule(r: RuleAlertRecord): boolean {
  const m = (r.metadata ?? {}) as Record<string, unknown>;
  const rank = { info: 1, warning: 2, critical: 3 } as Record<string, number>;
  if (r.product !== 'maritime') return false;
  if (!((rank[r.severity as string] ?? 0) >= 2)) return false;
  if (r.source === 'platform') return false;
  if (!(typeof m.started_at === 'string' && Date.parse(m.started_at) >= INLINE_SINCE)) return false;
  const kind =
    (r.event_type === 'dark_event' &&
      typeof m.gap_hours === 'number' &&
      m.gap_hours >= 12 &&
      (m.zone_kind === 'sanctions_area' || m.zone_kind === 'high_risk')) ||
    (r.event_type === 'spoofing' &&
      m.kind !== 'position_jump' &&
      typeof m.implied_speed_kn === 'number' &&
      m.implied_speed_kn >= 60) ||
    ((r.event_type === 'sts_transfer' || r.event_type === 'loitering') &&
      typeof m.hours === 'number' &&
      m.hours <= 72);
  if (!kind) return false;
  return (
    INLINE_WATCHED.has(m.imo_number as string) ||
    (typeof m.vessel_name === 'string' && m.vessel_name.toLowerCase().includes('star'))
  );
}
const INLINE_SINCE = Date.parse('2026-10-01T00:00:00Z');
const INLINE_WATCHED = new Set(WATCHED);

const NAMES = ['OCEAN STAR', 'NORDIC WAVE', 'Polar Star', 'BLUE HORIZON', 'IRON BARON', 'SEA LION'];
const ZONES = ['sanctions_area', 'sts_hotspot', 'high_risk', null];
const SPOOF = ['position_jump', 'impossible_speed', 'identity_clone'];
const LOCUS = ['port_entry', 'port_departure', 'zone_entry', 'loitering', 'sts_transfer'];
const SEVERITIES = ['info', 'warning', 'critical'];

/** Records shaped like unified_alerts rows: the four sources in feed-like proportions. */
export function syntheticRecords(count: number): RuleAlertRecord[] {
  const rand = prng(42);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(rand() * items.length)] as T;
  const records: RuleAlertRecord[] = [];
  for (let i = 0; i < count; i++) {
    const imo = rand() < 0.3 ? pick(WATCHED) : String(9_000_000 + Math.floor(rand() * 99_999));
    const started = new Date(Date.parse('2026-09-15T00:00:00Z') + rand() * 70 * 86_400_000);
    const base = {
      product: 'maritime',
      severity: pick(SEVERITIES),
      entity_id: imo,
    };
    const meta: Record<string, unknown> = {
      imo_number: imo,
      vessel_name: pick(NAMES),
      started_at: started.toISOString(),
      confidence: Math.round(rand() * 100) / 100,
    };
    const roll = rand();
    if (roll < 0.05) {
      records.push({
        ...base,
        source: 'platform',
        event_type: 'sanctions_match',
        metadata: { ...meta, list: 'ofac_sdn' },
      });
    } else if (roll < 0.4) {
      const zone = pick(ZONES);
      records.push({
        ...base,
        source: 'dark_event',
        event_type: 'dark_event',
        metadata: {
          ...meta,
          gap_hours: Math.round(rand() * 9600) / 100,
          ongoing: rand() < 0.2,
          ...(zone ? { zone: 'gulf-of-oman', zone_kind: zone } : {}),
        },
      });
    } else if (roll < 0.55) {
      records.push({
        ...base,
        source: 'spoofing_alert',
        event_type: 'spoofing',
        metadata: {
          ...meta,
          kind: pick(SPOOF),
          implied_speed_kn: Math.round(rand() * 1500) / 10,
          mmsi: '351000001',
        },
      });
    } else {
      records.push({
        ...base,
        source: 'locus_alert',
        event_type: pick(LOCUS),
        metadata: { ...meta, hours: Math.round(rand() * 12000) / 100, port: 'rotterdam' },
      });
    }
  }
  return records;
}
