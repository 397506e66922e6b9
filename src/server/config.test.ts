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
      TRUST_PROXY: 'true',
    });
    expect(c.publicUrl).toBe('https://latex.example.com');
    expect(c.stripe?.secretKey).toBe('sk_test_x');
    expect(c.llm.openai?.models).toEqual(['a', 'b']);
    expect(c.trustProxy).toBe(true);
  });
});
