import { loadConfig, MaritimeConfig } from '@platform/config';
import { describeServiceConformance } from '@platform/testing';
import { createApp } from '../src/create-app';
import { migrations } from '../src/migrations';

describeServiceConformance({
  service: 'maritime',
  databaseService: 'maritime',
  redisPrefixBase: 'mar:',
  migrations,
  errorShape: 'code',
  env: {},
  loadConfig: (env) => loadConfig(MaritimeConfig, env),
  createApp,
  mainFile: 'apps/maritime/src/main.ts',
});
