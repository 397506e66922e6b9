// Cross-site request refusal and JSON-only bodies: together they close the CSRF doors a cookie
// session leaves open (a cross-site form can send text/plain or urlencoded, never application/json).
// A route that takes a file's bytes says so in its config (`binaryUpload`); it accepts the binary
// types, which a cross-site form cannot send either.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from './errors.js';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
export const BINARY_UPLOAD_TYPES = ['application/octet-stream', 'image/png', 'image/jpeg', 'application/pdf'];

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route's body is a file's bytes (one of BINARY_UPLOAD_TYPES), not JSON. */
    binaryUpload?: boolean;
  }
}

function isBinaryType(type: string): boolean {
  const bare = type.split(';')[0]!.trim().toLowerCase();
  return BINARY_UPLOAD_TYPES.includes(bare);
}

export interface GuardOptions {
  publicUrl: string;
  /** Paths (prefixes) that accept other content types and cross-site posts, e.g. signed webhooks. */
  exemptPrefixes: string[];
  /** Paths (prefixes) of server-rendered pages whose forms post urlencoded bodies; still same-site only. */
  formPrefixes?: string[];
}

export function registerRequestGuards(app: FastifyInstance, options: GuardOptions): void {
  const publicOrigin = new URL(options.publicUrl).origin;
  const exempt = (url: string) => options.exemptPrefixes.some((p) => url.startsWith(p));
  const acceptsForms = (url: string) => (options.formPrefixes ?? []).some((p) => url.startsWith(p));

  app.addHook('onRequest', async (request) => {
    if (!STATE_CHANGING.has(request.method) || exempt(request.url)) return;
    if (isCrossSite(request, publicOrigin)) {
      throw new HttpError(403, 'Cross-site requests are not allowed.');
    }
    const type = request.headers['content-type'];
    if (type !== undefined && acceptsForms(request.url) && /^application\/x-www-form-urlencoded\s*(;|$)/i.test(type)) return;
    if (type !== undefined && request.routeOptions.config?.binaryUpload && isBinaryType(type)) return;
    if (type !== undefined && !/^application\/json\s*(;|$)/i.test(type)) {
      throw new HttpError(415, 'Content-Type must be application/json.');
    }
  });
}

function isCrossSite(request: FastifyRequest, publicOrigin: string): boolean {
  const site = request.headers['sec-fetch-site'];
  if (site === 'cross-site' || site === 'same-site') return true;
  const origin = request.headers.origin;
  if (!origin) return false;
  if (origin === 'null') return true;
  if (origin === publicOrigin) return false;
  try {
    return new URL(origin).host !== request.headers.host;
  } catch {
    return true;
  }
}
