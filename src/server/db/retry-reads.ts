// A read that meets a connection the server has just closed is run again (a few times), on a fresh one.
// When PostgreSQL ends its connections (a restart, a failover, pg_terminate_backend), the pool
// learns of each only when it reads the socket: a query sent first on such a connection fails
// though the database is up again, and the user would get a 503 for nothing. A SELECT changes
// nothing, so running it again is safe; writes are never run twice (one may have committed before
// the connection closed), and a transaction's queries are not wrapped (postgres.js hands a
// transaction a client of its own).
import type { Sql } from 'postgres';

/** The connection closed under the query (not: the server cannot be reached, which a retry would only wait on again). */
const CLOSED_UNDER = new Set(['57P01', '57P02', 'CONNECTION_CLOSED', 'CONNECTION_ENDED', 'ECONNRESET']);

export function closedUnder(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && CLOSED_UNDER.has(code);
}

/** How many times a read is sent in all when its connection closed under it. */
const READ_TRIES = 4;

function isRead(query: string): boolean {
  return /^\s*select\b/i.test(query.slice(0, 64));
}

type Unsafe = Sql['unsafe'];

/** `sql` with its `unsafe` (what Drizzle sends every query through) running a read again once when its connection closed under it. */
export function retryingReads(sql: Sql): Sql {
  const unsafe: Unsafe = sql.unsafe.bind(sql);
  const wrapped = (query: string, params?: Parameters<Unsafe>[1], options?: Parameters<Unsafe>[2]) => {
    if (!isRead(query)) return unsafe(query, params, options);
    // (Each closed connection the pool hands out fails once and is dropped: when every connection was
    // ended, the next may be closed too. A few tries, then the error stands.)
    const run = <T>(take: (q: ReturnType<Unsafe>) => PromiseLike<T>, tries = READ_TRIES): Promise<T> =>
      Promise.resolve(take(unsafe(query, params, options))).catch((error: unknown) => {
        if (!closedUnder(error) || tries <= 1) throw error;
        return run(take, tries - 1);
      });
    // What Drizzle uses of a pending query: awaiting it (rows as objects) or its values (rows as arrays).
    return {
      then: <A, B>(ok?: (rows: Awaited<ReturnType<Unsafe>>) => A | PromiseLike<A>, fail?: (error: unknown) => B | PromiseLike<B>) => run((q) => q).then(ok, fail),
      values: () => run((q) => q.values()),
    };
  };
  return new Proxy(sql, {
    get: (target, key, receiver) => (key === 'unsafe' ? wrapped : Reflect.get(target, key, receiver)),
  });
}
