// `npm run worker`: a process that only works the shared compile queue (REDIS_URL), with the same
// sandbox, formats and kept auxiliary files as a web process's compiler, and no HTTP server. Scale
// these apart from the web processes; SIGTERM lets running compiles finish, then exits 0.
import { join } from 'node:path';
import pino from 'pino';
import postgres from 'postgres';
import { fileBlobStore } from './blobs/file-store.js';
import { postgresBlobStore } from './blobs/pg-store.js';
import { ConfigError, loadConfig } from './config.js';
import { createSharedState } from './redis/connection.js';
import { createCompileService } from './latex/compile/index.js';
import { DEFAULT_KEPT_FILE_LIMITS } from './latex/compile/kept-files.js';
import { redisKeptFiles } from './latex/compile/redis-kept-files.js';
import { startCompileWorker } from './latex/compile/queue-worker.js';
import { createCompileBudgets } from './latex/compile/budget.js';
import { redisBudgetStore } from './latex/compile/redis-budget.js';
import { generatorPreambleReader, generatorPreambles } from './latex/generator-formats.js';

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig(process.env, { worker: true });
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  if (!config.redisUrl) {
    console.error('REDIS_URL is required: a compile worker takes its jobs from the shared queue in Redis.');
    process.exit(1);
  }
  const log = pino({ level: config.logLevel });
  const state = createSharedState(config.redisUrl);
  if (!(await state.ready())) log.warn('Redis (REDIS_URL) does not answer yet: the worker takes jobs once it does');
  // Uploaded images are copied into a job's directory from the store the web processes wrote them
  // to: PostgreSQL's large objects (two connections), or DATA_DIR/blobs on the same machine.
  const blobSql = config.databaseUrl ? postgres(config.databaseUrl, { max: 2, connect_timeout: 5, onnotice: () => {} }) : null;
  const storedFiles = blobSql ? postgresBlobStore(blobSql) : fileBlobStore(join(config.dataDir, 'blobs'));
  const service = createCompileService({
    storedFiles,
    timeoutMs: config.compile.timeoutMs,
    concurrency: config.compile.concurrency,
    dataDir: config.dataDir,
    allowUnsafeNoSandbox: config.compile.unsafeNoSandbox,
    warmFormats: config.compile.warmFormats,
    preambles: generatorPreambles,
    preambleReader: generatorPreambleReader,
    backends: { keptFiles: redisKeptFiles(state.redis, DEFAULT_KEPT_FILE_LIMITS) },
  });
  const health = await service.health();
  if (!health.texlive || !health.sandbox) {
    log.warn({ health }, 'TeX Live or the sandbox is missing: jobs will be answered with HTML previews');
  }
  // Charges only: the web processes check the budgets before they queue.
  const budgets = createCompileBudgets(redisBudgetStore(state.redis), () => config.compile.concurrency);
  const worker = startCompileWorker({ shared: state, concurrency: config.compile.concurrency, process: service.processJob, budgets, log });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    log.info({ signal }, 'compile worker shutting down');
    try {
      await worker.close();
      await service.close();
      await blobSql?.end({ timeout: 5 });
      await state.close();
      process.exit(0);
    } catch (err) {
      log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
  log.info({ worker: worker.name, concurrency: config.compile.concurrency }, 'compile worker is taking jobs');
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
