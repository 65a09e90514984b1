export { errorOf, expectErrorBody } from './error-shape';
export type { ErrorShape } from './error-shape';
export { readBody, sendJson, startFakeServer } from './fake-http-server';
export type { FakeServer, FakeServerOptions } from './fake-http-server';
export { freePort } from './free-port';
export { LogCapture } from './log-capture';
export { describeServiceConformance } from './service-conformance';
export type { ConformanceOptions } from './service-conformance';
export { runToExit, spawnService } from './service-process';
export type { ServiceProcess } from './service-process';
export { fetchJson, harnessForFile, startServiceHarness, TEST_NOW } from './service-harness';
export type { JsonReply, ServiceHarness, ServiceHarnessOptions } from './service-harness';
export { sourceTreeHash } from './source-hash';
export { startTcpProxy } from './tcp-proxy';
export type { TcpProxy } from './tcp-proxy';
export { createTestCertificate } from './test-certificate';
export type { TestCertificate } from './test-certificate';
export { startTestApp, waitFor } from './test-app';
export type { RunningTestApp } from './test-app';
export {
  deleteRedisPrefix,
  isolateService,
  testEnvironment,
  uniqueRedisPrefix,
} from './test-environment';
export type { IsolatedServiceResources } from './test-environment';
export { startWebhookReceiver } from './webhook-receiver';
export type { ReceivedWebhook, ReceiverAnswer, WebhookReceiver } from './webhook-receiver';
export { createTestCa, issueTestCertificate, TEST_SERVER_NAMES } from './test-ca';
export type { TestCa } from './test-ca';
export {
  describeStandaloneBuild,
  installStandaloneBuild,
  packagesRequiredBy,
} from './standalone-build';
export type { StandaloneBuild } from './standalone-build';
export { CHROMIUM_PATH, ensureChromium, launchChromium, spkiHash } from './chromium';
export type { LaunchChromiumOptions } from './chromium';
