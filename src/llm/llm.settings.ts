import type { GeminiSettings } from './adapters/gemini/gemini.adapter';
import type { OpenAiSettings } from './adapters/openai/openai.adapter';
import type { ResilienceOptions } from './resilient-llm';

export const LLM_PROVIDERS = ['offline', 'gemini', 'openai'] as const;
export type LlmProviderName = (typeof LLM_PROVIDERS)[number];

/** Which model to use and how hard to try; `offline` uses none. */
export type LlmSettings =
  | { provider: 'offline' }
  | { provider: 'gemini'; gemini: GeminiSettings; resilience: ResilienceOptions }
  | { provider: 'openai'; openai: OpenAiSettings; resilience: ResilienceOptions };
