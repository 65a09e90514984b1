import { Body, Controller, Get, Module, Post, Res } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { Response as ExpressResponse } from 'express';
import { PassThrough } from 'node:stream';
import { createPlatformApp } from './create-platform-app';
import { RunningTestApp, startTestApp } from '@platform/testing';
import { Type } from 'class-transformer';
import { IsInt, IsString, Max, Min, MinLength, ValidateNested } from 'class-validator';
import { ApiError } from './errors/api-error';
import { codeErrorBody, openAiErrorBody } from './errors/error-body';
import { HttpErrorFilter } from './errors/http-error.filter';
import { PlatformHttpModule } from './platform-http.module';
import { createValidationPipe } from './errors/validation.pipe';

class LimitsDto {
  @IsInt()
  @Min(1)
  rpm!: number;
}

class CreateThingDto {
  @IsString()
  @MinLength(3)
  name!: string;

  @IsInt()
  @Max(10)
  count!: number;

  @ValidateNested()
  @Type(() => LimitsDto)
  limits!: LimitsDto;
}

@Controller('things')
class ThingsController {
  @Post()
  create(@Body() body: CreateThingDto): { name: string; count: number; countType: string } {
    return { name: body.name, count: body.count, countType: typeof body.count };
  }

  @Get('teapot')
  teapot(): never {
    throw new ApiError(429, 'rate_limited', 'Slow down', { headers: { 'Retry-After': '7' } });
  }

  @Get('bug')
  bug(): never {
    throw new Error('connection string postgres://user:pw@db leaked?');
  }

  @Get('own-cache-control')
  ownCacheControl(): never {
    throw new ApiError(503, 'unavailable', 'Later', { headers: { 'Cache-Control': 'no-cache' } });
  }

  @Get('preset-cache-control')
  presetCacheControl(@Res({ passthrough: true }) res: ExpressResponse): never {
    res.setHeader('Cache-Control', 'no-store');
    throw new ApiError(409, 'conflict', 'Conflict');
  }
}

@Module({ controllers: [ThingsController] })
class ThingsModule {}

async function appWith(format: typeof openAiErrorBody): Promise<RunningTestApp> {
  return startTestApp(async () => {
    const app = await NestFactory.create<NestExpressApplication>(ThingsModule, { logger: false });
    app.useGlobalPipes(createValidationPipe());
    app.useGlobalFilters(new HttpErrorFilter(format));
    return app;
  });
}

