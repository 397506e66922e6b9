// Serves the built client from dist/client on the same port as the API. Unknown /api paths get a
// JSON 404; any other unknown GET gets index.html so the client router can show its pages.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';

export async function registerSpa(app: FastifyInstance, clientDir: string): Promise<void> {
  const indexPath = join(clientDir, 'index.html');
  const hasClient = existsSync(indexPath);
  if (hasClient) {
    await app.register(fastifyStatic, {
      root: clientDir,
      wildcard: false,
      index: false,
      setHeaders(res, path) {
        // Vite fingerprints everything under assets/, so it can be cached for good.
        if (path.includes(`${join(clientDir, 'assets')}`)) res.header('cache-control', 'public, max-age=31536000, immutable');
      },
    });
  }
  const indexHtml = hasClient ? readFileSync(indexPath, 'utf8') : undefined;

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    if (path.startsWith('/api/') || path === '/api' || request.method !== 'GET') {
      return reply.code(404).send({ message: 'Not found' });
    }
    if (!indexHtml) {
      return reply
        .code(503)
        .type('text/plain; charset=utf-8')
        .send('The web client is not built. Run `npm start` (or `npm run build`) to build it.');
    }
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(indexHtml);
  });
}
