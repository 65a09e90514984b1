import { Inject, Injectable } from '@nestjs/common';
import { ApiError } from '@platform/http';
import { ladenStateFromDraft } from '@platform/maritime-domain';
import { DestinationModelsRepository } from '../../pipeline/destinations/destination-models.repository';
import { DestinationPredictor } from '../../pipeline/destinations/destination-predictor';
import { ReliabilityRepository } from '../../pipeline/destinations/reliability.repository';
import { DestinationsRepository } from './destinations.repository';
import type { DestinationReliabilityQuery } from './dto/destination-reliability.query';
import { RELIABILITY_LIMIT_DEFAULT } from './dto/destination-reliability.query';
import type { PredictDestinationBody } from './dto/predict-destination.body';

/** Predictions returned per request. */
export const TOP_PREDICTIONS = 5;

const round4 = (x: number): number => Math.round(x * 10_000) / 10_000;

function modelUnavailable(): ApiError {
  return new ApiError(503, 'model_unavailable', 'No destination model has been trained yet');
}

@Injectable()
export class DestinationsService {
  constructor(
    @Inject(DestinationPredictor) private readonly predictor: DestinationPredictor,
    @Inject(DestinationModelsRepository) private readonly models: DestinationModelsRepository,
    @Inject(ReliabilityRepository) private readonly reliabilityRows: ReliabilityRepository,
    @Inject(DestinationsRepository) private readonly repo: DestinationsRepository,
  ) {}

  /**
   * The five likeliest destinations for a partial track. The laden state comes from the drafts
   * (the vessel's design draft when the MMSI is known); an unknown MMSI is allowed.
   */
  async predict(body: PredictDestinationBody): Promise<Record<string, unknown>> {
    const model = await this.predictor.active();
    if (model === null) throw modelUnavailable();
    const [vessel, ports] = await Promise.all([
      body.draft_current === undefined ? undefined : this.repo.designDraftByMmsi(body.mmsi),
      this.repo.portLabels(),
    ]);
    const laden = ladenStateFromDraft({
      draftDelta: body.draft_delta,
      draftCurrent: body.draft_current,
      designDraft: vessel?.design_draft_m ?? null,
    });
    const result = model.distribution({ cells: body.active_h3_sequence, laden });
    const predictions = result.scores
      .flatMap(({ portId, probability }) => {
        const port = ports.get(portId);
        return port === undefined
          ? []
          : [{ port: port.slug, port_name: port.name, probability: round4(probability) }];
      })
      .sort((a, b) => b.probability - a.probability || a.port.localeCompare(b.port))
      .slice(0, TOP_PREDICTIONS);
    return {
      predictions,
      model: {
        version: model.version,
        trained_at: model.trained_at.toISOString(),
        cells_used: result.cellsUsed,
        cells_total: result.cellsTotal,
        fallback: result.fallback,
      },
    };
  }

  /** The active model and its holdout accuracy. */
  async model(): Promise<Record<string, unknown>> {
    const row = await this.models.active();
    if (row === undefined) throw modelUnavailable();
    return {
      model: {
        version: row.version,
        trained_at: row.trained_at.toISOString(),
        voyages_train: row.voyages_train,
        voyages_holdout: row.voyages_holdout,
        top1_accuracy: row.top1_acc,
        top3_accuracy: row.top3_acc,
      },
    };
  }

  /** Declared-destination reliability, least reliable first. */
  async reliability(query: DestinationReliabilityQuery): Promise<Record<string, unknown>> {
    const limit = query.limit ?? RELIABILITY_LIMIT_DEFAULT;
    const rows = await this.reliabilityRows.list({ imo: query.vessel, tier: query.tier, limit });
    return {
      reliability: rows.map((row) => ({ ...row, computed_at: row.computed_at.toISOString() })),
      count: rows.length,
      limit_applied: limit,
    };
  }
}
