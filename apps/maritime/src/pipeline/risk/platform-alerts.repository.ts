import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

export interface NewPlatformAlert {
  type: 'sanctions_match' | 'river_level' | 'dark_fleet';
  product: 'maritime' | 'supply_chain';
  imo: string | null;
  entityId?: string | null;
  severity: 'critical' | 'warning' | 'info';
  confidence: number;
  title: string;
  description: string;
  metadata: Record<string, unknown>;
  occurredAt: Date;
  /** Raising the same alert twice is a no-op: the key is unique. */
  dedupeKey: string;
}

@Injectable()
export class PlatformAlertsRepository {
  constructor(@Inject(DataSource) private readonly db: DataSource) {}

  /** Inserts the alerts whose dedupe key is new; returns how many were new. */
  async raise(alerts: readonly NewPlatformAlert[]): Promise<number> {
    if (alerts.length === 0) return 0;
    const rows = (await this.db.query(
      `INSERT INTO platform_alerts (type, product, imo, entity_id, severity, confidence, title,
         description, metadata, occurred_at, dedupe_key)
       SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[],
         $6::numeric[], $7::text[], $8::text[], $9::jsonb[], $10::timestamptz[], $11::text[])
       ON CONFLICT (dedupe_key) DO NOTHING RETURNING id`,
      [
        alerts.map((a) => a.type),
        alerts.map((a) => a.product),
        alerts.map((a) => a.imo),
        alerts.map((a) => a.entityId ?? null),
        alerts.map((a) => a.severity),
        alerts.map((a) => a.confidence),
        alerts.map((a) => a.title),
        alerts.map((a) => a.description),
        alerts.map((a) => JSON.stringify(a.metadata)),
        alerts.map((a) => a.occurredAt),
        alerts.map((a) => a.dedupeKey),
      ],
    )) as unknown[];
    return rows.length;
  }
}
