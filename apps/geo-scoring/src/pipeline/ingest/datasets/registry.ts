// Dataset name → handler (see docs/geo-scoring/ingestion.md#datasets). Handlers that write through
// repositories get them here, injected, and bind them to each chunk's transaction.
import { Inject, Injectable } from '@nestjs/common';
import { GeographyRepository } from '../geography.repository';
import { OutboxRepository } from '../outbox.repository';
import { PermitLinksRepository } from '../permit-links.repository';
import { RollupDeltasRepository } from '../rollup-deltas.repository';
import { activityEventsDataset } from './activity-events.dataset';
import { businessLicensesDataset } from './business-licenses.dataset';
import { cellTractsDataset } from './cell-tracts.dataset';
import { commuterFlowsDataset } from './commuter-flows.dataset';
import { constructionDetectionsDataset } from './construction-detections.dataset';
import { crimeIncidentsDataset } from './crime-incidents.dataset';
import { DatasetHandler, DatasetName, DATASET_NAMES } from './dataset';
import { metrosDataset } from './metros.dataset';
import { namedLocationsDataset } from './named-locations.dataset';
import { permitsDataset } from './permits.dataset';
import { portVolumesDataset } from './port-volumes.dataset';
import { portsDataset } from './ports.dataset';
import { satelliteEmbeddingsDataset } from './satellite-embeddings.dataset';
import { tractsDataset } from './tracts.dataset';
import { zbaDecisionsDataset } from './zba-decisions.dataset';

// Each handler is typed by its own record; the registry only passes a handler's rows back to it.
type AnyHandler = DatasetHandler<never>;

export function isDatasetName(name: string): name is DatasetName {
  return (DATASET_NAMES as readonly string[]).includes(name);
}

@Injectable()
export class DatasetRegistry {
  private readonly handlers: Record<DatasetName, AnyHandler>;

  constructor(
    @Inject(GeographyRepository) geography: GeographyRepository,
    @Inject(RollupDeltasRepository) rollupDeltas: RollupDeltasRepository,
    @Inject(OutboxRepository) outbox: OutboxRepository,
    @Inject(PermitLinksRepository) permitLinks: PermitLinksRepository,
  ) {
    this.handlers = {
      metros: metrosDataset(geography) as AnyHandler,
      'named-locations': namedLocationsDataset(geography) as AnyHandler,
      tracts: tractsDataset as AnyHandler,
      'cell-tracts': cellTractsDataset as AnyHandler,
      'commuter-flows': commuterFlowsDataset as AnyHandler,
      'activity-events': activityEventsDataset(rollupDeltas) as AnyHandler,
      'crime-incidents': crimeIncidentsDataset(rollupDeltas) as AnyHandler,
      permits: permitsDataset(outbox, permitLinks) as AnyHandler,
      'construction-detections': constructionDetectionsDataset(permitLinks) as AnyHandler,
      'business-licenses': businessLicensesDataset as AnyHandler,
      'zba-decisions': zbaDecisionsDataset as AnyHandler,
      ports: portsDataset as AnyHandler,
      'port-volumes': portVolumesDataset as AnyHandler,
      'satellite-embeddings': satelliteEmbeddingsDataset as AnyHandler,
    };
  }

  handler(name: DatasetName): DatasetHandler<unknown> {
    return this.handlers[name] as DatasetHandler<unknown>;
  }
}
