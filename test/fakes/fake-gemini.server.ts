import { FakeLlmServer, RecordedRequest } from './fake-llm-server';

/** Gemini's generateContent wire format (v1beta), as @google/genai speaks it. */
export function createFakeGemini(): FakeLlmServer {
  return new FakeLlmServer({
    matches: (method, path) => method === 'POST' && /^\/v1beta\/models\/[^/:]+:generateContent/.test(path),
    success: (text: string, request: RecordedRequest) => ({
      candidates: [{ content: { role: 'model', parts: [{ text }] }, finishReason: 'STOP', index: 0 }],
      usageMetadata: {
        promptTokenCount: JSON.stringify(request.body).length >> 2,
        candidatesTokenCount: text.length >> 2,
        totalTokenCount: (JSON.stringify(request.body).length + text.length) >> 2,
      },
      modelVersion: decodeURIComponent(request.path.split('/models/')[1]?.split(':')[0] ?? 'fake'),
    }),
    error: (status, message) => ({
      error: { code: status, message, status: status === 429 ? 'RESOURCE_EXHAUSTED' : status >= 500 ? 'INTERNAL' : 'INVALID_ARGUMENT' },
    }),
  });
}
