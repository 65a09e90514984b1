import 'reflect-metadata';
import { loadConfig, processEnvironment, GeoScoringConfig } from '@platform/config';
import { runService } from '@platform/http';
import { createApp } from './create-app';

void runService(
  'geo-scoring',
  () => loadConfig(GeoScoringConfig, processEnvironment()),
  (config) => createApp(config),
);
