/**
 * The hand-written OpenAPI 3.1 description of the public latest-position route, served at
 * /api/v1/ais/openapi.json for clients that integrate only this route (the service's own
 * document at /openapi.json is OpenAPI 3.0, as @nestjs/swagger writes it).
 */
const rateLimitHeaders = {
  'X-RateLimit-Limit': {
    description: 'Requests per minute allowed to this caller',
    schema: { type: 'integer', minimum: 1 },
  },
  'X-RateLimit-Remaining': {
    description: 'Requests left in the current 60-second window (never below 0)',
    schema: { type: 'integer', minimum: 0 },
  },
  'X-RateLimit-Reset': {
    description: 'UTC epoch second when the oldest counted request leaves the window',
    schema: { type: 'integer' },
  },
} as const;

const errorResponse = (description: string, codes: string[]) => ({
  description,
  headers: rateLimitHeaders,
  content: {
    'application/json': {
      schema: {
        allOf: [{ $ref: '#/components/schemas/Error' }, { properties: { code: { enum: codes } } }],
      },
    },
  },
});

export const LATEST_LOCATION_OPENAPI = {
  openapi: '3.1.0',
  info: {
    title: 'maritime: latest vessel position',
    version: '1.0.0',
    description:
      'The newest AIS position of one vessel in the last 30 days. No key needed: anonymous ' +
      'callers are limited to 60 requests a minute per IP and see positions once they are 15 ' +
      'minutes old; an X-API-Key raises both to its plan.',
  },
  servers: [{ url: '/' }],
  paths: {
    '/api/v1/ais/{provider}/{imo}/location/latest': {
      get: {
        operationId: 'getLatestLocation',
        summary: "A vessel's newest position",
        parameters: [
          {
            name: 'provider',
            in: 'path',
            required: true,
            description: 'combined: the newest fix from any source',
            schema: { type: 'string', enum: ['combined', 'terrestrial', 'satellite'] },
          },
          {
            name: 'imo',
            in: 'path',
            required: true,
            description: 'IMO number: 7 digits, the last a check digit',
            schema: { type: 'string', pattern: '^[0-9]{7}$' },
            example: '9074729',
          },
          {
            name: 'X-API-Key',
            in: 'header',
            required: false,
            schema: { type: 'string', pattern: '^mk_[0-9A-Za-z]{40}$' },
          },
        ],
        responses: {
          '200': {
            description: 'The newest position',
            headers: rateLimitHeaders,
            content: {
              'application/json': {
                schema: { $ref: '#/components/schemas/LatestLocationResponse' },
              },
            },
          },
          '400': errorResponse('A malformed IMO number', ['invalid_request']),
          '401': errorResponse('An unknown or revoked API key', ['invalid_api_key']),
          '404': errorResponse('Unknown provider, vessel, or no position in 30 days', [
            'provider_not_found',
            'vessel_not_found',
            'position_not_found',
          ]),
          '429': {
            ...errorResponse('Rate limit exceeded', ['rate_limited']),
            headers: {
              ...rateLimitHeaders,
              'Retry-After': {
                description: 'Seconds until a request will be counted again',
                schema: { type: 'integer', minimum: 1 },
              },
            },
          },
        },
      },
    },
  },
  components: {
    schemas: {
      Error: {
        type: 'object',
        required: ['error', 'code'],
        properties: {
          error: { type: 'string', description: 'What went wrong, for people' },
          code: { type: 'string', description: 'What went wrong, for programs' },
          details: {
            type: 'array',
            items: {
              type: 'object',
              required: ['field', 'message'],
              properties: { field: { type: 'string' }, message: { type: 'string' } },
            },
          },
        },
      },
      LatestLocationResponse: {
        type: 'object',
        required: ['location', 'provider', 'tier'],
        properties: {
          location: {
            type: 'object',
            required: [
              'imo_number',
              'mmsi',
              'vessel_name',
              'timestamp',
              'latitude',
              'longitude',
              'source',
              'age_seconds',
            ],
            properties: {
              imo_number: { type: 'string', pattern: '^[0-9]{7}$' },
              mmsi: { type: 'string', pattern: '^[2-7][0-9]{8}$' },
              vessel_name: { type: 'string' },
              timestamp: { type: 'string', format: 'date-time' },
              latitude: { type: 'number', minimum: -90, maximum: 90 },
              longitude: { type: 'number', minimum: -180, maximum: 180 },
              h3_index: { type: 'string', description: 'H3 cell at resolution 8' },
              speed_knots: { type: ['number', 'null'] },
              course_deg: { type: ['number', 'null'] },
              heading_deg: { type: ['integer', 'null'] },
              nav_status: { type: ['integer', 'null'] },
              draft_m: { type: ['number', 'null'] },
              source: { type: 'string', enum: ['terrestrial', 'satellite'] },
              age_seconds: { type: 'integer', minimum: 0 },
            },
          },
          provider: { type: 'string', enum: ['combined', 'terrestrial', 'satellite'] },
          tier: { type: 'string', enum: ['free', 'starter', 'pro', 'supply_chain_risk', 'admin'] },
        },
      },
    },
  },
} as const;
