// buildApp(deps): the whole HTTP application, with no I/O at import and nothing listening. main.ts
// listens; tests call it in-process with inject().
import { join } from 'node:path';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import fastifyRateLimit from '@fastify/rate-limit';
import { serializerCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import { systemClock, type Clock } from './clock.js';
import type { Database } from './db/client.js';
import { createAuthRepository } from './auth/repository.js';
import { ACCOUNT_CHANNEL, createSessionCache } from './auth/session-cache.js';
import { followAnnouncements } from './db/notifications.js';
import { createAuthService } from './auth/service.js';
import { authRoutes } from './auth/routes.js';
import { createAccountService } from './auth/account-service.js';
import { accountRoutes } from './auth/account-routes.js';
import { registerErrorHandler } from './http/error-handler.js';
import { hygienicValidatorCompiler } from './http/input-hygiene.js';
import { REDACTED_PATHS, requestLogSerializers } from './http/request-log.js';
import { registerRequestGuards } from './http/request-guards.js';
import { registerSecurityHeaders } from './http/security-headers.js';
import { DEFAULT_BODY_LIMIT, registerRequestLimits } from './http/request-limits.js';
import { registerJsonBodies } from './http/json-body.js';
import { DEFAULT_RATE_LIMITS, rateLimitedAnswer, type RateLimits } from './http/rate-limits.js';
import { createSessionAuth } from './http/session.js';
import { registerOpenApi } from './http/openapi.js';
import { registerSpa } from './http/spa.js';
import { miscRoutes, type ReadinessCheck } from './http/misc-routes.js';
import { createOutboxMailer, createSmtpMailer, type Mailer } from './mail/mailer.js';
import { outboxRoutes } from './mail/outbox-routes.js';
import { createCompileService, type CompileService } from './latex/compile/index.js';
import type { GenerationEngine } from './latex/generate/engine.js';
import { createModelCatalogue, type LlmTuning } from './latex/generate/engines.js';
import { createLatexService } from './latex/service.js';
import { latexRoutes } from './latex/routes.js';
import { createDocumentRepository } from './documents/repository.js';
import { createVersionRepository } from './documents/versions.js';
import { createDocumentQuota } from './documents/quota.js';
import { documentRoutes } from './documents/routes.js';
import { createHistoryCache, HISTORY_CHANNEL } from './documents/history-cache.js';
import { createImageRepository } from './documents/images/repository.js';
import { imageRoutes, type ImageLimits } from './documents/images/routes.js';
import { exportRoutes } from './documents/export-routes.js';
import { createWordExporter, type WordExporter } from './latex/export/word-exporter.js';
import { createUsageRepository } from './usage/repository.js';
import { DEMO_PAGES_PREFIX, registerBilling, type BillingOverrides } from './billing/index.js';
import { createMetrics, registerMetrics } from './http/metrics.js';
import { setFailureReporter } from './latex/generate/builtin/counters.js';
import { instrumentCompiler } from './latex/compile-adapter.js';
import { generatorPreambleReader, generatorPreambles } from './latex/generator-formats.js';
import { CLIENT_DIR } from './paths.js';
import fastifyUnderPressure from '@fastify/under-pressure';
import { compileTextWork, createTextPool, type TextPool } from './latex/worker-pool/pool.js';
import type { TrustProxy } from './config.js';
import type { SharedState } from './redis/connection.js';
import { createSharedParts, startCompileWorker, type CompileWorker } from './shared-state.js';
import { blobStoreFor, type BlobStore } from './blobs/index.js';
import { createBlobSweeper } from './blobs/garbage.js';

/** Fastify's form of TRUST_PROXY: a hop count becomes "the last n addresses are proxies". */
function fastifyTrustProxy(value: TrustProxy): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof value === 'number') return (_address, hop) => hop < value;
  return value;
}

export interface AppDeps {
  config: Config;
  database: Database;
  /** Defaults to SMTP when configured, else the outbox in the data directory. */
  mailer?: Mailer;
  /**
   * Event-loop lag past which requests get a fast 503 (default 2500 ms; 0 turns shedding off).
   * In-process test apps turn it off: their PGlite shares the loop, and a starved test machine
   * is not the behaviour under test.
   */
  maxEventLoopDelayMs?: number;
  clock?: Clock;
  rateLimits?: RateLimits;
  /** Built client; defaults to dist/client in the checkout. */
  clientDir?: string;
  logger?: FastifyServerOptions['logger'];
  /** Defaults to an in-process sandboxed compile service configured from `config.compile`. */
  compiler?: CompileService;
  /** Defaults to the builtin generator. */
  engine?: GenerationEngine;
  /** Slow-client limits; the defaults cut off a slowloris client after 15 s of dribbled headers. */
  httpTimeouts?: { headersMs: number; requestMs: number; checkIntervalMs: number };
  /** Billing test hooks (fault injection in webhook fulfilment). */
  billing?: BillingOverrides;
  /** Backoff, circuit breaker and repair settings of the AI providers (tests). */
  llm?: LlmTuning;
  /** Image size limits below the product's 10 MB / 50 MB (tests). */
  imageLimits?: ImageLimits;
  /** The worker pool for text work; defaults to one the app owns, limited by config.text. */
  textPool?: TextPool;
  /** Redis connections to use instead of opening REDIS_URL's (the app closes neither kind). */
  sharedState?: SharedState;
  /** Where image and PDF bytes are kept; by default the database's (files beside PGlite, large objects in PostgreSQL). */
  blobs?: BlobStore;
  /** The Word conversion (default: pandoc in the compile sandbox, two at a time). */
  words?: WordExporter;
}

