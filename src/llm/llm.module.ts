import { DynamicModule, Global, Module } from '@nestjs/common';
import { createLlmPort } from './llm.factory';
import { LlmPort } from './llm.port';
import type { LlmSettings } from './llm.settings';

/** Provides the LlmPort chosen by the settings (or a host's own implementation). */
@Global()
@Module({})
export class LlmModule {
  static forRoot(settings: LlmSettings | { port: LlmPort }): DynamicModule {
    const provider = 'port' in settings ? { provide: LlmPort, useValue: settings.port } : { provide: LlmPort, useFactory: () => createLlmPort(settings) };
    return { module: LlmModule, providers: [provider], exports: [LlmPort] };
  }
}
