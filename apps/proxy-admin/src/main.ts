import 'reflect-metadata';
import { loadConfig, processEnvironment, ProxyAdminConfig } from '@platform/config';
import { runService } from '@platform/http';
import { createApp } from './create-app';

void runService(
  'proxy-admin',
  () => loadConfig(ProxyAdminConfig, processEnvironment()),
  (config) => createApp(config),
);