export const WEBHOOK_PREFIX = '/api/webhooks/';

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database } = deps;
  const clock = deps.clock ?? systemClock;
  const rateLimits = deps.rateLimits ?? DEFAULT_RATE_LIMITS;

  const timeouts = deps.httpTimeouts ?? { headersMs: 15_000, requestMs: 120_000, checkIntervalMs: 2_000 };
  const app = Fastify({
    http: { headersTimeout: timeouts.headersMs, requestTimeout: timeouts.requestMs, connectionsCheckingInterval: timeouts.checkIntervalMs },
    logger: deps.logger ?? { level: config.logLevel, redact: REDACTED_PATHS, serializers: requestLogSerializers },
    trustProxy: fastifyTrustProxy(config.trustProxy),
    // Routes that take documents raise it for themselves (request-limits.ts).
    bodyLimit: DEFAULT_BODY_LIMIT,
    // Slow clients are cut off instead of holding sockets forever.
    requestTimeout: timeouts.requestMs,
    connectionTimeout: 130_000,
    keepAliveTimeout: 10_000,
    genReqId: () => crypto.randomUUID(),
  });
  app.setValidatorCompiler(hygienicValidatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  registerJsonBodies(app);

  registerErrorHandler(app);

  const metrics = createMetrics();
  // With REDIS_URL: limits, cache, guards, PDFs and compile jobs shared by every process.
  const shared = config.redisUrl || deps.sharedState ? createSharedParts(config, metrics, deps.sharedState) : null;
  const ownsSharedState = shared !== null && !deps.sharedState;
  if (shared && !(await shared.state.ready())) app.log.warn('Redis (REDIS_URL) does not answer yet: requests that need it get 503 until it does');
  // Without Redis this process is the only compiler; with it, COMPILE_WORKER says whether it is one.
  const compilesHere = !shared || config.compile.worker;

  const mailer =
    deps.mailer ??
    (config.smtpUrl
      ? createSmtpMailer(config.smtpUrl, config.mailFrom)
      : createOutboxMailer(join(config.dataDir, 'outbox'), config.mailFrom, app.log));

  await app.register(fastifyCookie);
  registerSecurityHeaders(app, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        workerSrc: ["'self'", 'blob:'],
        frameSrc: ["'self'", 'blob:', 'data:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        // Open in Overleaf posts the LaTeX to Overleaf's documented /docs endpoint (docs/product.md, Exports).
        formAction: ["'self'", 'https://www.overleaf.com'],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: config.publicUrl.startsWith('https:') ? [] : null,
      },
    },
    // Same-origin isolation would break opening PDFs in a new tab; keep the defaults otherwise.
    crossOriginEmbedderPolicy: false,
    hsts: config.publicUrl.startsWith('https:'),
  });
  await app.register(fastifyRateLimit, {
    global: false,
    ...(shared ? { store: shared.rateLimitStore } : {}),
    errorResponseBuilder: rateLimitedAnswer,
  });

  // Shed load with a fast 503 when the event loop lags, instead of answering everyone late.
  await app.register(fastifyUnderPressure, {
    // High enough that a busy CI machine or a burst of PGlite work does not shed a session check.
    maxEventLoopDelay: deps.maxEventLoopDelayMs ?? 2500,
    retryAfter: 5,
    message: 'The server is under heavy load. Please try again in a few seconds.',
    exposeStatusRoute: false,
  });
  registerRequestGuards(app, { publicUrl: config.publicUrl, exemptPrefixes: [WEBHOOK_PREFIX], formPrefixes: [DEMO_PAGES_PREFIX] });
  app.addHook('onSend', async (request, reply, payload) => {
    // API answers are never cached, except those that say how (the hash-addressed PDFs).
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    return payload;
  });

  const authRepo = createAuthRepository(database.db);
  // The signed-in user of a request without a query, as long as the database's announcements arrive.
  const sessions = createSessionCache((id, nowMs) => authRepo.findSession(id, nowMs));
  // The history page's list likewise (GET /api/documents), forgotten when a user's documents change.
  const history = createHistoryCache();
  const announcements = [
    await followAnnouncements(database.subscribe, ACCOUNT_CHANNEL, sessions),
    await followAnnouncements(database.subscribe, HISTORY_CHANNEL, history),
  ];
  app.addHook('onClose', async () => announcements.forEach((a) => a.close()));
  const auth = createAuthService({ repo: authRepo, mailer, clock, publicUrl: config.publicUrl, log: app.log, sessions });
  const session = createSessionAuth((token) => auth.userForSession(token), { publicUrl: config.publicUrl });
  const account = createAccountService({ repo: authRepo, mailer, clock, publicUrl: config.publicUrl, log: app.log });
  // Before any route: every API request is counted, and a visitor's body refused, before it is read.
  registerRequestLimits(app, { session, rateLimits, exemptPrefixes: [WEBHOOK_PREFIX] });

  await registerOpenApi(app, { publicUrl: config.publicUrl });
  // Failures of the generator's optional fast paths are bugs to see in the log, not silence.
  setFailureReporter((err, where) => app.log.error({ err }, where));
  registerMetrics(app, metrics, { token: config.metricsToken, production: config.production, ...(shared ? { collect: () => shared.collectMetrics() } : {}) });
  const blobs = deps.blobs ?? blobStoreFor(database, config.dataDir);
  const sweeper = createBlobSweeper(database.db, blobs, (err) => app.log.warn({ err }, 'removing unused blobs failed'));
  sweeper.start();
  const ownsTextPool = !deps.textPool;
  const textPool =
    deps.textPool ?? createTextPool({ taskTimeoutMs: config.text.taskTimeoutMs, onError: (err) => app.log.warn({ err }, 'text worker pool') });
  const ownsCompiler = !deps.compiler;
  const ownCompiler = deps.compiler
    ? null
    : createCompileService({
        timeoutMs: config.compile.timeoutMs,
        concurrency: config.compile.concurrency,
        // A short queue: past two waiting per slot, a quick 503 with Retry-After beats a long wait.
        queueSize: config.compile.concurrency * 2,
        dataDir: config.dataDir,
        allowUnsafeNoSandbox: config.compile.unsafeNoSandbox,
        warmFormats: config.compile.warmFormats && compilesHere,
        textWork: compileTextWork(textPool),
        preambles: generatorPreambles,
        preambleReader: generatorPreambleReader,
        storedFiles: blobs,
        ...(shared ? { backends: shared.compileBackends } : {}),
      });
  const compiler = instrumentCompiler(deps.compiler ?? ownCompiler!, metrics);
  const worker: CompileWorker | null =
    shared && ownCompiler && compilesHere
      ? startCompileWorker({ shared: shared.state, concurrency: config.compile.concurrency, process: ownCompiler.processJob, budgets: shared.budgets, log: app.log })
      : null;
  const documents = createDocumentRepository(database.db);
  const versions = createVersionRepository(database.db);
  const images = createImageRepository(database.db);
  const quota = createDocumentQuota(documents, config.documents);
  const models = createModelCatalogue(config.llm, { compiler, text: textPool, log: app.log, ...(deps.llm ? { tuning: deps.llm } : {}) });
  const latex = createLatexService({
    db: database.db,
    clock,
    engine: deps.engine ?? models.engine,
    models,
    compiler,
    documents,
    versions,
    usage: createUsageRepository(),
    quota,
    images,
    blobs,
    ...(shared ? { guard: shared.guard, compileGuard: shared.compileGuard, pdfs: shared.pdfs } : {}),
    onCharged: (engine) => metrics.generationsCharged.inc({ engine }),
  });

  const readiness: ReadinessCheck[] = [
    {
      name: 'database',
      check: async () => {
        await database.ping();
        return true;
      },
    },
    {
      // Without TeX Live the app still serves HTML previews, so this is reported, not required.
      name: 'compile',
      optional: true,
      check: async () => {
        const health = await compiler.health();
        return health.texlive && health.sandbox;
      },
    },
  ];
  // Reported, not required: pages, sessions and history work without Redis, and the requests that
  // need it answer 503 by themselves; an unready pod would take those pages away too.
  if (shared) readiness.push({ name: 'redis', optional: true, check: () => shared.state.ping() });

  await app.register(authRoutes, { auth, session, clock, rateLimits });
  await app.register(accountRoutes, { account, session, clock, rateLimits });
  await app.register(latexRoutes, { session, latex, models, text: textPool });
  await app.register(documentRoutes, { db: database.db, session, documents, history, latex, quota, rateLimits, versions });
  await app.register(imageRoutes, {
    session,
    images,
    blobs,
    quota,
    ownsDocument: async (userId, documentId) => (await documents.get(userId, documentId)) !== null,
    ...(deps.imageLimits ? { limits: deps.imageLimits } : {}),
  });
  const words = deps.words ?? createWordExporter({ allowUnsafeNoSandbox: config.compile.unsafeNoSandbox });
  await app.register(exportRoutes, { session, documents, images, blobs, words, rateLimits });
  await registerBilling(app, { config, db: database.db, clock, session, ...(deps.billing ? { overrides: deps.billing } : {}) });
  await app.register(miscRoutes, { rateLimits, readiness });
  await app.register(outboxRoutes, { mailer, production: config.production });
  await registerSpa(app, deps.clientDir ?? CLIENT_DIR);

  app.addHook('onClose', async () => {
    sweeper.stop();
    await account.drain();
    await mailer.close();
    // The worker finishes its running jobs before the queue's connections close.
    await worker?.close();
    if (ownsCompiler) await compiler.close();
    if (!deps.words) await words.close();
    if (ownsTextPool) await textPool.close();
    if (ownsSharedState) await shared.state.close();
  });
  return app;
}
