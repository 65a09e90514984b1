import { loadConfig, ProxyAdminConfig } from '@platform/config';
import { describeServiceConformance } from '@platform/testing';
import { createApp } from '../src/create-app';
import { migrations } from '../src/migrations';

describeServiceConformance({
  service: 'proxy-admin',
  databaseService: 'proxy_admin',
  redisPrefixBase: 'pa:',
  migrations,
  errorShape: 'openai',
  env: { ADMIN_SECRET: 'conformance-admin-secret-0123456789' },
  loadConfig: (env) => loadConfig(ProxyAdminConfig, env),
  createApp,
  mainFile: 'apps/proxy-admin/src/main.ts',
});
