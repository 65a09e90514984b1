import type { OpenAPIObject } from '@nestjs/swagger';

const error = { $ref: '#/components/schemas/OpenAiError' };
const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: error } },
});

/**
 * The client API is served ahead of Nest's router (see ClientApiServer), so its routes are
 * described here rather than by controller decorators. Request and response bodies are the
 * OpenAI chat-completion shapes; only the fields the proxy acts on are spelled out.
 */
export function describeClientApi(document: OpenAPIObject): void {
  document.components ??= {};
  document.components.schemas = {
    ...document.components.schemas,
    OpenAiError: {
      type: 'object',
      required: ['error'],
      properties: {
        error: {
          type: 'object',
          required: ['message', 'type', 'code'],
          properties: {
            message: { type: 'string' },
            type: { type: 'string' },
            code: { type: 'string' },
          },
        },
      },
    },
    ChatCompletionRequest: {
      type: 'object',
      required: ['model', 'messages'],
      additionalProperties: true,
      properties: {
        model: {
          type: 'string',
          maxLength: 200,
          description: 'A model of UPSTREAMS or a model alias',
        },
        messages: {
          type: 'array',
          minItems: 1,
          items: { type: 'object', required: ['role'], additionalProperties: true },
        },
        stream: {
          type: 'boolean',
          description: 'Server-sent events, passed through chunk by chunk, `[DONE]` kept',
        },
        max_tokens: { type: 'integer', minimum: 1 },
        max_completion_tokens: { type: 'integer', minimum: 1 },
      },
    },
  };
  const rateHeaders = {
    'x-ratelimit-limit-requests': { schema: { type: 'integer' } },
    'x-ratelimit-remaining-requests': { schema: { type: 'integer' } },
    'x-ratelimit-limit-tokens': { schema: { type: 'integer' } },
    'x-ratelimit-remaining-tokens': { schema: { type: 'integer' } },
    'x-proxy-overhead-ms': {
      schema: { type: 'number' },
      description: 'Time spent in the proxy, upstream excluded',
    },
  };
  const security = [{ 'virtual-key': [] }];
  document.paths['/v1/chat/completions'] = {
    post: {
      tags: ['client API'],
      summary: 'OpenAI-compatible chat completion, routed by model to its upstream',
      security,
      parameters: [
        {
          name: 'X-Session-Id',
          in: 'header',
          required: false,
          schema: { type: 'string', maxLength: 128 },
        },
      ],
      requestBody: {
        required: true,
        content: {
          'application/json': { schema: { $ref: '#/components/schemas/ChatCompletionRequest' } },
        },
      },
      responses: {
        200: {
          description: 'The upstream completion (JSON, or text/event-stream when stream is true)',
          headers: rateHeaders,
          content: {
            'application/json': { schema: { type: 'object' } },
            'text/event-stream': { schema: { type: 'string' } },
          },
        },
        400: errorResponse('invalid_request, invalid_json'),
        401: errorResponse('missing_api_key, invalid_api_key, key_revoked, key_expired'),
        403: errorResponse('model_not_allowed'),
        404: errorResponse('model_not_found'),
        413: errorResponse('payload_too_large (over 10 MB)'),
        429: errorResponse('rate_limit_exceeded (with Retry-After), budget_exceeded'),
        502: errorResponse(
          'upstream_error: unreachable or timed out; other upstream errors keep their status',
        ),
      },
    },
  };
  document.paths['/v1/models'] = {
    get: {
      tags: ['client API'],
      summary: 'Models and aliases this key may use',
      security,
      responses: {
        200: {
          description: 'OpenAI model list',
          content: { 'application/json': { schema: { type: 'object' } } },
        },
        401: errorResponse('missing_api_key, invalid_api_key, key_revoked, key_expired'),
      },
    },
  };
}
