export { definePlatformApp } from './define-platform-app';
export type { PlatformApp, PlatformAppDefinition, PlatformAppOptions } from './define-platform-app';
export { ServicePlatformModule } from './service-platform.module';
export type { ServicePlatformOptions } from './service-platform.module';
