import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('loadConfig', () => {
  it('gives the documented defaults with an empty environment', () => {
    const c = loadConfig({});
    expect(c.port).toBe(5000);
    expect(c.publicUrl).toBe('http://localhost:5000');
    expect(c.databaseUrl).toBeUndefined();
    expect(c.smtpUrl).toBeUndefined();
    expect(c.stripe).toBeUndefined();
    expect(c.compile.timeoutMs).toBe(20_000);
    expect(c.compile.concurrency).toBeGreaterThan(0);
    expect(c.trustProxy).toBe(false);
    expect(c.logLevel).toBe('info');
    expect(c.dataDir).toMatch(/\/data$/);
  });

  it('listens on loopback only in development, on every interface in production, and as HOST says in either', () => {
    expect(loadConfig({}).host).toBe('127.0.0.1');
    expect(loadConfig({ NODE_ENV: 'development' }).host).toBe('127.0.0.1');
    expect(loadConfig({ NODE_ENV: 'production', ALLOW_OUTBOX_MAIL: 'true', ALLOW_DEMO_PAYMENTS: 'true' }).host).toBe('0.0.0.0');
    expect(loadConfig({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
    expect(loadConfig({ NODE_ENV: 'production', ALLOW_OUTBOX_MAIL: 'true', ALLOW_DEMO_PAYMENTS: 'true', HOST: '10.0.0.5' }).host).toBe('10.0.0.5');
  });

  it('lists every bad variable at once', () => {
    let error: unknown;
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', SMTP_URL: 'not a url', TRUST_PROXY: 'maybe', COMPILE_TIMEOUT_MS: '-5' });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems.join('\n');
    for (const name of ['PORT', 'DATABASE_URL', 'SMTP_URL', 'TRUST_PROXY', 'COMPILE_TIMEOUT_MS']) expect(problems).toContain(name);
  });

  it('reads the optional services when set', () => {
    const c = loadConfig({
      PORT: '8080',
      PUBLIC_URL: 'https://latex.example.com/',
      DATABASE_URL: 'postgres://u@h/db',
      STRIPE_SECRET_KEY: 'sk_test_x',
      LLM_BASE_URL: 'http://127.0.0.1:11434/v1',
      LLM_MODELS: 'a, b',
      TRUST_PROXY: '1',
    });
    expect(c.publicUrl).toBe('https://latex.example.com');
    expect(c.stripe?.secretKey).toBe('sk_test_x');
    expect(c.llm.openai?.models).toEqual(['a', 'b']);
    expect(c.trustProxy).toBe(1);
  });

  it('keeps every development default without NODE_ENV (what npm start on a fresh machine gets)', () => {
    const c = loadConfig({});
    expect(c.production).toBe(false);
    expect(c.smtpUrl).toBeUndefined();
    expect(c.stripe).toBeUndefined();
    expect(c.metricsToken).toBeUndefined();
    expect(c.trustProxy).toBe(false);
    expect(c.text.taskTimeoutMs).toBe(5000);
    expect(c.documents).toEqual({ maxPerUser: 2000, maxBytesPerUser: 200 * 1024 * 1024 });
  });

  it('stops production without mail and payments unless the conveniences are asked for by name', () => {
    const problems = (env: Record<string, string>) => {
      try {
        loadConfig({ NODE_ENV: 'production', ...env });
        return '';
      } catch (err) {
        return (err as ConfigError).problems.join('\n');
      }
    };
    const both = problems({});
    expect(both).toMatch(/SMTP_URL: is required with NODE_ENV=production; set ALLOW_OUTBOX_MAIL=true/);
    expect(both).toMatch(/STRIPE_SECRET_KEY: is required with NODE_ENV=production; set ALLOW_DEMO_PAYMENTS=true/);
    expect(problems({ ALLOW_OUTBOX_MAIL: 'true' })).not.toMatch(/SMTP_URL/);
    expect(problems({ SMTP_URL: 'smtp://mail.example.com:587', STRIPE_SECRET_KEY: 'sk_live_x' })).toBe('');
    expect(problems({ ALLOW_OUTBOX_MAIL: 'true', ALLOW_DEMO_PAYMENTS: 'true' })).toBe('');
    expect(loadConfig({ NODE_ENV: 'production', ALLOW_OUTBOX_MAIL: 'true', ALLOW_DEMO_PAYMENTS: 'true' }).production).toBe(true);
  });

  it('reads REDIS_URL and COMPILE_WORKER, refusing a web process that compiles nowhere', () => {
    expect(loadConfig({}).redisUrl).toBeUndefined();
    expect(loadConfig({}).compile.worker).toBe(true);
    const web = loadConfig({ REDIS_URL: 'redis://127.0.0.1:6379', COMPILE_WORKER: 'false' });
    expect(web.redisUrl).toBe('redis://127.0.0.1:6379');
    expect(web.compile.worker).toBe(false);
    expect(() => loadConfig({ COMPILE_WORKER: 'false' })).toThrow(/COMPILE_WORKER: false needs REDIS_URL/);
    expect(() => loadConfig({ REDIS_URL: 'http://127.0.0.1:6379' })).toThrow(/REDIS_URL: must be a URL \(redis: or rediss:\)/);
    expect(() => loadConfig({ REDIS_URL: 'redis://h', COMPILE_WORKER: 'sometimes' })).toThrow(/COMPILE_WORKER: must be true or false/);
  });

  it('lets a compile worker start in production without the web-only mail and payment settings', () => {
    const env = { NODE_ENV: 'production', REDIS_URL: 'redis://127.0.0.1:6379' };
    expect(() => loadConfig(env)).toThrow(/SMTP_URL/);
    const worker = loadConfig(env, { worker: true });
    expect(worker.production).toBe(true);
    expect(worker.redisUrl).toBe('redis://127.0.0.1:6379');
    // Other problems still stop it.
    expect(() => loadConfig({ ...env, COMPILE_TIMEOUT_MS: 'soon' }, { worker: true })).toThrow(/COMPILE_TIMEOUT_MS/);
  });

  it('reads TRUST_PROXY as a hop count or proxy addresses, and refuses true', () => {
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.7 ,loopback,fd00::/8' }).trustProxy).toEqual(['10.0.0.0/8', '192.168.1.7', 'loopback', 'fd00::/8']);
    for (const bad of ['true', 'yes', '10.0.0.0/33', 'proxy.example.com', '300.1.1.1']) {
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY/);
    }
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/would trust any X-Forwarded-For/);
  });

  it('takes METRICS_TOKEN only when it is long enough to guess badly', () => {
    expect(loadConfig({ METRICS_TOKEN: 'a-long-enough-token-123' }).metricsToken).toBe('a-long-enough-token-123');
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN/);
  });
});
