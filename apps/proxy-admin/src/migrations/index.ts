import { Baseline1763726400000 } from './1763726400000-baseline';
import { KeysAliasesUsage1763740800000 } from './1763740800000-keys-aliases-usage';
import { SessionMetrics1764082800000 } from './1764082800000-session-metrics';
import { Presets1764086400000 } from './1764086400000-presets';
import { SsoDeviceFlow1764100000000 } from './1764100000000-sso-device-flow';

/** Every migration of proxy-admin, oldest first. Never edit one that has landed. */
export const migrations = [
  Baseline1763726400000,
  KeysAliasesUsage1763740800000,
  SessionMetrics1764082800000,
  Presets1764086400000,
  SsoDeviceFlow1764100000000,
];
