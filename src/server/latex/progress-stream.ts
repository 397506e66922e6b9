// POST /api/latex/generate with `Accept: text/event-stream`: the generation's stages as
// server-sent events (`stage`), then one `result` (the same JSON the plain call answers) or one
// `error` ({ status, message }). The stream opens on the first stage, so errors found before any
// work (bad model, usage limit, not signed in) keep their ordinary HTTP status and JSON body.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { GENERATION_STAGE_LABELS, type GenerateResponse, type GenerationStage, type StageEvent } from '../../shared/api/latex.js';
import { clientAnswer } from '../http/error-handler.js';
import { pathOf } from '../http/request-log.js';

const HEARTBEAT_MS = 15_000;

export function wantsEventStream(request: FastifyRequest): boolean {
  return /\btext\/event-stream\b/i.test(request.headers.accept ?? '');
}

type Progress = (stage: GenerationStage, attempt?: number) => void;

/** Aborts when the connection closes before the answer was sent (the user closed the tab). */
export function clientGone(reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  reply.raw.once('close', () => {
    if (!reply.raw.writableFinished) controller.abort();
  });
  return controller.signal;
}

export async function streamGeneration(
  request: FastifyRequest,
  reply: FastifyReply,
  run: (onProgress: Progress, signal: AbortSignal) => Promise<GenerateResponse>,
): Promise<void> {
  const signal = clientGone(reply);
  let open = false;
  let heartbeat: NodeJS.Timeout | undefined;
  const raw = reply.raw;

  const start = () => {
    if (open) return;
    open = true;
    reply.hijack();
    const headers: Record<string, string | string[] | number> = {};
    for (const [name, value] of Object.entries(reply.getHeaders())) if (value !== undefined) headers[name] = value;
    raw.writeHead(200, {
      ...headers,
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      // Proxies such as nginx would otherwise hold the events back.
      'x-accel-buffering': 'no',
    });
    heartbeat = setInterval(() => {
      if (!raw.writableEnded) raw.write(': keep-alive\n\n');
    }, HEARTBEAT_MS);
  };
  const send = (event: string, data: unknown) => {
    start();
    if (!raw.writableEnded && !raw.destroyed) raw.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  };
  const finish = () => {
    if (heartbeat) clearInterval(heartbeat);
    if (!raw.writableEnded) raw.end();
  };

  try {
    const result = await run((stage, attempt) => {
      const event: StageEvent = { stage, message: GENERATION_STAGE_LABELS[stage], ...(attempt !== undefined ? { attempt } : {}) };
      send('stage', event);
    }, signal);
    send('result', result);
    finish();
  } catch (err) {
    if (!open) throw err; // nothing sent yet: the ordinary error handler answers
    const answer = clientAnswer(err);
    if (answer) {
      send('error', { ...answer.body, status: answer.status });
    } else {
      request.log.error({ err, url: pathOf(request.url) }, 'streamed generation failed');
      send('error', { status: 500, message: 'Something went wrong on our side. Please try again.' });
    }
    finish();
  }
}
