import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

export interface SignalRow {
  signal_type: string;
  signal_id: string;
  title: string;
  summary: string;
  detected_at: Date;
  severity: string;
  status: string | null;
  reason_code: string | null;
  notes: string | null;
  suppression_hours: number | null;
  suppression_until: Date | null;
}

export interface AdjudicationRow {
  signal_type: string;
  signal_id: string;
  status: string;
  reason_code: string | null;
  notes: string | null;
  suppression_hours: number | null;
  suppression_until: Date | null;
  updated_at: Date;
}

export interface Adjudication {
  ownerId: string;
  imo: string;
  signalType: string;
  signalId: string;
  status: string;
  reasonCode: string | null;
  notes: string | null;
  suppressionHours: number | null;
  suppressionUntil: Date | null;
  at: Date;
}

export const SIGNAL_LIST_DAYS = 180;
export const SIGNAL_LIST_MAX = 200;

@Injectable()
export class SignalFeedbackRepository {
  constructor(@Inject(DataSource) private readonly db: DataSource) {}

  async vesselExists(imo: string): Promise<boolean> {
    const rows = (await this.db.query('SELECT 1 FROM vessels WHERE imo = $1', [imo])) as unknown[];
    return rows.length > 0;
  }

  /** The vessel's signals of the last 180 days up to `now`, newest first, with the owner's verdicts. */
  async signals(ownerId: string, imo: string, now: Date): Promise<SignalRow[]> {
    return (await this.db.query(
      `SELECT s.signal_type, s.signal_id, s.title, s.summary, s.detected_at, s.severity,
         a.status, a.reason_code, a.notes, a.suppression_hours::int AS suppression_hours,
         a.suppression_until
       FROM vessel_signals s
       LEFT JOIN signal_adjudications a
         ON a.owner_id = $1 AND a.signal_type = s.signal_type AND a.signal_id = s.signal_id
       WHERE s.imo = $2 AND s.detected_at > $3::timestamptz - $4 * interval '1 day'
         AND s.detected_at <= $3
       ORDER BY s.detected_at DESC, s.signal_type, s.signal_id::bigint DESC LIMIT $5`,
      [ownerId, imo, now, SIGNAL_LIST_DAYS, SIGNAL_LIST_MAX],
    )) as SignalRow[];
  }

  /** Detection times of the vessel's signals of `types` between `from` and `to`. */
  async detections(
    imo: string,
    from: Date,
    to: Date,
  ): Promise<{ signal_type: string; signal_id: string; detected_at: Date }[]> {
    return (await this.db.query(
      `SELECT signal_type, signal_id, detected_at FROM vessel_signals
       WHERE imo = $1 AND detected_at >= $2 AND detected_at < $3`,
      [imo, from, to],
    )) as { signal_type: string; signal_id: string; detected_at: Date }[];
  }

  async signalExists(imo: string, type: string, id: string): Promise<boolean> {
    const rows = (await this.db.query(
      `SELECT 1 FROM vessel_signals WHERE imo = $1 AND signal_type = $2 AND signal_id = $3`,
      [imo, type, id],
    )) as unknown[];
    return rows.length > 0;
  }

  async upsert(a: Adjudication): Promise<AdjudicationRow> {
    const rows = (await this.db.query(
      `INSERT INTO signal_adjudications (owner_id, signal_type, signal_id, imo, status, reason_code,
         notes, suppression_hours, suppression_until, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $10)
       ON CONFLICT (owner_id, signal_type, signal_id) DO UPDATE SET imo = excluded.imo,
         status = excluded.status, reason_code = excluded.reason_code, notes = excluded.notes,
         suppression_hours = excluded.suppression_hours,
         suppression_until = excluded.suppression_until, updated_at = excluded.updated_at
       RETURNING signal_type, signal_id, status, reason_code, notes,
         suppression_hours::int AS suppression_hours, suppression_until, updated_at`,
      [
        a.ownerId,
        a.signalType,
        a.signalId,
        a.imo,
        a.status,
        a.reasonCode,
        a.notes,
        a.suppressionHours,
        a.suppressionUntil,
        a.at,
      ],
    )) as AdjudicationRow[];
    const row = rows[0];
    if (!row) throw new Error('the adjudication upsert returned no row');
    return row;
  }
}
