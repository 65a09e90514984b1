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

describe('dependency outages', () => {
  const withCode = (message: string, code?: string): Error =>
    Object.assign(new Error(message), code === undefined ? {} : { code });

  it('answers 503 with Retry-After for a broken, refused or closing dependency', () => {
    const outages: unknown[] = [
      withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED'),
      withCode('read ECONNRESET', 'ECONNRESET'),
      new Error('Connection terminated unexpectedly'),
      withCode('terminating connection due to administrator command', '57P01'),
      withCode('the database system is starting up', '57P03'),
      withCode('connection failure', '08006'),
      new Error('Connection is closed.'),
      Object.assign(new Error('query failed'), { driverError: new Error('Connection terminated') }),
    ];
    for (const outage of outages)
      expect(normalizeError(outage)).toMatchObject({
        status: 503,
        code: 'service_unavailable',
        headers: { 'Retry-After': '2' },
        unexpected: false,
      });
  });

  it('still answers 500 for our own bugs and for query errors', () => {
    expect(normalizeError(new TypeError('x is undefined')).status).toBe(500);
    expect(normalizeError(withCode('syntax error at or near "SELEC"', '42601')).status).toBe(500);
  });
});
