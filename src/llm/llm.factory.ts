import { GeminiClient } from './adapters/gemini/gemini.adapter';
import { NoLlmAdapter } from './adapters/offline/no-llm.adapter';
import { OpenAiClient } from './adapters/openai/openai.adapter';
import type { LlmPort } from './llm.port';
import { LLM_PROVIDERS, LlmSettings } from './llm.settings';
import { ResilientLlm } from './resilient-llm';

/** The one place that picks an adapter; an unknown provider is refused with the allowed list. */
export function createLlmPort(settings: LlmSettings): LlmPort {
  switch (settings.provider) {
    case 'offline':
      return new NoLlmAdapter();
    case 'gemini':
      return new ResilientLlm(new GeminiClient(settings.gemini), settings.resilience);
    case 'openai':
      return new ResilientLlm(new OpenAiClient(settings.openai), settings.resilience);
    default: {
      const unknown = (settings as { provider: unknown }).provider;
      throw new Error(`Unknown LLM provider "${String(unknown)}"; use one of: ${LLM_PROVIDERS.join(', ')}`);
    }
  }
}
