// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../test-utils';
import { COMPILED_AHEAD_PAUSES_MS, watchCompiledAhead } from './compiled-ahead';
import { dispatchEditor } from './editor-store';
import { GENERATED, GENERATED_LATEX } from './fixtures/generated';

const LATEX = GENERATED_LATEX;
const RESPONSE = GENERATED;
const PDF_URL = `/api/latex/pdf/${'a'.repeat(64)}?doc=7`;

beforeEach(() => {
  vi.useFakeTimers();
  dispatchEditor({ type: 'generated', response: RESPONSE, at: '2026-11-27T10:00:00.000Z' });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** The fetch stub answering "not ready" `notReady` times, then the PDF's address. */
function server(notReady: number) {
  let asked = 0;
  const stub = stubFetch({
    'GET /api/latex/compiled-ahead/7': () => (++asked > notReady ? { body: { ready: true, pdfUrl: PDF_URL } } : { body: { ready: false } }),
  });
  vi.stubGlobal('fetch', vi.fn(stub.fn));
  return stub;
}

const elapse = async (ms: number) => {
  await vi.advanceTimersByTimeAsync(ms);
};

describe('watchCompiledAhead', () => {
  it('asks with growing pauses until the compile is done, then hands the PDF address over once', async () => {
    const stub = server(2);
    const preload = vi.fn();
    watchCompiledAhead(7, LATEX, preload);
    await elapse(COMPILED_AHEAD_PAUSES_MS[0]! - 1);
    expect(stub.calls).toHaveLength(0);
    await elapse(COMPILED_AHEAD_PAUSES_MS.slice(0, 3).reduce((a, b) => a + b, 0));
    expect(stub.calls.map((c) => c.url)).toEqual(Array(3).fill('/api/latex/compiled-ahead/7'));
    expect(preload).toHaveBeenCalledExactlyOnceWith(PDF_URL);
    await elapse(60_000);
    expect(stub.calls).toHaveLength(3);
  });

  it('gives up after the last pause', async () => {
    const stub = server(Infinity);
    const preload = vi.fn();
    watchCompiledAhead(7, LATEX, preload);
    await elapse(120_000);
    expect(stub.calls).toHaveLength(COMPILED_AHEAD_PAUSES_MS.length);
    expect(preload).not.toHaveBeenCalled();
  });

  it('stops when the LaTeX on screen changes, and when stopped', async () => {
    const stub = server(1);
    const preload = vi.fn();
    watchCompiledAhead(7, LATEX, preload);
    await elapse(COMPILED_AHEAD_PAUSES_MS[0]!);
    expect(stub.calls).toHaveLength(1);
    dispatchEditor({ type: 'latex', latex: `${LATEX}% edited\n` });
    await elapse(60_000);
    expect(stub.calls).toHaveLength(1);
    expect(preload).not.toHaveBeenCalled();

    dispatchEditor({ type: 'generated', response: RESPONSE, at: '2026-11-27T10:01:00.000Z' });
    const stop = watchCompiledAhead(7, LATEX, preload);
    stop();
    await elapse(60_000);
    expect(stub.calls).toHaveLength(1);
  });
});
