// Dataset name → handler (design 3.7).
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

const HANDLERS: Record<DatasetName, AnyHandler> = {
  metros: metrosDataset as AnyHandler,
  'named-locations': namedLocationsDataset as AnyHandler,
  tracts: tractsDataset as AnyHandler,
  'cell-tracts': cellTractsDataset as AnyHandler,
  'commuter-flows': commuterFlowsDataset as AnyHandler,
  'activity-events': activityEventsDataset as AnyHandler,
  'crime-incidents': crimeIncidentsDataset as AnyHandler,
  permits: permitsDataset as AnyHandler,
  'construction-detections': constructionDetectionsDataset as AnyHandler,
  'business-licenses': businessLicensesDataset as AnyHandler,
  'zba-decisions': zbaDecisionsDataset as AnyHandler,
  ports: portsDataset as AnyHandler,
  'port-volumes': portVolumesDataset as AnyHandler,
  'satellite-embeddings': satelliteEmbeddingsDataset as AnyHandler,
};

export function isDatasetName(name: string): name is DatasetName {
  return (DATASET_NAMES as readonly string[]).includes(name);
}

export function datasetHandler(name: DatasetName): DatasetHandler<unknown> {
  return HANDLERS[name] as DatasetHandler<unknown>;
}
