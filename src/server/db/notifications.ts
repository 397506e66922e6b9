// PostgreSQL notifications (LISTEN/NOTIFY) for what a process keeps in memory about the database:
// a NOTIFY is sent when its transaction commits, to every listening connection, so a process hears
// of a change as soon as anyone can see it. Every connection of the pool listens (PGlite has one):
// a session hears its own notifications before the answer to its COMMIT, so this process's own
// changes are heard before the code that made them goes on (a connection of its own for listening
// would hear them a moment later, after a request that followed could have been answered). When a
// connection closes, notifications may be missed until all listen again: subscribers are told
// (`gap`) at once, and again (`listening`) once they do, so what they keep is never trusted across
// a gap. The pool's connections are taken all at once to LISTEN (reserve()), so nothing in the app
// may wait on a second connection while it holds one (PGlite, one connection, forbids that anyway);
// taking them is given up after a few seconds and tried again, the cache unused meanwhile.
import type { Sql } from 'postgres';

export interface Subscriber {
  message(payload: string): void;
  /** Notifications may be missed from now on (the connection closed): trust nothing kept. */
  gap(): void;
  /** Listening (again): from now on every notification arrives. */
  listening(): void;
}

export interface Subscription {
  /** Whether every notification since `listening()` has arrived (no gap since). */
  readonly live: boolean;
  close(): void;
}

/** What a process keeps per user and forgets when the database announces a change to that user. */
export interface KeptPerUser {
  forgetUser(userId: number): void;
  /** Announcements may be missed (false) or arrive again (true). */
  setLive(live: boolean): void;
}

/** Keeps `kept` true to `channel`, whose payload is a user's id: forgets on every announcement, trusts nothing across a gap. */
export async function followAnnouncements(
  subscribe: (channel: string, subscriber: Subscriber) => Promise<Subscription>,
  channel: string,
  kept: KeptPerUser,
): Promise<Subscription> {
  const subscription = await subscribe(channel, {
    message: (userId) => kept.forgetUser(Number(userId)),
    gap: () => kept.setLive(false),
    listening: () => kept.setLive(true),
  });
  if (subscription.live) kept.setLive(true);
  return subscription;
}

const RETRY_MS = 1000;
/** How long taking every connection to LISTEN may wait for busy ones. */
const TAKE_ALL_MS = 5000;

/** A channel name as an SQL identifier (our names only: letters, digits, underscores). */
function identifier(channel: string): string {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`not a channel name: ${channel}`);
  return `"${channel}"`;
}

export class NotificationHub {
  private readonly channels = new Map<string, Set<Subscriber>>();
  private client: Sql | null = null;
  private connections = 1;
  private live = false;
  private closed = false;
  private retry: NodeJS.Timeout | null = null;
  /** Subscribers told `listening()` since the last gap: their channel is LISTENed on every connection. */
  private readonly told = new Set<Subscriber>();

  /** postgres.js options for the listening connection. */
  readonly clientOptions = {
    onnotify: (channel: string, payload: string) => {
      for (const subscriber of this.channels.get(channel) ?? []) subscriber.message(payload);
    },
    onclose: () => this.lost(),
  };

  /** The pool that listens, and its size (every connection LISTENs). */
  attach(client: Sql, connections: number): void {
    this.client = client;
    this.connections = connections;
  }

  async subscribe(channel: string, subscriber: Subscriber): Promise<Subscription> {
    let subscribers = this.channels.get(channel);
    if (!subscribers) {
      subscribers = new Set();
      this.channels.set(channel, subscribers);
    }
    subscribers.add(subscriber);
    await this.listen();
    const isLive = () => this.live && this.told.has(subscriber) && subscribers.has(subscriber);
    return {
      get live() {
        return isLive();
      },
      close: () => {
        subscribers.delete(subscriber);
        this.told.delete(subscriber);
      },
    };
  }

  close(): void {
    this.closed = true;
    this.live = false;
    if (this.retry) clearTimeout(this.retry);
  }

  /** LISTENs on every channel on every connection (opening closed ones); tells subscribers once it has. */
  private async listen(): Promise<void> {
    const client = this.client;
    if (this.closed || !client) return;
    const taken: Array<Awaited<ReturnType<Sql['reserve']>>> = [];
    let gaveUp = false;
    try {
      const all = Promise.all(
        Array.from({ length: this.connections }, async () => {
          const reserved = await client.reserve();
          if (gaveUp) return reserved.release();
          taken.push(reserved);
          for (const channel of this.channels.keys()) await reserved.unsafe(`LISTEN ${identifier(channel)}`);
        }),
      );
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error('connections busy')), TAKE_ALL_MS)));
      await Promise.race([all, late]).finally(() => clearTimeout(timer));
    } catch {
      gaveUp = true;
      this.scheduleRetry();
      return;
    } finally {
      for (const reserved of taken) reserved.release();
    }
    // A close during the LISTENs has told the subscribers of a gap, and listens again itself.
    if (this.retry || this.closed) return;
    this.live = true;
    // A channel subscribed while live is LISTENed only now: its subscribers are told now, not before.
    for (const subscribers of this.channels.values()) {
      for (const s of subscribers) {
        if (this.told.has(s)) continue;
        this.told.add(s);
        s.listening();
      }
    }
  }

  private lost(): void {
    if (this.closed) return;
    const wasLive = this.live;
    this.live = false;
    this.told.clear();
    if (wasLive) for (const subscribers of this.channels.values()) for (const s of subscribers) s.gap();
    this.scheduleRetry();
  }

  private scheduleRetry(): void {
    if (this.retry || this.closed) return;
    this.retry = setTimeout(() => {
      this.retry = null;
      void this.listen();
    }, RETRY_MS);
    this.retry.unref();
  }
}
