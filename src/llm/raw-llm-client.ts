import type { StructuredGenerationRequest, TokenUsage } from './llm.port';

/** What a provider returned, before parsing and validation. */
export interface RawCompletion {
  text: string;
  usage: TokenUsage;
  model: string;
}

/** One provider call, no retries, no validation: the resilient layer adds those. */
export interface RawLlmClient {
  readonly provider: string;
  complete(request: StructuredGenerationRequest, signal: AbortSignal): Promise<RawCompletion>;
}
