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
          description:
            'A model of UPSTREAMS, a model alias, a published team preset `@preset/<slug>` (latest) ' +
            'or `@preset/<slug>@<version>` (pinned); a `:online` suffix attaches the web plugin',
        },
        plugins: {
          type: 'array',
          description: 'Request plugins; removed before forwarding. Only `web` exists.',
          items: {
            type: 'object',
            required: ['id'],
            additionalProperties: false,
            properties: {
              id: { type: 'string', enum: ['web'] },
              max_results: { type: 'integer', minimum: 1, maximum: 10, default: 5 },
              search_prompt: {
                type: 'string',
                maxLength: 2000,
                description: 'Query to run; default: the last user message',
              },
              required: {
                type: 'boolean',
                default: false,
                description: 'true: a failed search answers 502 instead of a warning',
              },
            },
          },
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
    'x-proxy-cache': {
      schema: { type: 'string', enum: ['hit', 'miss', 'bypass'] },
      description: 'Response cache outcome; absent when RESPONSE_CACHE_TTL_SECONDS is 0',
    },
    'x-proxy-plugin-warning': {
      schema: { type: 'string' },
      description:
        'Code of an optional plugin that failed (web_search_unavailable, web_search_failed, web_search_timeout)',
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
        {
          name: 'Cache-Control',
          in: 'header',
          required: false,
          description: '`no-cache` (or `no-store`) bypasses the response cache',
          schema: { type: 'string' },
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
          description:
            'The upstream completion (JSON, or text/event-stream when stream is true); a JSON ' +
            'answer gains `warnings: [{ plugin, code, message }]` when an optional plugin failed',
          headers: rateHeaders,
          content: {
            'application/json': { schema: { type: 'object' } },
            'text/event-stream': { schema: { type: 'string' } },
          },
        },
        400: errorResponse('invalid_request, invalid_json, unknown_plugin'),
        401: errorResponse('missing_api_key, invalid_api_key, key_revoked, key_expired'),
        403: errorResponse('model_not_allowed'),
        404: errorResponse('model_not_found, preset_not_found'),
        413: errorResponse('payload_too_large (over 10 MB)'),
        429: errorResponse('rate_limit_exceeded (with Retry-After), budget_exceeded'),
        502: errorResponse(
          'upstream_error: unreachable or timed out (other upstream errors keep their status); ' +
            'plugin_required_failed',
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
