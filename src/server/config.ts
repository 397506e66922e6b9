// The one place that reads process.env: every variable of the README's table, validated with zod so a bad
// value stops start-up with a message naming each variable that is wrong. With
// NODE_ENV=production the development conveniences (the mail outbox, the demo payments) must be
// asked for by name, or start-up stops.
import { isIP } from 'node:net';
import { cpus } from 'node:os';
import { resolve } from 'node:path';
import { z } from 'zod';
import { TIERS, type Tier } from '../shared/plans.js';

const optionalString = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()));

const booleanFlag = z
  .string()
  .optional()
  .transform((v, ctx) => {
    if (v === undefined || v === '') return false;
    if (/^(1|true|yes|on)$/i.test(v)) return true;
    if (/^(0|false|no|off)$/i.test(v)) return false;
    ctx.addIssue({ code: 'custom', message: 'must be true or false' });
    return z.NEVER;
  });

const url = (protocols: string[]) =>
  optionalString.refine((v) => v === undefined || (URL.canParse(v) && protocols.includes(new URL(v).protocol)), {
    message: `must be a URL (${protocols.join(' or ')})`,
  });

const positiveInt = (fallback: number) =>
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v.trim() === '') return fallback;
      const n = Number(v);
      if (!Number.isInteger(n) || n <= 0) {
        ctx.addIssue({ code: 'custom', message: 'must be a positive whole number' });
        return z.NEVER;
      }
      return n;
    });

/**
 * TRUST_PROXY: how many proxies stand in front of the app (a hop count), or which addresses are
 * proxies (IPs, CIDRs, or proxy-addr's names loopback, linklocal, uniquelocal). `true` would trust
 * whatever X-Forwarded-For a client sends, so it is refused.
 */
export type TrustProxy = false | number | string[];

const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

export function parseTrustProxy(value: string | undefined): TrustProxy | string {
  const v = value?.trim() ?? '';
  if (v === '' || /^(false|no|off)$/i.test(v)) return false;
  if (/^(true|yes|on)$/i.test(v)) {
    return 'true would trust any X-Forwarded-For a client sends; give the number of proxies in front of the app (e.g. 1) or their addresses/CIDRs (e.g. 10.0.0.0/8,loopback)';
  }
  if (/^\d{1,3}$/.test(v)) return Number(v) === 0 ? false : Number(v);
  const entries = v.split(',').map((s) => s.trim()).filter(Boolean);
  for (const entry of entries) {
    if (PROXY_NAMES.has(entry)) continue;
    const slash = entry.indexOf('/');
    const address = slash < 0 ? entry : entry.slice(0, slash);
    const family = isIP(address);
    const prefix = slash < 0 ? '' : entry.slice(slash + 1);
    const prefixOk = prefix === '' || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 6 ? 128 : 32));
    if (family === 0 || !prefixOk) return `"${entry}" is not a hop count, an IP address, a CIDR or one of loopback, linklocal, uniquelocal`;
  }
  return entries;
}

const list = optionalString.transform((v) =>
  v === undefined ? [] : v.split(',').map((s) => s.trim()).filter(Boolean),
);

