import 'reflect-metadata';
import { loadConfig, processEnvironment, MaritimeConfig } from '@platform/config';
import { runService } from '@platform/http';
import { createApp } from './create-app';

void runService(
  'maritime',
  () => loadConfig(MaritimeConfig, processEnvironment()),
  (config) => createApp(config),
);
