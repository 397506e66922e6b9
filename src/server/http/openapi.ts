// The API described as OpenAPI 3, generated from the same zod schemas that validate requests
// (@fastify/swagger collects every route; fastify-type-provider-zod turns the schemas into JSON
// Schema), served at /api/openapi.json. Register it before the routes it should describe.
import fastifySwagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

export const OPENAPI_PATH = '/api/openapi.json';

export async function registerOpenApi(app: FastifyInstance, options: { publicUrl: string }): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.0.3',
      info: { title: 'AI Latex Generator API', version: '1.0.0', description: 'Notes to LaTeX, compiled to PDF; accounts, history and billing.' },
      servers: [{ url: options.publicUrl }],
    },
    transform: jsonSchemaTransform,
  });
  app.get(OPENAPI_PATH, { schema: { hide: true } }, async () => app.swagger());
}
