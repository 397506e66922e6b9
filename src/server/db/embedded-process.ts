// The embedded database's own process: PGlite on its data folder behind the PostgreSQL wire protocol
// (pglite-socket) on a private Unix socket, so no query ever runs on a web process's event loop and
// the app talks to it with the same driver as to PostgreSQL. Started and watched by embedded.ts.
// It ends when its parent goes (the IPC channel closes), even after a kill -9 of the parent, and
// ignores the terminal's Ctrl-C: the parent stops it once its own requests have finished.
import { mkdirSync, rmSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';

const [dir, socketPath] = process.argv.slice(2);
if (!dir || !socketPath || !process.send) {
  console.error('usage: forked by the app with the data folder and the socket path');
  process.exit(2);
}

if (!dir.startsWith('memory://')) mkdirSync(dir, { recursive: true });
const db = await PGlite.create(dir);
const server = new PGLiteSocketServer({ db, path: socketPath });
// A process killed before (kill -9) leaves its socket file; clients see "refused" until this one listens.
rmSync(socketPath, { force: true });
await server.start();

let stopping = false;
async function stop(): Promise<void> {
  if (stopping) return;
  stopping = true;
  await server.stop().catch(() => {});
  // Closing flushes PGlite's files: the data folder is consistent for the next start.
  await db.close().catch(() => {});
  process.exit(0);
}
process.on('disconnect', () => void stop());
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => {});
process.send({ ready: true });
