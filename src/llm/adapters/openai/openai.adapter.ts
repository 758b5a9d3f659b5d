import OpenAI, { APIError, APIUserAbortError } from 'openai';
import { errorForStatus, LlmError, LlmErrorCode, redactSecret } from '../../llm.errors';
import type { StructuredGenerationRequest } from '../../llm.port';
import type { RawCompletion, RawLlmClient } from '../../raw-llm-client';

/** Settings of the OpenAI-compatible adapter. */
export interface OpenAiSettings {
  /** API key; local servers (Ollama, vLLM, LM Studio) accept any. */
  apiKey?: string;
  /** Model name, e.g. gpt-4o-mini or llama3.1. */
  model: string;
  /** Base URL, e.g. http://localhost:11434/v1 for Ollama; OpenAI's when absent. */
  baseUrl?: string;
}

/** A server said no to the json_schema response format: fall back to JSON mode for good. */
function rejectsJsonSchema(e: unknown): boolean {
  return e instanceof APIError && (e.status === 400 || e.status === 422) && /response_format|json_schema/i.test(e.message);
}

/**
 * Chat completions through the `openai` SDK, so OpenAI, Azure-style gateways, Ollama, vLLM and
 * LM Studio all work: JSON-schema response format where the server supports it, JSON mode (with
 * the schema in the prompt, validated afterwards) where it does not.
 */
export class OpenAiClient implements RawLlmClient {
  readonly provider = 'openai';
  private readonly openai: OpenAI;
  private jsonSchemaSupported = true;

  constructor(private readonly settings: OpenAiSettings) {
    this.openai = new OpenAI({ apiKey: settings.apiKey || 'not-needed', baseURL: settings.baseUrl, maxRetries: 0 });
  }

  async complete(request: StructuredGenerationRequest, signal: AbortSignal): Promise<RawCompletion> {
    try {
      return await this.call(request, signal, this.jsonSchemaSupported);
    } catch (e) {
      if (this.jsonSchemaSupported && rejectsJsonSchema(e)) {
        this.jsonSchemaSupported = false;
        return this.call(request, signal, false).catch((retry: unknown) => Promise.reject(this.mapError(retry, signal)));
      }
      throw this.mapError(e, signal);
    }
  }

  private async call(request: StructuredGenerationRequest, signal: AbortSignal, useJsonSchema: boolean): Promise<RawCompletion> {
    const system = useJsonSchema
      ? request.systemPrompt
      : `${request.systemPrompt}\n\nAnswer with one JSON object matching this JSON schema:\n${JSON.stringify(request.schema)}`;
    const images = request.images ?? [];
    const user: OpenAI.Chat.Completions.ChatCompletionUserMessageParam['content'] =
      images.length === 0
        ? request.userContent
        : [
            { type: 'text', text: request.userContent },
            ...images.map((i) => ({ type: 'image_url' as const, image_url: { url: `data:${i.mimeType};base64,${i.data.toString('base64')}` } })),
          ];
    const response = await this.openai.chat.completions.create(
      {
        model: this.settings.model,
        temperature: 0.2,
        messages: [
          { role: 'system', content: system },
          { role: 'user', content: user },
        ],
        response_format: useJsonSchema
          ? { type: 'json_schema', json_schema: { name: request.schemaName, schema: request.schema, strict: false } }
          : { type: 'json_object' },
      },
      { signal },
    );
    const text = response.choices[0]?.message?.content;
    if (!text) throw new LlmError(LlmErrorCode.InvalidOutput, `openai returned no content (finish reason ${response.choices[0]?.finish_reason ?? 'unknown'})`);
    return {
      text,
      model: response.model ?? this.settings.model,
      usage: { inputTokens: response.usage?.prompt_tokens ?? 0, outputTokens: response.usage?.completion_tokens ?? 0 },
    };
  }

  private mapError(e: unknown, signal: AbortSignal): unknown {
    if (e instanceof LlmError) return e;
    if (e instanceof APIUserAbortError || signal.aborted) return new LlmError(LlmErrorCode.Timeout, 'the model did not answer in time');
    // Redacted before clipping, so a key cut in half cannot survive either.
    const message = redactSecret((e as Error)?.message ?? String(e), this.settings.apiKey);
    if (e instanceof APIError && typeof e.status === 'number') return errorForStatus(e.status, `openai: ${message.slice(0, 300)}`);
    return new LlmError(LlmErrorCode.Connection, `could not reach the model: ${message}`);
  }
}
