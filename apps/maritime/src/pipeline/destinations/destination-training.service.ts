import { Inject, Injectable } from '@nestjs/common';
import {
  countDestinations,
  DestinationCountModel,
  holdoutAccuracy,
  splitHoldout,
} from '@platform/maritime-domain';
import { DestinationModelsRepository } from './destination-models.repository';
import { DestinationPredictor, portContaining } from './destination-predictor';
import { TrainingVoyagesRepository } from './training-voyages.repository';

export interface DestinationTrainingResult {
  version: string;
  activated: boolean;
  voyages_train: number;
  voyages_holdout: number;
  top1_acc: number;
  top3_acc: number;
}

/** A new model may be up to this much worse at top-1 than the active one and still replace it. */
export const ACTIVATION_TOLERANCE = 0.02;
/** Models kept (the active one is always kept); older ones and their counts are deleted. */
export const MODELS_KEPT = 7;

const round4 = (x: number): number => Math.round(x * 10_000) / 10_000;

/** `dest-20261125T033000Z` for a model trained as of 2026-11-25 03:30:00 UTC. */
export function versionBase(asOf: Date): string {
  return `dest-${asOf
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '')}`;
}

/**
 * Trains the destination count model on the voyages completed in the 365 days before `asOf`,
 * holding out the latest 10 % by departure to measure top-1 and top-3 accuracy, and activates
 * it unless it is more than 0.02 worse at top-1 than the active model.
 */
@Injectable()
export class DestinationTrainingService {
  constructor(
    @Inject(TrainingVoyagesRepository) private readonly voyages: TrainingVoyagesRepository,
    @Inject(DestinationModelsRepository) private readonly models: DestinationModelsRepository,
    @Inject(DestinationPredictor) private readonly predictor: DestinationPredictor,
  ) {}

  async train(asOf: Date): Promise<DestinationTrainingResult> {
    const [voyages, ports, active] = await Promise.all([
      this.voyages.completed(asOf),
      this.models.portGeometry(),
      this.models.active(),
    ]);
    const { train, holdout } = splitHoldout(voyages);
    const counts = countDestinations(train);
    const version = await this.models.freeVersion(versionBase(asOf));
    const accuracy = holdoutAccuracy(new DestinationCountModel(counts), holdout, (cells) =>
      portContaining(cells[cells.length - 1], ports),
    );
    const top1Acc = round4(accuracy.top1);
    const top3Acc = round4(accuracy.top3);
    const activeTop1 = active?.top1_acc ?? null;
    const activated =
      active === undefined || activeTop1 === null || top1Acc >= activeTop1 - ACTIVATION_TOLERANCE;
    await this.models.save(
      {
        version,
        trained_at: asOf,
        voyages_train: train.length,
        voyages_holdout: holdout.length,
        top1_acc: top1Acc,
        top3_acc: top3Acc,
      },
      counts,
      activated,
      MODELS_KEPT,
    );
    if (activated) this.predictor.invalidate();
    return {
      version,
      activated,
      voyages_train: train.length,
      voyages_holdout: holdout.length,
      top1_acc: top1Acc,
      top3_acc: top3Acc,
    };
  }
}