export const EnvSchema = z.object({
  NODE_ENV: optionalString,
  PORT: positiveInt(5000).refine((p) => p < 65536, 'must be a port number'),
  HOST: optionalString,
  DATA_DIR: optionalString,
  DATABASE_URL: url(['postgres:', 'postgresql:']),
  PUBLIC_URL: url(['http:', 'https:']),
  TRUST_PROXY: optionalString.transform((v, ctx) => {
    const parsed = parseTrustProxy(v);
    if (typeof parsed === 'string') {
      ctx.addIssue({ code: 'custom', message: parsed });
      return z.NEVER;
    }
    return parsed;
  }),
  ALLOW_OUTBOX_MAIL: booleanFlag,
  ALLOW_DEMO_PAYMENTS: booleanFlag,
  METRICS_TOKEN: optionalString.refine((v) => v === undefined || v.length >= 16, 'must be at least 16 characters'),
  TEXT_TASK_TIMEOUT_MS: positiveInt(5_000),
  USER_DOCUMENT_LIMIT: positiveInt(2_000),
  USER_STORAGE_MB: positiveInt(200),
  SMTP_URL: url(['smtp:', 'smtps:']),
  MAIL_FROM: optionalString,
  STRIPE_SECRET_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  STRIPE_API_BASE: url(['http:', 'https:']),
  // Stripe price ids of the paid plans and the refill pack; unset ones are found by lookup key.
  STRIPE_PRICE_TIER1: optionalString,
  STRIPE_PRICE_TIER2: optionalString,
  STRIPE_PRICE_TIER3: optionalString,
  STRIPE_PRICE_TIER4: optionalString,
  STRIPE_PRICE_TIER5: optionalString,
  STRIPE_PRICE_REFILL: optionalString,
  LLM_BASE_URL: url(['http:', 'https:']),
  LLM_API_KEY: optionalString,
  LLM_MODELS: list,
  ANTHROPIC_API_KEY: optionalString,
  ANTHROPIC_BASE_URL: url(['http:', 'https:']),
  ANTHROPIC_MODELS: list,
  LLM_MODEL_TIERS: optionalString.transform((v, ctx) => {
    const tiers = parseModelTiers(v);
    if (typeof tiers === 'string') {
      ctx.addIssue({ code: 'custom', message: tiers });
      return z.NEVER;
    }
    return tiers;
  }),
  LLM_TIMEOUT_MS: positiveInt(120_000),
  LLM_CONNECT_TIMEOUT_MS: positiveInt(10_000),
  COMPILE_TIMEOUT_MS: positiveInt(20_000),
  COMPILE_CONCURRENCY: positiveInt(Math.max(1, cpus().length)),
  COMPILE_UNSAFE_NO_SANDBOX: booleanFlag,
  COMPILE_WARM_FORMATS: optionalString.transform((v) => v === undefined || !/^(0|false|no|off)$/i.test(v)),
  REDIS_URL: url(['redis:', 'rediss:']),
  COMPILE_WORKER: optionalString.transform((v, ctx) => {
    if (v === undefined || /^(1|true|yes|on)$/i.test(v)) return true;
    if (/^(0|false|no|off)$/i.test(v)) return false;
    ctx.addIssue({ code: 'custom', message: 'must be true or false' });
    return z.NEVER;
  }),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional().default('info'),
}).superRefine((e, ctx) => {
  if (!e.COMPILE_WORKER && !e.REDIS_URL) {
    ctx.addIssue({
      code: 'custom',
      path: ['COMPILE_WORKER'],
      message: 'false needs REDIS_URL: without the shared queue this process is the only one that compiles',
    });
  }
  if (e.NODE_ENV !== 'production') return;
  if (!e.SMTP_URL && !e.ALLOW_OUTBOX_MAIL) {
    ctx.addIssue({
      code: 'custom',
      path: ['SMTP_URL'],
      message: 'is required with NODE_ENV=production; set ALLOW_OUTBOX_MAIL=true to keep emails as files in DATA_DIR/outbox instead',
    });
  }
  if (!e.STRIPE_SECRET_KEY && !e.ALLOW_DEMO_PAYMENTS) {
    ctx.addIssue({
      code: 'custom',
      path: ['STRIPE_SECRET_KEY'],
      message: 'is required with NODE_ENV=production; set ALLOW_DEMO_PAYMENTS=true to let anyone take paid plans through the demo checkout instead',
    });
  }
});

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  publicUrl: string;
  trustProxy: TrustProxy;
  /** Bearer token for /metrics; without it /metrics is open in development and 404 in production. */
  metricsToken: string | undefined;
  /** Limits of the worker pool's text tasks (generation, titles, previews, log parsing). */
  text: { taskTimeoutMs: number };
  /** What one account may store in its history. */
  documents: { maxPerUser: number; maxBytesPerUser: number };
  smtpUrl: string | undefined;
  mailFrom: string;
  stripe:
    | {
        secretKey: string;
        webhookSecret: string | undefined;
        apiBase: string | undefined;
        /** Configured price ids by product ('tier1'…'tier5', 'refill'); missing ones use lookup keys. */
        prices: Partial<Record<StripeProduct, string>>;
      }
    | undefined;
  llm: {
    openai: { baseUrl: string | undefined; apiKey: string | undefined; models: string[] } | undefined;
    anthropic: { baseUrl: string | undefined; apiKey: string; models: string[] } | undefined;
    /** Models restricted to some tiers (LLM_MODEL_TIERS); a model not listed is offered to every tier. */
    modelTiers: Record<string, Tier[]>;
    /** Limit of one model call, all retries included, and of reaching the provider (until its first byte). */
    timeoutMs: number;
    connectTimeoutMs: number;
  };
  compile: {
    timeoutMs: number;
    concurrency: number;
    unsafeNoSandbox: boolean;
    warmFormats: boolean;
    /** With REDIS_URL: whether this process also works the shared compile queue. */
    worker: boolean;
  };
  /** Shared rate limits, compile cache, per-user guards and the compile queue; unset means in-process. */
  redisUrl: string | undefined;
  logLevel: string;
  production: boolean;
}

/**
 * LLM_MODEL_TIERS: `model=tier,tier;model=tier` (tiers: free, tier1 … tier5, or `paid`). Returns
 * the map, or a message saying what is wrong.
 */
