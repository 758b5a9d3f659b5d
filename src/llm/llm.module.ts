import { ConfigurableModuleBuilder, Module } from '@nestjs/common';
import { createLlmPort } from './llm.factory';
import { LlmPort } from './llm.port';
import type { LlmSettings } from './llm.settings';

/** Which model to call (provider settings), or the host application's own LlmPort implementation. */
export type LlmModuleOptions = LlmSettings | { port: LlmPort };

/** The port the options describe: the host's own, or an adapter built from the settings. */
export function llmPortFrom(options: LlmModuleOptions | undefined): LlmPort {
  if (!options) return createLlmPort({ provider: 'offline' });
  return 'port' in options ? options.port : createLlmPort(options);
}

/**
 * The port a product module uses, built from that module's own `llm` option. A separate token
 * from LlmPort, so a host may inject LlmModule's LlmPort into those options without a cycle.
 */
export const MODULE_LLM = Symbol('MODULE_LLM');

export const { ConfigurableModuleClass: LlmConfigurableModule, MODULE_OPTIONS_TOKEN: LLM_MODULE_OPTIONS } = new ConfigurableModuleBuilder<LlmModuleOptions>()
  .setClassMethodName('forRoot')
  .build();

/**
 * Provides one LlmPort. Import `LlmModule.forRoot(...)` (or `forRootAsync`) where the port is
 * needed, or pass the same DynamicModule to several modules' `imports` to share one port
 * (one circuit breaker, one connection pool).
 */
@Module({
  providers: [{ provide: LlmPort, inject: [LLM_MODULE_OPTIONS], useFactory: llmPortFrom }],
  exports: [LlmPort],
})
export class LlmModule extends LlmConfigurableModule {}
