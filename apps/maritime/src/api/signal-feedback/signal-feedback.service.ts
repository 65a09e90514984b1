import { Inject, Injectable } from '@nestjs/common';
import { Clock } from '@platform/clock';
import { ApiError } from '@platform/http';
import {
  calibrate,
  suppressedRepeats,
  suppressionUntil,
  type AdjudicationStatus,
  type Calibration,
} from '@platform/maritime-domain';
import type { Caller } from '../../platform/access/caller';
import { notFound } from '../vessels/vessels.service';
import type { SignalFeedbackBody } from './dto/signal-feedback.dto';
import {
  SIGNAL_LIST_DAYS,
  SignalFeedbackRepository,
  type SignalRow,
} from './signal-feedback.repository';

const DAY_MS = 86_400_000;
const LONGEST_WINDOW_MS = 168 * 3_600_000;

/**
 * Analyst verdicts on a vessel's signals. A verdict may hold back repeats of the same signal
 * type on the same vessel for a while (the alert pipeline reads the window); it never changes
 * the risk score.
 */
@Injectable()
export class SignalFeedbackService {
  constructor(
    @Inject(SignalFeedbackRepository) private readonly repo: SignalFeedbackRepository,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  private async listed(
    owner: string,
    imo: string,
  ): Promise<{ signals: Record<string, unknown>[]; calibration: Calibration }> {
    const now = this.clock.now();
    const rows = await this.repo.signals(owner, imo, now);
    const detections = await this.repo.detections(
      imo,
      new Date(now.getTime() - SIGNAL_LIST_DAYS * DAY_MS - LONGEST_WINDOW_MS),
      new Date(now.getTime() + 1),
    );
    const repeatsOf = (row: SignalRow): Date[] =>
      detections
        .filter((d) => d.signal_type === row.signal_type && d.signal_id !== row.signal_id)
        .map((d) => d.detected_at);
    return {
      signals: rows.map((row) => ({
        signalType: row.signal_type,
        signalId: row.signal_id,
        title: row.title,
        summary: row.summary,
        detectedAt: row.detected_at.toISOString(),
        severity: row.severity,
        adjudicationStatus: row.status,
        adjudicationReasonCode: row.reason_code,
        analystNotes: row.notes,
        suppressionWindowHours: row.suppression_hours,
        suppressionUntil: row.suppression_until?.toISOString() ?? null,
        suppressedRepeatCount: suppressedRepeats(
          row.suppression_until,
          row.suppression_hours,
          repeatsOf(row),
        ),
      })),
      calibration: calibrate(rows.map((r) => r.status as AdjudicationStatus | null)),
    };
  }

  private async assertVessel(imo: string): Promise<void> {
    if (!(await this.repo.vesselExists(imo))) throw notFound(imo);
  }

  async list(imo: string, caller: Caller): Promise<Record<string, unknown>> {
    await this.assertVessel(imo);
    return this.listed(caller.key?.ownerId ?? '', imo);
  }

  async adjudicate(
    imo: string,
    body: SignalFeedbackBody,
    caller: Caller,
  ): Promise<Record<string, unknown>> {
    await this.assertVessel(imo);
    if (!(await this.repo.signalExists(imo, body.signal_type, body.signal_id)))
      throw ApiError.notFound(
        'signal_not_found',
        `No ${body.signal_type} signal ${body.signal_id} on vessel ${imo}`,
      );
    const owner = caller.key?.ownerId ?? '';
    const now = this.clock.now();
    const hours = body.suppression_hours ?? null;
    const row = await this.repo.upsert({
      ownerId: owner,
      imo,
      signalType: body.signal_type,
      signalId: body.signal_id,
      status: body.status,
      reasonCode: body.reason_code ?? null,
      notes: body.notes ?? null,
      suppressionHours: hours,
      suppressionUntil: hours === null ? null : suppressionUntil(now, hours),
      at: now,
    });
    const { calibration } = await this.listed(owner, imo);
    return {
      adjudication: {
        signalType: row.signal_type,
        signalId: row.signal_id,
        adjudicationStatus: row.status,
        adjudicationReasonCode: row.reason_code,
        analystNotes: row.notes,
        suppressionWindowHours: row.suppression_hours,
        suppressionUntil: row.suppression_until?.toISOString() ?? null,
        updatedAt: row.updated_at.toISOString(),
      },
      calibration,
    };
  }
}
