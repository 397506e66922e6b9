// The session cookie: an opaque token in an httpOnly, SameSite=Lax cookie; Secure over HTTPS.
// `requireUser` loads the signed-in user once per request.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { NewSession } from '../auth/service.js';
import type { UserRow } from '../db/schema.js';
import { unauthorized } from './errors.js';

export const SESSION_COOKIE = 'sid';

export function readSessionToken(request: FastifyRequest): string | undefined {
  const value = request.cookies[SESSION_COOKIE];
  return value && /^[A-Za-z0-9_-]{20,100}$/.test(value) ? value : undefined;
}

export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, session: NewSession): void {
  void reply.setCookie(SESSION_COOKIE, session.token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
    // A browser-session cookie unless "Remember me"; the server expires both on its own too.
    ...(session.persistent ? { expires: session.expiresAt } : {}),
  });
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply): void {
  void reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure: request.protocol === 'https' });
}

export type UserLoader = (token: string) => Promise<UserRow | null>;

const loaded = new WeakMap<FastifyRequest, Promise<UserRow | null>>();

export function createSessionAuth(loadUser: UserLoader) {
  function getUser(request: FastifyRequest): Promise<UserRow | null> {
    let pending = loaded.get(request);
    if (!pending) {
      const token = readSessionToken(request);
      pending = token ? loadUser(token) : Promise.resolve(null);
      loaded.set(request, pending);
    }
    return pending;
  }
  return {
    getUser,
    async requireUser(request: FastifyRequest): Promise<UserRow> {
      const user = await getUser(request);
      if (!user) throw unauthorized('Not authenticated');
      return user;
    },
  };
}

export type SessionAuth = ReturnType<typeof createSessionAuth>;
