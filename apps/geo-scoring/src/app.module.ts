import { DynamicModule, Module } from '@nestjs/common';
import { GeoScoringConfig } from '@platform/config';
import { ServicePlatformModule } from '@platform/platform';
import { migrations } from './migrations';

export interface AppModuleOptions {
  /** Where logs go; stdout by default. */
  logDestination?: NodeJS.WritableStream;
}

@Module({})
export class AppModule {
  static forRoot(config: GeoScoringConfig, options: AppModuleOptions = {}): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ServicePlatformModule.forRoot(config, {
          migrations,
          logDestination: options.logDestination,
        }),
      ],
    };
  }
}
