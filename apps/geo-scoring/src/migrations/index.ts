import { Baseline1763726400000 } from './1763726400000-baseline';
import { Geography1763812800000 } from './1763812800000-geography';
import { Scores1763816400000 } from './1763816400000-scores';
import { Records1763820000000 } from './1763820000000-records';
import { Operations1763823600000 } from './1763823600000-operations';
import { ReadRouteIndexes1763827200000 } from './1763827200000-read-route-indexes';
import { NearbyIndexes1763830800000 } from './1763830800000-nearby-indexes';
import { JobRuns1763834400000 } from './1763834400000-job-runs';
import { WebhookDelivery1763838000000 } from './1763838000000-webhook-delivery';
import { Dashboard1763841600000 } from './1763841600000-dashboard';

/** Every migration of geo-scoring, oldest first. Never edit one that has landed. */
export const migrations = [
  Baseline1763726400000,
  Geography1763812800000,
  Scores1763816400000,
  Records1763820000000,
  Operations1763823600000,
  ReadRouteIndexes1763827200000,
  NearbyIndexes1763830800000,
  JobRuns1763834400000,
  WebhookDelivery1763838000000,
  Dashboard1763841600000,
];
