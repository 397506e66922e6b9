// A loopback OpenAI-compatible chat-completions API (what Ollama, vLLM, llama.cpp server, OpenRouter
// and Groq also speak) with scripted replies, for the real `openai` SDK. See fake-llm-server.ts.
import type { ServerResponse } from 'node:http';
import { chunks, startFakeLlmServer, type Dialect, type FakeLlmServer } from './fake-llm-server.js';

export type { FakeLlmServer, ScriptedReply, RecordedRequest } from './fake-llm-server.js';

let counter = 0;

function chunk(model: unknown, delta: Record<string, unknown>, finish: string | null): string {
  const event = {
    id: `chatcmpl-fake-${counter}`,
    object: 'chat.completion.chunk',
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [{ index: 0, delta, finish_reason: finish }],
  };
  return `data: ${JSON.stringify(event)}\n\n`;
}

const openai: Dialect = {
  matches: (path) => path.endsWith('/chat/completions'),
  writeText(res: ServerResponse, text, body) {
    counter += 1;
    if (body['stream'] === true) {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write(chunk(body['model'], { role: 'assistant', content: '' }, null));
      for (const part of chunks(text)) res.write(chunk(body['model'], { content: part }, null));
      res.write(chunk(body['model'], {}, 'stop'));
      res.end('data: [DONE]\n\n');
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' }).end(
      JSON.stringify({
        id: `chatcmpl-fake-${counter}`,
        object: 'chat.completion',
        created: Math.floor(Date.now() / 1000),
        model: body['model'],
        choices: [{ index: 0, message: { role: 'assistant', content: text }, finish_reason: 'stop' }],
        usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
      }),
    );
  },
  startStream(res, body, firstText) {
    counter += 1;
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    res.write(chunk(body['model'], { role: 'assistant', content: firstText }, null));
  },
  writeError(res, status, message, headers) {
    res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(
      JSON.stringify({ error: { message, type: status === 429 ? 'rate_limit_exceeded' : 'server_error', code: null } }),
    );
  },
};

/** Base URL ends in /v1, like the real API's. */
export function startFakeOpenAi(): Promise<FakeLlmServer> {
  return startFakeLlmServer(openai, '/v1');
}
