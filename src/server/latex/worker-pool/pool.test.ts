// The text pool with its real tasks: answers match the in-process functions, a task past its limit
// ends with TextTooComplexError and its worker is replaced, a task that cannot start in time gets
// TextPoolBusyError.
import { afterEach, describe, expect, it } from 'vitest';
import { extractTitleFromLatex } from '../../../shared/title.js';
import { generate } from '../generate/builtin/index.js';
import { parseLog } from '../compile/log-parser.js';
import { TextPoolBusyError, TextTooComplexError, TOO_COMPLEX_MESSAGE } from './errors.js';
import { createTextPool, type TextPool } from './pool.js';

const BIG_NOTE = Array.from({ length: 4000 }, (_, i) => `## Part ${i}\n\nSome *words* with $x^${i}$ and a [link](http://e.com/${i}).`).join('\n\n');

describe('text pool', () => {
  let pool: TextPool | undefined;
  afterEach(async () => {
    await pool?.close();
    pool = undefined;
  });

  it('answers exactly what the functions answer in-process', async () => {
    pool = createTextPool({ taskTimeoutMs: 30_000 });
    const input = { content: '# Heat\n\nNotes on $q = mc\\Delta T$.', documentType: 'article' as const, options: { splitTables: false, useMath: true } };
    const direct = generate(input);
    expect(await pool.run('generate', input)).toEqual({ latex: direct.latex, title: direct.title, texProgram: direct.texProgram });
    const latex = '\\title{A \\emph{small} test}\\begin{document}\\end{document}';
    expect(await pool.run('extractTitle', latex)).toBe(extractTitleFromLatex(latex));
    const log = './main.tex:3: Undefined control sequence.\nl.3 \\foo\n';
    expect(await pool.run('parseLog', { log })).toEqual(parseLog(log));
  });

  it('terminates a task that runs past its limit, then works on with a fresh worker', async () => {
    pool = createTextPool({ taskTimeoutMs: 1, queueWaitMs: 30_000, threads: 1 });
    const err = await pool.run('generate', { content: BIG_NOTE, documentType: 'article', options: { splitTables: false, useMath: true } }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TextTooComplexError);
    expect((err as Error).message).toBe(TOO_COMPLEX_MESSAGE);
    expect(pool.terminated).toBe(1);
    await pool.close();

    pool = createTextPool({ taskTimeoutMs: 30_000, threads: 1 });
    expect(await pool.run('extractTitle', '\\title{After}')).toBe('After');
  });

  it('does not call a task busy while the pool is still starting its workers', async () => {
    // Loading the generator into a fresh worker takes far longer than this wait.
    pool = createTextPool({ taskTimeoutMs: 60_000, queueWaitMs: 50, threads: 1 });
    expect(await pool.run('extractTitle', '\\title{First}')).toBe('First');
  });

  it('gives busy, not too complex, to a task still waiting for a worker', async () => {
    // (A second of grace for the first task to reach the worker on a loaded machine; it then holds the
    // worker for several seconds, so the second still waits past its limit.)
    pool = createTextPool({ taskTimeoutMs: 60_000, queueWaitMs: 1000, threads: 1 });
    await pool.ready;
    const first = pool.run('generate', { content: BIG_NOTE.repeat(10), documentType: 'article', options: { splitTables: false, useMath: true } });
    const second = pool.run('extractTitle', '\\title{queued}').catch((e: unknown) => e);
    expect(await second).toBeInstanceOf(TextPoolBusyError);
    expect((await first).title).toBe('Part 0');
    expect(pool.terminated).toBe(0);
  });

  it('gives busy at once when the queue is full', async () => {
    pool = createTextPool({ taskTimeoutMs: 60_000, threads: 1, maxQueue: 0 });
    await pool.ready;
    const first = pool.run('generate', { content: BIG_NOTE, documentType: 'article', options: { splitTables: false, useMath: true } });
    expect(await pool.run('extractTitle', '\\title{queued}').catch((e: unknown) => e)).toBeInstanceOf(TextPoolBusyError);
    expect((await first).title).toBe('Part 0');
  });
});
