// What the request log keeps of a request: its method and path, never its query string (email
// verification tokens and checkout ids travel in one), never cookies or authorization headers.
import type { FastifyRequest } from 'fastify';

export function pathOf(url: string): string {
  const q = url.indexOf('?');
  return q < 0 ? url : url.slice(0, q);
}

export const requestLogSerializers = {
  req(request: FastifyRequest) {
    return {
      method: request.method,
      url: pathOf(request.url),
      host: request.host,
      remoteAddress: request.ip,
      remotePort: request.socket?.remotePort,
    };
  },
};

export const REDACTED_PATHS = ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'];
