// The session cookie: an opaque token in an httpOnly, SameSite=Lax cookie. When the app's public
// address is https the cookie is always Secure and named with the __Host- prefix (the browser
// then refuses it over http, from a subdomain, or with another path); otherwise it is Secure only
// on requests that arrived over https. `requireUser` loads the signed-in user once per request.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { NewSession } from '../auth/service.js';
import type { UserRow } from '../db/schema.js';
import { unauthorized } from './errors.js';

export const SESSION_COOKIE = 'sid';
export const SECURE_SESSION_COOKIE = '__Host-sid';

export type UserLoader = (token: string) => Promise<UserRow | null>;

export function createSessionAuth(loadUser: UserLoader, options: { publicUrl: string }) {
  const httpsOnly = options.publicUrl.startsWith('https:');
  const name = httpsOnly ? SECURE_SESSION_COOKIE : SESSION_COOKIE;
  const secure = (request: FastifyRequest) => httpsOnly || request.protocol === 'https';
  const loaded = new WeakMap<FastifyRequest, Promise<UserRow | null>>();

  function readToken(request: FastifyRequest): string | undefined {
    const value = request.cookies[name];
    return value && /^[A-Za-z0-9_-]{20,100}$/.test(value) ? value : undefined;
  }

  function getUser(request: FastifyRequest): Promise<UserRow | null> {
    let pending = loaded.get(request);
    if (!pending) {
      const token = readToken(request);
      pending = token ? loadUser(token) : Promise.resolve(null);
      loaded.set(request, pending);
    }
    return pending;
  }

  return {
    cookieName: name,
    readToken,
    getUser,
    async requireUser(request: FastifyRequest): Promise<UserRow> {
      const user = await getUser(request);
      if (!user) throw unauthorized('Not authenticated');
      return user;
    },
    setCookie(request: FastifyRequest, reply: FastifyReply, session: NewSession): void {
      void reply.setCookie(name, session.token, {
        path: '/',
        httpOnly: true,
        sameSite: 'lax',
        secure: secure(request),
        // A browser-session cookie unless "Remember me"; the server expires both on its own too.
        ...(session.persistent ? { expires: session.expiresAt } : {}),
      });
    },
    clearCookie(request: FastifyRequest, reply: FastifyReply): void {
      void reply.clearCookie(name, { path: '/', httpOnly: true, sameSite: 'lax', secure: secure(request) });
    },
  };
}

export type SessionAuth = ReturnType<typeof createSessionAuth>;
