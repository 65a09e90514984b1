import { BadRequestException, HttpException, NotFoundException } from '@nestjs/common';
import { ApiError } from './api-error';
import { normalizeError } from './normalize-error';

describe('normalizeError', () => {
  it('keeps ApiError fields and marks only 5xx as unexpected', () => {
    const error = new ApiError(403, 'team_not_allowed', 'no', {
      details: [{ field: 'team_id', message: 'x' }],
    });
    expect(normalizeError(error)).toMatchObject({
      status: 403,
      code: 'team_not_allowed',
      details: [{ field: 'team_id', message: 'x' }],
      unexpected: false,
    });
    expect(normalizeError(new ApiError(502, 'upstream_error', 'down')).unexpected).toBe(true);
  });

  it('gives Nest exceptions a code by status and hides the router wording', () => {
    expect(normalizeError(new NotFoundException('Cannot GET /x'))).toMatchObject({
      status: 404,
      code: 'not_found',
      message: 'Route not found',
    });
    expect(normalizeError(new BadRequestException(['a', 'b']))).toMatchObject({
      code: 'invalid_request',
      message: 'a; b',
    });
    expect(normalizeError(new HttpException('teapot', 418))).toMatchObject({
      status: 418,
      code: 'http_error',
    });
  });

  it('answers 503 with Retry-After when the database pool is exhausted', () => {
    const poolTimeout = new Error('timeout exceeded when trying to connect');
    for (const error of [poolTimeout, new Error('query failed', { cause: poolTimeout })]) {
      expect(normalizeError(error)).toEqual({
        status: 503,
        code: 'service_unavailable',
        message: 'The service is overloaded; retry shortly',
        headers: { 'Retry-After': '1' },
        unexpected: false,
      });
    }
  });

  it('turns anything else into a 500 without its message', () => {
    expect(normalizeError(new Error('secret detail'))).toEqual({
      status: 500,
      code: 'internal_error',
      message: 'Internal server error',
      unexpected: true,
    });
    expect(normalizeError('a string')).toMatchObject({ status: 500 });
  });
});
