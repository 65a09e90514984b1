import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, OpenAPIObject, SwaggerModule } from '@nestjs/swagger';

export interface OpenApiOptions {
  title: string;
  description: string;
  version: string;
  /** Security schemes the routes refer to by name. */
  configure?: (builder: DocumentBuilder) => DocumentBuilder;
  /** Adds what decorators cannot describe (routes served outside Nest's router). */
  extend?: (document: OpenAPIObject) => void;
}

/** Serves Swagger UI at /docs and the document at /openapi.json. */
export function setupOpenApi(app: INestApplication, options: OpenApiOptions): OpenAPIObject {
  let builder = new DocumentBuilder()
    .setTitle(options.title)
    .setDescription(options.description)
    .setVersion(options.version);
  if (options.configure) builder = options.configure(builder);
  const document = SwaggerModule.createDocument(app, builder.build());
  options.extend?.(document);
  SwaggerModule.setup('docs', app, document, {
    jsonDocumentUrl: 'openapi.json',
    raw: ['json'],
    customSiteTitle: `${options.title} docs`,
  });
  return document;
}
