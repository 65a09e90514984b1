import { Injectable, PipeTransform } from '@nestjs/common';
import { ApiError } from '@platform/http';

/**
 * For routes without query parameters: any parameter is unknown, so 400 invalid_request
 * (see docs/geo-scoring/read-routes.md#parameter-policy). An empty DTO class cannot do this: the
 * global pipe's forbidUnknownValues refuses every instance of a class without validation metadata,
 * even an empty one.
 */
@Injectable()
export class NoQueryParams implements PipeTransform<unknown, Record<string, never>> {
  transform(value: unknown): Record<string, never> {
    const names = value !== null && typeof value === 'object' ? Object.keys(value) : [];
    if (names.length > 0) {
      throw ApiError.badRequest(
        'invalid_request',
        `Unknown query parameter(s): ${names.join(', ')}`,
        names.map((field) => ({ field, message: `property ${field} should not exist` })),
      );
    }
    return {};
  }
}
