import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import type { Response } from 'express';
import { Observable, tap } from 'rxjs';

/** The RFC 7946 §12 media type. */
export const GEOJSON_MEDIA_TYPE = 'application/geo+json';

/**
 * Labels a successful heatmap body `application/geo+json`. Set on the success path only (not with
 * @Header, which Nest applies before the handler runs), so error bodies stay application/json.
 */
@Injectable()
export class GeoJsonContentTypeInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const response = context.switchToHttp().getResponse<Response>();
    return next
      .handle()
      .pipe(tap(() => response.setHeader('Content-Type', `${GEOJSON_MEDIA_TYPE}; charset=utf-8`)));
  }
}
