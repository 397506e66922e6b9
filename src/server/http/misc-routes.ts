// Small routes with no domain of their own: the not-found page's status report and health checks.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { rateLimitConfig, type RateLimits } from './rate-limits.js';

export interface ReadinessCheck {
  name: string;
  check(): Promise<boolean>;
  /** A failing optional check is reported but does not make the app unready. */
  optional?: boolean;
}

export async function miscRoutes(app: FastifyInstance, deps: { rateLimits: RateLimits; readiness: ReadinessCheck[] }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  // The client's 404 page reports the path it could not find; nothing is stored.
  r.post(
    '/api/set-status',
    {
      schema: {
        querystring: z.object({
          status: z.coerce.number().int().min(100).max(599),
          path: z.string().max(2048).optional(),
        }),
      },
      config: rateLimitConfig(deps.rateLimits.setStatus),
    },
    async (request, reply) => {
      request.log.info({ status: request.query.status, path: request.query.path }, 'client reported a status');
      return reply.code(204).send();
    },
  );

  app.get('/healthz', async () => ({ status: 'ok' }));

  app.get('/readyz', async (_request, reply) => {
    const results = await Promise.all(
      deps.readiness.map(async (c) => ({ name: c.name, optional: c.optional ?? false, ok: await c.check().catch(() => false) })),
    );
    const ready = results.every((c) => c.ok || c.optional);
    return reply.code(ready ? 200 : 503).send({
      status: ready ? 'ready' : 'unavailable',
      checks: Object.fromEntries(results.map((c) => [c.name, c.ok])),
    });
  });
}
