import { Injectable, NestMiddleware } from '@nestjs/common';
import { ApiError } from '@platform/http';
import type { NextFunction, Request, Response } from 'express';
import { PREDICT_BODY_LIMIT_BYTES } from './dto/predict-destination.body';

/**
 * predict-destination takes at most 32 KB, far below the app-wide JSON limit. The global parser
 * has already read the body when module middleware runs, so this checks the declared
 * Content-Length, and for a body sent without one (chunked), the size of the parsed JSON.
 */
@Injectable()
export class PredictBodyLimitMiddleware implements NestMiddleware {
  use(req: Request, _res: Response, next: NextFunction): void {
    const declared = Number(req.headers['content-length']);
    const size = Number.isFinite(declared)
      ? declared
      : req.body === undefined
        ? 0
        : Buffer.byteLength(JSON.stringify(req.body));
    if (size > PREDICT_BODY_LIMIT_BYTES)
      throw new ApiError(
        413,
        'payload_too_large',
        `The body may hold at most ${PREDICT_BODY_LIMIT_BYTES} bytes`,
      );
    next();
  }
}
