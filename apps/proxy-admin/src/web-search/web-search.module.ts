import { Module } from '@nestjs/common';
import { SearxngClient } from './searxng.client';
import { WebSearchService } from './web-search.service';

/** The web-search plugin and its SearXNG adapter. */
@Module({
  providers: [SearxngClient, WebSearchService],
  exports: [WebSearchService],
})
export class WebSearchModule {}
