import { Module } from '@nestjs/common';

/** The web-search plugin and its SearXNG adapter. */
@Module({})
export class WebSearchModule {}
