export { ConfigValidationError, loadConfig, processEnvironment } from './load-config';
export type { Environment } from './load-config';
export { ServiceConfig, LOG_LEVELS } from './service.config';
export type { LogLevel, NodeEnv } from './service.config';
export { ToBoolean, ToInt, ToJson, ToJsonArrayOf, ToNumber, Trimmed } from './transforms';
export { ProxyAdminConfig, ScopedAdminTokenConfig } from './services/proxy-admin.config';
export { GeoScoringConfig } from './services/geo-scoring.config';
export { MaritimeConfig } from './services/maritime.config';
export { TestEnvironmentConfig } from './services/test-environment.config';