async function post(
  url: string,
  body: unknown,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe('validation and error filter over HTTP', () => {
  let openai: RunningTestApp;
  let simple: RunningTestApp;

  beforeAll(async () => {
    openai = await appWith(openAiErrorBody);
    simple = await appWith(codeErrorBody);
  });
  afterAll(async () => {
    await openai.close();
    await simple.close();
  });

  it('transforms a valid body into the DTO', async () => {
    const ok = await post(`${simple.url}/things`, { name: 'abc', count: 3, limits: { rpm: 5 } });
    expect(ok).toEqual({ status: 201, body: { name: 'abc', count: 3, countType: 'number' } });
  });

  it('lists every field problem, nested paths included, in the code shape', async () => {
    const { status, body } = await post(`${simple.url}/things`, {
      name: 'x',
      count: 11,
      limits: { rpm: 0 },
    });
    expect(status).toBe(400);
    expect(body['code']).toBe('invalid_request');
    expect(typeof body['error']).toBe('string');
    expect(body['details']).toEqual(
      expect.arrayContaining([
        { field: 'name', message: expect.stringMatching(/longer than or equal to 3/) },
        { field: 'count', message: expect.stringMatching(/not be greater than 10/) },
        { field: 'limits.rpm', message: expect.stringMatching(/not be less than 1/) },
      ]),
    );
  });

  it('refuses unknown fields and puts details inside the OpenAI error object', async () => {
    const { status, body } = await post(`${openai.url}/things`, {
      name: 'abc',
      count: 1,
      limits: { rpm: 1 },
      admin: true,
    });
    expect(status).toBe(400);
    expect(body).toEqual({
      error: {
        message: expect.stringContaining('property admin should not exist'),
        type: 'invalid_request_error',
        code: 'invalid_request',
        details: [{ field: 'admin', message: 'property admin should not exist' }],
      },
    });
  });

  it('refuses a body that is not an object', async () => {
    for (const payload of [[1, 2], 'text', 42]) {
      const { status, body } = await post(`${simple.url}/things`, payload);
      expect(status).toBe(400);
      expect(body['code']).toBe('invalid_request');
    }
  });

  it('keeps the status, code and headers of an ApiError', async () => {
    const response = await fetch(`${openai.url}/things/teapot`);
    expect(response.status).toBe(429);
    expect(response.headers.get('retry-after')).toBe('7');
    expect(await response.json()).toEqual({
      error: { message: 'Slow down', type: 'rate_limit_error', code: 'rate_limited' },
    });
  });

  it('answers an unexpected failure with a bare 500 that reveals nothing', async () => {
    const response = await fetch(`${simple.url}/things/bug`);
    expect(response.status).toBe(500);
    const text = await response.text();
    expect(JSON.parse(text)).toEqual({ error: 'Internal server error', code: 'internal_error' });
    expect(text).not.toContain('postgres://');
  });
});

@Module({
  imports: [
    PlatformHttpModule.forRoot({
      service: 'platform-app-spec',
      logLevel: 'silent',
      readinessChecks: [],
      logDestination: new PassThrough(),
    }),
  ],
  controllers: [ThingsController],
})
class PlatformThingsModule {}

describe('error responses are never cacheable', () => {
  let platform: RunningTestApp;

  beforeAll(async () => {
    platform = await startTestApp(() =>
      createPlatformApp(PlatformThingsModule, {
        errorFormat: codeErrorBody,
        trustProxyHops: 0,
        jsonLimit: '1kb',
        openApi: { title: 'spec', description: 'spec', version: '0' },
      }),
    );
  });
  afterAll(async () => {
    await platform.close();
  });

  const send = (body: string): Promise<Response> =>
    fetch(`${platform.url}/things`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    });

  it('marks body-parser errors (answered before any Nest middleware) private, no-store', async () => {
    const malformed = await send('{"name": ');
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toMatchObject({ code: 'invalid_json' });
    expect(malformed.headers.get('cache-control')).toBe('private, no-store');

    const large = await send(JSON.stringify({ name: 'x'.repeat(4096), count: 1 }));
    expect(large.status).toBe(413);
    expect(await large.json()).toMatchObject({ code: 'payload_too_large' });
    expect(large.headers.get('cache-control')).toBe('private, no-store');
  });

  it('marks errors rendered by the filter private, no-store: 4xx, 404 route, 500', async () => {
    for (const [path, status] of [
      ['/things/teapot', 429],
      ['/nowhere', 404],
      ['/things/bug', 500],
    ] as const) {
      const response = await fetch(`${platform.url}${path}`);
      expect({ path, status: response.status }).toEqual({ path, status });
      expect(response.headers.get('cache-control')).toBe('private, no-store');
    }
    const invalid = await send(JSON.stringify({ name: 'x' }));
    expect(invalid.status).toBe(400);
    expect(invalid.headers.get('cache-control')).toBe('private, no-store');
  });

  it('keeps a Cache-Control set by the error itself or already on the response', async () => {
    const own = await fetch(`${platform.url}/things/own-cache-control`);
    expect(own.status).toBe(503);
    expect(own.headers.get('cache-control')).toBe('no-cache');
    const preset = await fetch(`${platform.url}/things/preset-cache-control`);
    expect(preset.status).toBe(409);
    expect(preset.headers.get('cache-control')).toBe('no-store');
  });

  it('leaves successful responses to the service', async () => {
    const ok = await send(JSON.stringify({ name: 'abc', count: 1, limits: { rpm: 1 } }));
    expect(ok.status).toBe(201);
    expect(ok.headers.get('cache-control')).toBeNull();
  });
});
