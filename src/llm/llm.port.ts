/** A JSON schema (draft 2020-12 subset: object, array, string, number, integer, boolean, enum). */
export type JsonSchema = Record<string, unknown>;

/** An image sent along with the prompt (nameplate photos). */
export interface LlmImage {
  /** MIME type, e.g. image/jpeg. */
  mimeType: string;
  data: Buffer;
}

/** One structured-generation call. */
export interface StructuredGenerationRequest {
  /** Instructions the model must follow; never contains untrusted text. */
  systemPrompt: string;
  /** The task data, including untrusted text, clearly delimited. */
  userContent: string;
  /** Optional images for vision-capable models. */
  images?: LlmImage[];
  /** Schema the answer must match; it is validated after the call whatever the provider promises. */
  schema: JsonSchema;
  /** Short name of the schema (some providers require one). */
  schemaName: string;
  /** Time budget for the whole call including retries, in milliseconds. */
  timeoutMs?: number;
}

/** Tokens a call consumed, as the provider reported them (0 when it did not). */
export interface TokenUsage {
  inputTokens: number;
  outputTokens: number;
}

/** A validated answer. */
export interface StructuredGenerationResult<T> {
  data: T;
  usage: TokenUsage;
  /** Provider that answered (gemini, openai, or a host's own). */
  provider: string;
  model: string;
}

/**
 * The one thing the service asks of a language model: JSON matching a schema. Adapters for
 * Gemini and OpenAI-compatible servers implement it; a host application may bind its own.
 */
export abstract class LlmPort {
  /** Name reported in X-Diagnosis-Source and logs; `offline` when no model is configured. */
  abstract readonly provider: string;
  /** False when no model is configured: callers then use the offline engines only. */
  abstract readonly enabled: boolean;
  /** Generates JSON that matches `request.schema`; throws LlmError when it cannot. */
  abstract generateStructured<T>(request: StructuredGenerationRequest): Promise<StructuredGenerationResult<T>>;
}
