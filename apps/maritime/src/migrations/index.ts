import { Baseline1763726400000 } from './1763726400000-baseline';
import { ReferenceMovement1763812800000 } from './1763812800000-reference-movement';
import { Events1763816400000 } from './1763816400000-events';
import { AlertViews1763820000000 } from './1763820000000-alert-views';
import { MarketData1763823600000 } from './1763823600000-market-data';
import { Analytics1763827200000 } from './1763827200000-analytics';
import { UserData1763830800000 } from './1763830800000-user-data';
import { Alerting1763834400000 } from './1763834400000-alerting';
import { Jobs1763838000000 } from './1763838000000-jobs';
import { AlertEvaluation1763845200000 } from './1763845200000-alert-evaluation';
import { ApiKeyVersions1763856000000 } from './1763856000000-api-key-versions';

/** Every migration of maritime, oldest first. Never edit one that has landed. */
export const migrations = [
  Baseline1763726400000,
  ReferenceMovement1763812800000,
  Events1763816400000,
  AlertViews1763820000000,
  MarketData1763823600000,
  Analytics1763827200000,
  UserData1763830800000,
  Alerting1763834400000,
  Jobs1763838000000,
  AlertEvaluation1763845200000,
  ApiKeyVersions1763856000000,
];
