import { DynamicModule, Global, Module } from '@nestjs/common';
import { ConfigModule } from '@nestjs/config';
import { APP_CONFIG, AppConfig } from './app-config';

/** Makes the validated AppConfig injectable everywhere as APP_CONFIG. */
@Global()
@Module({})
export class AppConfigModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: AppConfigModule,
      imports: [ConfigModule.forRoot({ ignoreEnvFile: true, load: [() => ({ app: config })] })],
      providers: [{ provide: APP_CONFIG, useValue: config }],
      exports: [APP_CONFIG],
    };
  }
}
