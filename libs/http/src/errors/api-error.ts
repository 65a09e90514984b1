/** One field-level validation problem, as returned in `details`. */
export interface ErrorDetail {
  field: string;
  message: string;
}

export interface ApiErrorOptions {
  details?: ErrorDetail[];
  /** Extra response headers, e.g. `Retry-After` on a 429. */
  headers?: Record<string, string>;
  /** OpenAI-style error type; derived from the status when omitted. */
  type?: string;
  /** Extra top-level fields some codes carry (e.g. `required_plan`). */
  extra?: Record<string, unknown>;
}

/**
 * The one exception our code throws for a client-visible failure. The per-service error filter
 * renders it in that service's body shape, so services never build error bodies by hand.
 */
export class ApiError extends Error {
  readonly details?: ErrorDetail[];
  readonly headers?: Record<string, string>;
  readonly type?: string;
  readonly extra?: Record<string, unknown>;

  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    options: ApiErrorOptions = {},
  ) {
    super(message);
    this.name = 'ApiError';
    this.details = options.details;
    this.headers = options.headers;
    this.type = options.type;
    this.extra = options.extra;
  }

  static badRequest(code: string, message: string, details?: ErrorDetail[]): ApiError {
    return new ApiError(400, code, message, { details });
  }

  static unauthorized(code: string, message: string): ApiError {
    return new ApiError(401, code, message);
  }

  static forbidden(code: string, message: string): ApiError {
    return new ApiError(403, code, message);
  }

  static notFound(code: string, message: string): ApiError {
    return new ApiError(404, code, message);
  }
}
