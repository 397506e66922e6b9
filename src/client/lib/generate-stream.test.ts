// The SSE reader behind streamed generation: events split across chunks, the final result, an
// error event as an ApiError, and servers that answer plain JSON.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api';
import { createSseParser, generateWithProgress } from './generate-stream';

const RESULT = {
  latex: '\\documentclass{article}\\begin{document}x\\end{document}',
  title: 'T',
  documentId: 7,
  engine: 'fake-model-a',
  usage: { current: 1, limit: 3, refillCredits: 0, resetDate: '2026-12-01T00:00:00.000Z' },
};

function streamResponse(chunks: string[], status = 200): Response {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const c of chunks) controller.enqueue(new TextEncoder().encode(c));
      controller.close();
    },
  });
  return new Response(body, { status, headers: { 'content-type': 'text/event-stream' } });
}

afterEach(() => vi.unstubAllGlobals());

describe('createSseParser', () => {
  it('joins events split across chunks and skips comments', () => {
    const p = createSseParser();
    expect(p.push('event: stage\ndata: {"a"')).toEqual([]);
    expect(p.push(':1}\n\n: keep-alive\n\nevent: result\r\ndata: 2\r\n\r\n')).toEqual([
      { event: 'stage', data: '{"a":1}' },
      { event: 'result', data: '2' },
    ]);
    expect(p.push('data: tail')).toEqual([]);
    expect(p.end()).toEqual([{ event: 'message', data: 'tail' }]);
  });
});

describe('generateWithProgress', () => {
  it('reports stages and resolves with the result, sending the model and the headers', async () => {
    const fetchMock = vi.fn(async () =>
      streamResponse([
        'event: stage\ndata: {"stage":"writing","message":"Writing…","attempt":1}\n\n',
        'event: stage\ndata: {"stage":"checking","message":"Checking it compiles…","attempt":1}\n\nevent: res',
        `ult\ndata: ${JSON.stringify(RESULT)}\n\n`,
      ]),
    );
    vi.stubGlobal('fetch', fetchMock);
    const stages: string[] = [];
    const result = await generateWithProgress(
      { content: 'notes', documentType: 'article', model: 'fake-model-a' },
      { idempotencyKey: 'key-12345678', onStage: (s) => stages.push(s.message) },
    );
    expect(result).toEqual(RESULT);
    expect(stages).toEqual(['Writing…', 'Checking it compiles…']);
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/latex/generate');
    expect(init.credentials).toBe('include');
    expect(init.headers).toMatchObject({ Accept: 'text/event-stream', 'Content-Type': 'application/json', 'Idempotency-Key': 'key-12345678' });
    expect(JSON.parse(init.body as string)).toMatchObject({ model: 'fake-model-a' });
  });

  it('turns an error event and a non-OK answer into ApiErrors with the server message', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => streamResponse(['event: stage\ndata: {"stage":"writing","message":"Writing…"}\n\n', 'event: error\ndata: {"status":402,"message":"limit","limit":3}\n\n'])));
    const err = await generateWithProgress({ content: 'x' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 402, serverMessage: 'limit', body: { limit: 3 } });

    vi.stubGlobal('fetch', vi.fn(async () => new Response('{"message":"Unknown model \\"x\\"."}', { status: 400 })));
    const bad = await generateWithProgress({ content: 'x', model: 'x' }).catch((e: unknown) => e);
    expect(bad).toMatchObject({ status: 400, serverMessage: 'Unknown model "x".' });
  });

  it('accepts a plain JSON answer, and fails clearly when the stream ends without a result', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify(RESULT), { headers: { 'content-type': 'application/json' } })));
    expect(await generateWithProgress({ content: 'x' })).toEqual(RESULT);
    vi.stubGlobal('fetch', vi.fn(async () => streamResponse(['event: stage\ndata: {"stage":"writing","message":"Writing…"}\n\n'])));
    await expect(generateWithProgress({ content: 'x' })).rejects.toThrow(/closed before the document was ready/);
  });
});
