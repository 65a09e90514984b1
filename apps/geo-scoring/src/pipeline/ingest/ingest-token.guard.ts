// Bearer INGEST_TOKEN on /internal/ingest (see docs/geo-scoring/ingestion.md#route): compared in
// constant time over SHA-256 digests; no token configured means ingestion is switched off (503).
import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { digestEquals, extractBearerToken } from '@platform/auth';
import { GeoScoringConfig } from '@platform/config';
import { ApiError } from '@platform/http';
import type { Request } from 'express';

/** Throws the ApiError the request deserves, or returns when the token matches. */
export function checkIngestToken(
  configured: string | undefined,
  authorization: string | string[] | undefined,
): void {
  if (configured === undefined || configured === '') {
    throw new ApiError(503, 'ingest_disabled', 'Ingestion is disabled: INGEST_TOKEN is not set');
  }
  if (authorization === undefined) {
    throw ApiError.unauthorized(
      'ingest_token_required',
      'Authorization: Bearer <INGEST_TOKEN> is required',
    );
  }
  const token = extractBearerToken(authorization);
  if (token === undefined || !digestEquals(token, configured)) {
    throw ApiError.unauthorized('invalid_ingest_token', 'Invalid ingest token');
  }
}

@Injectable()
export class IngestTokenGuard implements CanActivate {
  constructor(private readonly config: GeoScoringConfig) {}

  canActivate(context: ExecutionContext): boolean {
    const request = context.switchToHttp().getRequest<Request>();
    checkIngestToken(this.config.INGEST_TOKEN, request.headers.authorization);
    return true;
  }
}
