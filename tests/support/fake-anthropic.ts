// A loopback Anthropic Messages API with scripted replies, for the real `@anthropic-ai/sdk`.
// See fake-llm-server.ts.
import type { ServerResponse } from 'node:http';
import { chunks, startFakeLlmServer, type Dialect, type FakeLlmServer } from './fake-llm-server.js';

export type { FakeLlmServer, ScriptedReply, RecordedRequest } from './fake-llm-server.js';

let counter = 0;

function event(type: string, data: Record<string, unknown>): string {
  return `event: ${type}\ndata: ${JSON.stringify({ type, ...data })}\n\n`;
}

function messageStart(res: ServerResponse, model: unknown): void {
  counter += 1;
  res.writeHead(200, { 'content-type': 'text/event-stream' });
  res.write(
    event('message_start', {
      message: {
        id: `msg_fake_${counter}`,
        type: 'message',
        role: 'assistant',
        content: [],
        model,
        stop_reason: null,
        stop_sequence: null,
        usage: { input_tokens: 1, output_tokens: 1 },
      },
    }),
  );
  res.write(event('content_block_start', { index: 0, content_block: { type: 'text', text: '' } }));
}

const anthropic: Dialect = {
  matches: (path) => path.endsWith('/v1/messages'),
  writeText(res, text, body) {
    if (body['stream'] === true) {
      messageStart(res, body['model']);
      for (const part of chunks(text)) res.write(event('content_block_delta', { index: 0, delta: { type: 'text_delta', text: part } }));
      res.write(event('content_block_stop', { index: 0 }));
      res.write(event('message_delta', { delta: { stop_reason: 'end_turn', stop_sequence: null }, usage: { output_tokens: 1 } }));
      res.end(event('message_stop', {}));
      return;
    }
    counter += 1;
    res.writeHead(200, { 'content-type': 'application/json' }).end(
      JSON.stringify({
        id: `msg_fake_${counter}`,
        type: 'message',
        role: 'assistant',
        model: body['model'],
        content: [{ type: 'text', text }],
        stop_reason: 'end_turn',
        stop_sequence: null,
        usage: { input_tokens: 1, output_tokens: 1 },
      }),
    );
  },
  startStream(res, body, firstText) {
    messageStart(res, body['model']);
    res.write(event('content_block_delta', { index: 0, delta: { type: 'text_delta', text: firstText } }));
  },
  writeError(res, status, message, headers) {
    const type = status === 429 ? 'rate_limit_error' : status === 529 ? 'overloaded_error' : status >= 500 ? 'api_error' : 'invalid_request_error';
    res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify({ type: 'error', error: { type, message } }));
  },
};

/** Base URL without /v1 (the SDK adds it), like ANTHROPIC_BASE_URL. */
export function startFakeAnthropic(): Promise<FakeLlmServer> {
  return startFakeLlmServer(anthropic, '');
}
