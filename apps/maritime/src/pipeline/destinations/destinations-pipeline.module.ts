import { Module } from '@nestjs/common';
import { DestinationModelsRepository } from './destination-models.repository';
import { DestinationPredictor } from './destination-predictor';
import { DestinationTrainingService } from './destination-training.service';
import { ReliabilityRepository } from './reliability.repository';
import { ReliabilityService } from './reliability.service';
import { TrainingVoyagesRepository } from './training-voyages.repository';

/** Destination model training and serving, and declared-destination reliability. */
@Module({
  providers: [
    DestinationModelsRepository,
    TrainingVoyagesRepository,
    ReliabilityRepository,
    DestinationPredictor,
    DestinationTrainingService,
    ReliabilityService,
  ],
  exports: [
    DestinationPredictor,
    DestinationTrainingService,
    ReliabilityService,
    ReliabilityRepository,
    DestinationModelsRepository,
  ],
})
export class DestinationsPipelineModule {}