export function parseModelTiers(value: string | undefined): Record<string, Tier[]> | string {
  const out: Record<string, Tier[]> = {};
  if (!value) return out;
  for (const entry of value.split(';').map((s) => s.trim()).filter(Boolean)) {
    const eq = entry.lastIndexOf('=');
    const model = eq > 0 ? entry.slice(0, eq).trim() : '';
    if (!model) return `"${entry}" must look like model=tier,tier`;
    const tiers = new Set<Tier>();
    for (const word of entry.slice(eq + 1).split(',').map((s) => s.trim()).filter(Boolean)) {
      if (word === 'paid') TIERS.filter((t) => t !== 'free').forEach((t) => tiers.add(t));
      else if ((TIERS as readonly string[]).includes(word)) tiers.add(word as Tier);
      else return `unknown tier "${word}" for ${model} (use ${TIERS.join(', ')} or paid)`;
    }
    if (tiers.size === 0) return `no tiers given for ${model}`;
    out[model] = TIERS.filter((t) => tiers.has(t));
  }
  return out;
}

/** What can be bought: the five paid plans and the refill pack. */
export type StripeProduct = 'tier1' | 'tier2' | 'tier3' | 'tier4' | 'tier5' | 'refill';

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Production rules about what only a web process does (mail, payments): a compile worker skips them. */
const WEB_ONLY_VARIABLES = new Set(['SMTP_URL', 'STRIPE_SECRET_KEY']);

export function loadConfig(env: NodeJS.ProcessEnv = process.env, options: { worker?: boolean } = {}): Config {
  const parsed = EnvSchema.safeParse(env);
  const issues = parsed.success ? [] : parsed.error.issues.filter((i) => !(options.worker && WEB_ONLY_VARIABLES.has(String(i.path[0]))));
  if (issues.length > 0 || !parsed.success) {
    if (issues.length === 0) return loadConfig({ ...env, ALLOW_OUTBOX_MAIL: 'true', ALLOW_DEMO_PAYMENTS: 'true' });
    throw new ConfigError(issues.map((i) => `${i.path.join('.')}: ${i.message}`));
  }
  const e = parsed.data;
  const port = e.PORT;
  return {
    port,
    // Development listens on this machine only (its outbox page would hand out every account's
    // links); production listens on every interface unless HOST says otherwise.
    host: e.HOST ?? (e.NODE_ENV === 'production' ? '0.0.0.0' : '127.0.0.1'),
    dataDir: resolve(e.DATA_DIR ?? 'data'),
    databaseUrl: e.DATABASE_URL,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/+$/, ''),
    trustProxy: e.TRUST_PROXY,
    metricsToken: e.METRICS_TOKEN,
    text: { taskTimeoutMs: e.TEXT_TASK_TIMEOUT_MS },
    documents: { maxPerUser: e.USER_DOCUMENT_LIMIT, maxBytesPerUser: e.USER_STORAGE_MB * 1024 * 1024 },
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM ?? 'AI Latex Generator <no-reply@localhost>',
    stripe: e.STRIPE_SECRET_KEY
      ? {
          secretKey: e.STRIPE_SECRET_KEY,
          webhookSecret: e.STRIPE_WEBHOOK_SECRET,
          apiBase: e.STRIPE_API_BASE,
          prices: definedOnly({
            tier1: e.STRIPE_PRICE_TIER1,
            tier2: e.STRIPE_PRICE_TIER2,
            tier3: e.STRIPE_PRICE_TIER3,
            tier4: e.STRIPE_PRICE_TIER4,
            tier5: e.STRIPE_PRICE_TIER5,
            refill: e.STRIPE_PRICE_REFILL,
          }),
        }
      : undefined,
    llm: {
      openai:
        e.LLM_BASE_URL || e.LLM_API_KEY
          ? { baseUrl: e.LLM_BASE_URL, apiKey: e.LLM_API_KEY, models: e.LLM_MODELS }
          : undefined,
      anthropic: e.ANTHROPIC_API_KEY
        ? { baseUrl: e.ANTHROPIC_BASE_URL, apiKey: e.ANTHROPIC_API_KEY, models: e.ANTHROPIC_MODELS }
        : undefined,
      modelTiers: e.LLM_MODEL_TIERS,
      timeoutMs: e.LLM_TIMEOUT_MS,
      connectTimeoutMs: e.LLM_CONNECT_TIMEOUT_MS,
    },
    compile: {
      timeoutMs: e.COMPILE_TIMEOUT_MS,
      concurrency: e.COMPILE_CONCURRENCY,
      unsafeNoSandbox: e.COMPILE_UNSAFE_NO_SANDBOX,
      warmFormats: e.COMPILE_WARM_FORMATS,
      worker: e.COMPILE_WORKER,
    },
    redisUrl: e.REDIS_URL,
    logLevel: e.LOG_LEVEL,
    production: e.NODE_ENV === 'production',
  };
}

function definedOnly<K extends string>(values: Record<K, string | undefined>): Partial<Record<K, string>> {
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined)) as Partial<Record<K, string>>;
}
