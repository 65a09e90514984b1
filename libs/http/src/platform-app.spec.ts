import { Body, Controller, Get, Module, Post } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { RunningTestApp, startTestApp } from '@platform/testing';
import { Type } from 'class-transformer';
import { IsInt, IsString, Max, Min, MinLength, ValidateNested } from 'class-validator';
import { ApiError } from './errors/api-error';
import { codeErrorBody, openAiErrorBody } from './errors/error-body';
import { HttpErrorFilter } from './errors/http-error.filter';
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
