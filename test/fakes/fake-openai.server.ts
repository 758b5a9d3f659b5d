import { FakeLlmServer, RecordedRequest } from './fake-llm-server';

/** OpenAI's chat-completions wire format, as the `openai` SDK speaks it (base URL ends in /v1). */
export function createFakeOpenAi(): FakeLlmServer {
  return new FakeLlmServer({
    matches: (method, path) => method === 'POST' && path === '/v1/chat/completions',
    success: (text: string, request: RecordedRequest) => ({
      id: `chatcmpl-fake-${Date.now()}`,
      object: 'chat.completion',
      created: Math.floor(Date.now() / 1000),
      model: String(request.body.model ?? 'fake'),
      choices: [{ index: 0, message: { role: 'assistant', content: text }, finish_reason: 'stop' }],
      usage: {
        prompt_tokens: JSON.stringify(request.body).length >> 2,
        completion_tokens: text.length >> 2,
        total_tokens: (JSON.stringify(request.body).length + text.length) >> 2,
      },
    }),
    error: (status, message) => ({ error: { message, type: status === 429 ? 'rate_limit_exceeded' : 'server_error', code: null } }),
  });
}
