import { LlmError, LlmErrorCode } from '../../llm.errors';
import { LlmPort, StructuredGenerationRequest, StructuredGenerationResult } from '../../llm.port';

/** LLM_PROVIDER=offline: no model; callers check `enabled` and use the offline engines. */
export class NoLlmAdapter extends LlmPort {
  readonly provider = 'offline';
  readonly enabled = false;

  async generateStructured<T>(_request: StructuredGenerationRequest): Promise<StructuredGenerationResult<T>> {
    throw new LlmError(LlmErrorCode.Disabled, 'no language model is configured (LLM_PROVIDER=offline)');
  }
}
