// One error handler for the whole API: client errors keep their message, server errors are logged
// with the request's context and hidden behind a generic message. Domain errors get their status
// here, from their kind, and nowhere else.
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { DomainError, type DomainErrorKind } from '../domain-errors.js';
import { HttpError } from './errors.js';
import { pathOf } from './request-log.js';

const STATUS_OF_KIND: Record<DomainErrorKind, number> = {
  invalid: 400,
  unauthorized: 401,
  payment_required: 402,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  too_large: 413,
  unprocessable: 422,
  rate_limited: 429,
  cancelled: 499,
  failed: 500,
  busy: 503,
};

/** The HTTP answer for an error the client may see (HttpError or DomainError); null for anything else. */
export function clientAnswer(error: unknown): { status: number; body: Record<string, unknown>; headers: Record<string, string> } | null {
  if (error instanceof HttpError) return { status: error.statusCode, body: { message: error.message, ...error.extra }, headers: error.headers };
  if (error instanceof DomainError) {
    const headers: Record<string, string> = error.retryAfterSeconds !== undefined ? { 'retry-after': String(Math.max(1, Math.ceil(error.retryAfterSeconds))) } : {};
    return { status: STATUS_OF_KIND[error.kind], body: { message: error.message, ...error.extra }, headers };
  }
  return null;
}

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError | Error, request, reply) => {
    const answer = clientAnswer(error);
    if (answer) {
      // A failure of ours keeps its product message, and is logged with what caused it.
      if (answer.status === 500) request.log.error({ err: error, url: pathOf(request.url), method: request.method }, 'request failed');
      void reply.headers(answer.headers).code(answer.status).send(answer.body);
      return;
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      void reply.code(400).send({ message: first?.message ?? 'Invalid request', errors: error.validation.map((v) => v.message) });
      return;
    }
    const status = (error as FastifyError).statusCode;
    const retryAfter = (error as { retryAfterSeconds?: unknown }).retryAfterSeconds;
    if (typeof retryAfter === 'number') void reply.header('retry-after', String(Math.max(1, Math.ceil(retryAfter))));
    if (status === 503) {
      void reply.code(503).send({ message: error.message || 'The service is busy. Please try again shortly.' });
      return;
    }
    if (status === 429) {
      void reply.code(429).send({ message: error.message || 'Too many requests. Please try again later.' });
      return;
    }
    if (typeof status === 'number' && status >= 400 && status < 500) {
      // A body past its route's limit is not drained: the connection closes after the answer.
      if ((error as FastifyError).code === 'FST_ERR_CTP_BODY_TOO_LARGE') void reply.header('connection', 'close');
      void reply.code(status).send({ message: clientMessage(error as FastifyError) });
      return;
    }
    request.log.error({ err: error, url: pathOf(request.url), method: request.method }, 'request failed');
    if (isDatabaseUnavailable(error)) {
      void reply.code(503).header('retry-after', '5').send({ message: 'The service is temporarily unavailable. Please try again shortly.' });
      return;
    }
    void reply.code(500).send({ message: 'Something went wrong on our side. Please try again.' });
  });
}

function clientMessage(error: FastifyError): string {
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'The request is too large.';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'Content-Type must be application/json.';
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'The request body is not valid JSON.';
    default:
      return error.message || 'Bad request';
  }
}

const CONNECTION_ERRORS = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'CONNECT_TIMEOUT', 'CONNECTION_CLOSED', 'CONNECTION_ENDED', '57P01', '57P03']);

export function isDatabaseUnavailable(error: unknown): boolean {
  let e: unknown = error;
  for (let depth = 0; e && depth < 4; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && CONNECTION_ERRORS.has(code)) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}
