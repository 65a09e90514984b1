export { ServicePlatformModule } from './service-platform.module';
export type { ServicePlatformOptions } from './service-platform.module';
