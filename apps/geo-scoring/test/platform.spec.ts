import { loadConfig, GeoScoringConfig } from '@platform/config';
import { describeServiceConformance } from '@platform/testing';
import { createApp } from '../src/create-app';
import { migrations } from '../src/migrations';

describeServiceConformance({
  service: 'geo-scoring',
  databaseService: 'geo_scoring',
  redisPrefixBase: 'geo:',
  migrations,
  errorShape: 'code',
  env: {},
  loadConfig: (env) => loadConfig(GeoScoringConfig, env),
  createApp,
  mainFile: 'apps/geo-scoring/src/main.ts',
});
