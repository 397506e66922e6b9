// Pure parts of the AI engine: reply cleaning, the body check, the circuit breaker, retries, and
// the LLM_MODEL_TIERS syntax.
import { describe, expect, it } from 'vitest';
import { parseModelTiers } from '../../../config.js';
import { cleanReply } from './clean.js';
import { bodyProblems, wrapBody } from './document.js';
import { ProviderError, type ChatProvider } from './providers.js';
import { CircuitBreaker, withResilience } from './resilience.js';

describe('cleanReply', () => {
  it('keeps a plain body as it is', () => {
    expect(cleanReply('\\section{A}\nText.\n')).toBe('\\section{A}\nText.');
  });
  it('drops chatter before and after, and fences', () => {
    const reply = 'Certainly! Here is the body:\n\n```tex\n\\section{A}\nText.\n```\n\nI hope this helps.';
    expect(cleanReply(reply)).toBe('\\section{A}\nText.');
  });
  it('drops unfenced chatter around LaTeX but keeps prose that belongs to the body', () => {
    const reply = 'Here is your document:\n\\section{A}\nThis document explains A.\n\nLet me know if you need more.';
    expect(cleanReply(reply)).toBe('\\section{A}\nThis document explains A.');
  });
  it('keeps the notes\' own prose that merely looks like chatter', () => {
    const body = 'Ingredients:\n\\begin{itemize}\\item flour\\end{itemize}\n\nIf you have questions, call me.';
    expect(cleanReply(body)).toBe(body);
  });
  it('reduces a full document to its body and removes preamble commands', () => {
    const reply = '\\documentclass{article}\n\\usepackage{tikz}\n\\begin{document}\n\\usepackage{x}\nHello\n\\end{document}\n';
    expect(cleanReply(reply)).toBe('Hello');
  });
  it('removes reasoning blocks', () => {
    expect(cleanReply('<think>the user wants…</think>\n\\section{A}')).toBe('\\section{A}');
  });
});

describe('bodyProblems and wrapBody', () => {
  it('refuses file access and TeX input tricks with the line', () => {
    expect(bodyProblems('ok\n\\input{/etc/passwd}')).toEqual([{ line: 2, message: expect.stringMatching(/\\input is not allowed/) }]);
    expect(bodyProblems('\\includegraphics{x.png}')[0]!.message).toMatch(/includegraphics/);
    expect(bodyProblems('\\inputenc and \\writer % \\input{x}')).toEqual([]);
    expect(bodyProblems('  ')).toEqual([{ line: null, message: 'The body is empty.' }]);
  });
  it('puts the body after the vetted preamble and knows its first line', () => {
    const wrapped = wrapBody('article', 'FIRST\nSECOND', 'notes');
    expect(wrapped.latex.split('\n')[wrapped.bodyStartLine - 1]).toBe('FIRST');
    expect(wrapped.texProgram).toBe('pdflatex');
    expect(wrapBody('basic', 'x', 'Привет, это заметки о проекте и о планах на будущее.').texProgram).toBe('xelatex');
  });
});

describe('CircuitBreaker', () => {
  it('opens after the threshold, lets one trial through after the cooldown, and closes on success', () => {
    let now = 0;
    const breaker = new CircuitBreaker(2, 1000, () => now);
    expect(breaker.tryAcquire()).toBe(true);
    breaker.failure();
    expect(breaker.state).toBe('closed');
    breaker.failure();
    expect(breaker.state).toBe('open');
    expect(breaker.tryAcquire()).toBe(false);
    now = 1000;
    expect(breaker.state).toBe('half-open');
    expect(breaker.tryAcquire()).toBe(true);
    expect(breaker.tryAcquire()).toBe(false); // one trial at a time
    breaker.failure();
    expect(breaker.state).toBe('open');
    now = 2000;
    expect(breaker.tryAcquire()).toBe(true);
    breaker.success();
    expect(breaker.state).toBe('closed');
  });
});

describe('withResilience', () => {
  const scripted = (outcomes: Array<string | ProviderError>): ChatProvider & { calls: number } => {
    const p = {
      kind: 'openai' as const,
      calls: 0,
      async complete() {
        const next = outcomes[p.calls++];
        if (next instanceof ProviderError) throw next;
        return next ?? 'done';
      },
    };
    return p;
  };
  const request = { model: 'm', system: 's', messages: [], maxTokens: 10 };

  it('retries 429 and 5xx, honouring Retry-After, and not 4xx', async () => {
    const waits: number[] = [];
    const sleep = async (ms: number) => {
      waits.push(ms);
    };
    const p = scripted([new ProviderError('rate-limited', '429', 429, 700), new ProviderError('server', '502', 502), 'ok']);
    expect(await withResilience(p, { timeoutMs: 60_000, backoffMs: 100, sleep }).complete(request)).toBe('ok');
    expect(p.calls).toBe(3);
    expect(waits[0]).toBe(700);
    expect(waits[1]).toBeGreaterThanOrEqual(150);

    const refused = scripted([new ProviderError('client', '401', 401), 'ok']);
    await expect(withResilience(refused, { timeoutMs: 60_000, sleep }).complete(request)).rejects.toMatchObject({ kind: 'client' });
    expect(refused.calls).toBe(1);
  });
});

describe('parseModelTiers', () => {
  it('reads model=tiers pairs, with paid as a shorthand', () => {
    expect(parseModelTiers('gpt-4o=paid; llama3.1:8b=free,tier1')).toEqual({
      'gpt-4o': ['tier1', 'tier2', 'tier3', 'tier4', 'tier5'],
      'llama3.1:8b': ['free', 'tier1'],
    });
    expect(parseModelTiers(undefined)).toEqual({});
    expect(parseModelTiers('gpt-4o=gold')).toMatch(/unknown tier "gold"/);
    expect(parseModelTiers('=free')).toMatch(/model=tier/);
  });
});
