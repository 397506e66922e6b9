// The generator's counters: the fast Markdown path's answers are counted, and /metrics shows them.
import { describe, expect, it } from 'vitest';
import { createMetrics } from '../../../http/metrics.js';
import { addCounts, generatorCounts } from './counters.js';
import { generate } from './index.js';
import { parseFastMarkdown, parseFastMarkdownStrict } from './parse/markdown/fast/index.js';

describe('generator counters', () => {
  it('counts what the fast Markdown path accepted and declined', () => {
    const before = generatorCounts();
    generate({ content: '# Notes\n\n- one **two**\n- three', documentType: 'article' });
    generate({ content: '# Notes\n\n> a block quote is outside the fast path', documentType: 'article' });
    const after = generatorCounts();
    expect(after.fastMarkdownAccepted).toBeGreaterThan(before.fastMarkdownAccepted);
    expect(after.fastMarkdownDeclined).toBeGreaterThan(before.fastMarkdownDeclined);
    expect(after.fastMarkdownFailed).toBe(before.fastMarkdownFailed);
  });

  it('declines (never fails on) emphasis nested past its depth limit', () => {
    const deep = `${'*'.repeat(30_000)}a${'*'.repeat(30_000)}`;
    expect(parseFastMarkdownStrict(deep)).toBeNull();
    const before = generatorCounts().fastMarkdownFailed;
    expect(parseFastMarkdown(deep)).toBeNull();
    expect(generatorCounts().fastMarkdownFailed).toBe(before);
  });

  it('shows the counts at /metrics, added counts included', () => {
    addCounts({ fastMarkdownFailed: 2 });
    const c = generatorCounts();
    const text = createMetrics().render();
    expect(text).toContain('# TYPE generator_note_reads_total counter');
    expect(text).toContain(`generator_note_reads_total{reader="fast_markdown"} ${c.fastMarkdownAccepted}`);
    expect(text).toContain(`generator_note_reads_total{reader="fast_markdown_failed"} ${c.fastMarkdownFailed}`);
    expect(text).toContain(`generator_note_reads_total{reader="plain_text"} ${c.markdownReadAsPlain}`);
    expect(text).toContain(`generator_note_reads_total{reader="text"} ${c.notesReadAsText}`);
  });
});
