// Starts the server: reads the configuration, opens the database (applying migrations), listens,
// and shuts down gracefully on SIGTERM/SIGINT (in-flight requests finish, new ones are refused).
import { join } from 'node:path';
import { ConfigError, loadConfig } from './config.js';
import { openDatabase, pgliteDirFor } from './db/client.js';
import { buildApp } from './app.js';
import { blobStoreFor } from './blobs/index.js';
import { adoptStoredBytes } from './blobs/adopt.js';

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  // The app's logger once it exists; until then the database's messages go to stderr.
  const logs: { to?: { warn(o: object, m: string): void; fatal(m: string): void } } = {};
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: pgliteDirFor(config.dataDir),
    onEmbeddedRestart: (info) => (logs.to ? logs.to.warn(info, 'the embedded database process stopped and was started again') : console.error('the embedded database process was restarted', info)),
    onEmbeddedFatal: (message) => {
      if (logs.to) logs.to.fatal(message);
      else console.error(message);
      process.exit(1);
    },
  });
  // Bytes stored before blobs existed move into the store once (blobs/adopt.ts).
  const blobs = blobStoreFor(database, config.dataDir);
  const adopted = await adoptStoredBytes(database, blobs);
  const app = await buildApp({ config, database, blobs });
  logs.to = app.log;
  if (adopted.images + adopted.pdfs > 0) app.log.info(adopted, 'moved stored images and PDFs into the blob store');

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    try {
      await app.close();
      await database.close();
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    { url: config.publicUrl, database: database.kind, mail: config.smtpUrl ? 'smtp' : 'outbox', payments: config.stripe ? 'stripe' : 'demo' },
    `AI Latex Generator is ready at ${config.publicUrl}`,
  );
  if (config.redisUrl) app.log.info({ compileWorker: config.compile.worker }, 'shared state and the compile queue are in Redis (REDIS_URL)');
  if (!config.smtpUrl) {
    app.log.info(config.production ? `Emails are written as files to ${join(config.dataDir, 'outbox')} (ALLOW_OUTBOX_MAIL)` : `Emails go to the outbox: ${config.publicUrl}/dev/outbox`);
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
