// The fixtures both alert-feed spec files share: three vessels, five platform alerts (one within
// the 15-minute delay, one beyond 7 days), one alert of each other source (the dark event shares
// a platform alert's time and row id, so the keyset must tell them apart), a key per plan, and
// the calls of the three alert routes.
import { FixedClock } from '@platform/clock';
import { insertReference, insertVessels, testImo } from './fixtures';
import { maritimeForFile } from './maritime-harness';

export interface PlatformAlert {
  id: string;
  type: string;
  product: string;
  severity: string;
  imo_number: string | null;
  vessel_name: string | null;
  occurred_at: string;
  state: string;
  acknowledged: boolean;
  metadata: Record<string, unknown>;
}
export interface AlertsReply {
  alerts: PlatformAlert[];
  count: number;
  unacknowledged: number;
  tier: string;
  pagination: { limit: number; has_more: boolean; next_cursor: string | null };
}
export interface UnifiedAlert {
  id: string;
  source: string;
  product: string;
  severity: string;
  event_type: string;
  entity_id: string | null;
  occurred_at: string;
  state: string;
  metadata: Record<string, unknown>;
}
export interface UnifiedReply {
  alerts: UnifiedAlert[];
  count: number;
  pagination: { limit: number; has_more: boolean; next_cursor: string | null };
  filters: Record<string, unknown>;
}
export interface StateReply {
  ok: boolean;
  alert_id: string;
  action: string;
  state: {
    state: string;
    read_at: string | null;
    resolved_at: string | null;
    snoozed_until: string | null;
  };
}

/** Registers the file's maritime and its alert fixtures; read them once beforeAll has run. */
export function alertFeedFixtures() {
  const maritime = maritimeForFile();
  const A = testImo(41);
  const B = testImo(42);
  const C = testImo(43);
  const HOUR = 3_600_000;
  const DAY = 24 * HOUR;

  let now: Date;
  const ago = (ms: number): Date => new Date(now.getTime() - ms);
  const ids: Record<string, string> = {};
  const at: Record<string, string> = {};

  const keys: Record<string, string> = {};

  beforeAll(async () => {
    const db = maritime.harness.db;
    now = (maritime.harness.clock as FixedClock).now();
    const { ports } = await insertReference(db);
    await insertVessels(db, [
      { imo: A, mmsi: '351000041', name: 'ALPHA', vessel_type: 'tanker' },
      { imo: B, mmsi: '351000042', name: 'BRAVO' },
      { imo: C, mmsi: '351000043', name: 'CHARLIE' },
    ]);
    const platform = async (
      name: string,
      type: string,
      severity: string,
      imo: string | null,
      occurred: Date,
    ): Promise<void> => {
      const [row] = (await db.query(
        `INSERT INTO platform_alerts (type, product, imo, entity_id, title, description, metadata,
           dedupe_key, severity, confidence, occurred_at)
         VALUES ($1, $2, $3, $4, $5, 'about ' || $5, $6, $5, $7, 0.9, $8) RETURNING id::text AS id`,
        [
          type,
          type === 'river_level' ? 'supply_chain' : 'maritime',
          imo,
          imo === null ? 'kaub' : null,
          name,
          JSON.stringify(imo === null ? { gauge: 'kaub', level_m: 0.8 } : { list: 'ofac_sdn' }),
          severity,
          occurred,
        ],
      )) as { id: string }[];
      ids[name] = `platform:${row!.id}`;
      at[name] = occurred.toISOString();
    };
    await platform('p1', 'sanctions_match', 'critical', A, ago(HOUR));
    await platform('p2', 'river_level', 'warning', null, ago(2 * HOUR));
    await platform('p3', 'dark_fleet', 'critical', B, ago(3 * HOUR));
    await platform('p4', 'sanctions_match', 'info', C, ago(5 * 60_000)); // within the 15-minute delay
    await platform('p5', 'sanctions_match', 'warning', B, ago(8 * DAY)); // beyond 7 days of history
    // d1 shares p1's detection time and row id: the keyset must still order and page them apart.
    const p1Id = ids['p1']!.split(':')[1];
    await db.query(
      `INSERT INTO dark_events (id, imo, started_at, start_lat, start_lon, severity, confidence, occurred_at)
       VALUES ($1, $2, $3, 12, 61, 'warning', 0.8, $4)`,
      [p1Id, A, ago(7 * HOUR), ago(HOUR)],
    );
    ids['d1'] = `dark_event:${p1Id}`;
    const [spoof] = (await db.query(
      `INSERT INTO spoofing_alerts (imo, mmsi, kind, implied_speed_kn, severity, confidence, occurred_at)
       VALUES ($1, '351000042', 'identity_clone', 80, 'critical', 0.7, $2) RETURNING id::text AS id`,
      [B, ago(4 * HOUR)],
    )) as { id: string }[];
    ids['s1'] = `spoofing_alert:${spoof!.id}`;
    const [locus] = (await db.query(
      `INSERT INTO locus_alerts (imo, kind, port_id, started_at, severity, confidence, occurred_at)
       VALUES ($1, 'port_entry', $2, $3, 'info', 0.95, $3) RETURNING id::text AS id`,
      [C, ports['rotterdam'], ago(6 * HOUR)],
    )) as { id: string }[];
    ids['l1'] = `locus_alert:${locus!.id}`;
    for (const plan of ['free', 'starter', 'pro', 'supply_chain_risk', 'admin'] as const)
      keys[plan] = await maritime.mintKey(plan, { owner: `feed-${plan}` });
  });

  const alerts = (query: string, key: string) =>
    maritime.get<AlertsReply>(`/api/v1/alerts${query}`, key);
  const unified = (query: string, key: string) =>
    maritime.get<UnifiedReply>(`/api/v1/alerts/unified${query}`, key);
  const setState = (body: unknown, key: string) =>
    maritime.send<StateReply>('POST', '/api/v1/alerts/unified/state', body, key);
  const idsOf = (reply: { body: { alerts: { id: string }[] } }): string[] =>
    reply.body.alerts.map((a) => a.id);
  const named = (...names: string[]): string[] => names.map((n) => ids[n]!);

  return {
    maritime,
    ids,
    at,
    keys,
    A,
    B,
    C,
    HOUR,
    DAY,
    now: (): Date => now,
    alerts,
    unified,
    setState,
    idsOf,
    named,
  };
}
