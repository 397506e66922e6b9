// Security headers on every answer (Content-Security-Policy, HSTS, nosniff, frame and referrer
// policies), by Helmet, built once: @fastify/helmet builds Helmet again on every request, parsing the
// policy each time (about a tenth of a hot route's CPU in bench/profile-http.ts), while Helmet's
// middleware built once only sets the headers it has prepared.
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

export function registerSecurityHeaders(app: FastifyInstance, options: Readonly<HelmetOptions>): void {
  const setHeaders = helmet(options);
  app.addHook('onRequest', (request, reply, done) => {
    setHeaders(request.raw, reply.raw, (err?: unknown) => done(err instanceof Error ? err : undefined));
  });
}
