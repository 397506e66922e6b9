// Typed errors thrown by services; the one error handler turns them into status + { message }.

export class HttpError extends Error {
  constructor(
    public readonly statusCode: number,
    message: string,
    /** Extra fields sent beside `message` (e.g. requiresEmailVerification). */
    public readonly extra: Record<string, unknown> = {},
    public readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (message: string, extra?: Record<string, unknown>) => new HttpError(400, message, extra);
export const unauthorized = (message = 'Not authenticated') => new HttpError(401, message);
export const forbidden = (message: string, extra?: Record<string, unknown>) => new HttpError(403, message, extra);
export const notFound = (message = 'Not found') => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);
export const tooManyRequests = (message: string, retryAfterSeconds?: number) =>
  new HttpError(429, message, {}, retryAfterSeconds ? { 'retry-after': String(retryAfterSeconds) } : {});
export const serviceUnavailable = (message: string, retryAfterSeconds = 5) =>
  new HttpError(503, message, {}, { 'retry-after': String(retryAfterSeconds) });
