import { ApiError, GoogleGenAI } from '@google/genai';
import { errorForStatus, LlmError, LlmErrorCode, redactSecret } from '../../llm.errors';
import type { StructuredGenerationRequest } from '../../llm.port';
import type { RawCompletion, RawLlmClient } from '../../raw-llm-client';

/** Settings of the Gemini adapter. */
export interface GeminiSettings {
  apiKey: string;
  /** Model name, e.g. gemini-2.5-flash. */
  model: string;
  /** Base URL of the API (proxies, tests); the SDK default when absent. */
  baseUrl?: string;
}

/** Gemini through Google's @google/genai SDK: JSON output constrained by a response schema. */
export class GeminiClient implements RawLlmClient {
  readonly provider = 'gemini';
  private readonly ai: GoogleGenAI;

  constructor(private readonly settings: GeminiSettings) {
    // The SDK's own retries are off: the resilient layer owns retries and the time budget.
    this.ai = new GoogleGenAI({ apiKey: settings.apiKey, httpOptions: { baseUrl: settings.baseUrl, retryOptions: { attempts: 1 } } });
  }

  async complete(request: StructuredGenerationRequest, signal: AbortSignal): Promise<RawCompletion> {
    const parts = [
      { text: request.userContent },
      ...(request.images ?? []).map((image) => ({ inlineData: { mimeType: image.mimeType, data: image.data.toString('base64') } })),
    ];
    try {
      const response = await this.ai.models.generateContent({
        model: this.settings.model,
        contents: [{ role: 'user', parts }],
        config: {
          systemInstruction: request.systemPrompt,
          responseMimeType: 'application/json',
          responseJsonSchema: request.schema,
          temperature: 0.2,
          abortSignal: signal,
        },
      });
      const text = response.text;
      if (!text)
        throw new LlmError(LlmErrorCode.InvalidOutput, `gemini returned no text (finish reason ${response.candidates?.[0]?.finishReason ?? 'unknown'})`);
      return {
        text,
        model: response.modelVersion ?? this.settings.model,
        usage: { inputTokens: response.usageMetadata?.promptTokenCount ?? 0, outputTokens: response.usageMetadata?.candidatesTokenCount ?? 0 },
      };
    } catch (e) {
      if (e instanceof LlmError) throw e;
      // Redacted before clipping, so a key cut in half cannot survive either.
      if (e instanceof ApiError) throw errorForStatus(e.status, `gemini: ${redactSecret(e.message, this.settings.apiKey).slice(0, 300)}`);
      throw e;
    }
  }
}
