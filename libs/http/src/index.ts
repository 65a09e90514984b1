export { ApiError } from './errors/api-error';
export type { ApiErrorOptions, ErrorDetail } from './errors/api-error';
export { codeErrorBody, openAiErrorBody, openAiErrorType } from './errors/error-body';
export type { ErrorBodyFormat, NormalizedError } from './errors/error-body';
export { HttpErrorFilter } from './errors/http-error.filter';
export {
  findNul,
  MAX_INPUT_DEPTH,
  nestsDeeperThan,
  nulRejected,
  rejectNul,
} from './errors/reject-nul';
export { isDependencyUnavailable, isOverloaded, normalizeError } from './errors/normalize-error';
export { createValidationPipe, validationDetails } from './errors/validation.pipe';
export { READINESS_CHECKS, withTimeout } from './health/readiness-check';
export type { ReadinessCheck } from './health/readiness-check';
export { DrainState } from './lifecycle/drain-state';
export { installGracefulShutdown } from './lifecycle/graceful-shutdown';
export type { ShutdownOptions } from './lifecycle/graceful-shutdown';
export { PlatformLogger } from './logging/platform-logger';
export type { PlatformLoggerOptions } from './logging/platform-logger';
export { REDACTED, redactSecrets, redactUrl } from './logging/redact';
export { assignRequestId, REQUEST_ID_HEADER } from './logging/request-id';
export { AppMetrics } from './metrics/http-metrics';
export { setupOpenApi } from './openapi/openapi';
export type { OpenApiOptions } from './openapi/openapi';
export { PlatformHttpModule } from './platform-http.module';
export type { PlatformHttpOptions } from './platform-http.module';
export { createPlatformApp } from './create-platform-app';
export type { PlatformAppOptions } from './create-platform-app';
export {
  retryAfterSeconds,
  setOpenAiRateLimitHeaders,
  setRateLimitHeaders,
} from './rate-limit/rate-limit-headers';
export type {
  HeaderSink,
  OpenAiRateLimitState,
  RateLimitState,
} from './rate-limit/rate-limit-headers';
export { exitOnStartupError, runService } from './lifecycle/run-service';
