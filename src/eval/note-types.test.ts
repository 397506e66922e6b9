import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { naturalType, readManifest, typeFromContent, typeFromName } from './note-types.js';

describe('typeFromName', () => {
  it.each([
    ['31-letter-cover-letter.md', 'letter'],
    ['36-slides-physics-clicker-reveal.md', 'presentation'],
    ['18-de-talk-notes.md', 'presentation'],
    ['marp-gaia-deck.md', 'presentation'],
    ['23-lab-report-friction.md', 'report'],
    ['my-thesis.md', 'report'],
    ['40-outline-rust-book-summary.md', 'book'],
    ['34-cv-pandoc-resume.md', 'basic'],
    ['44-recipe-sourdough-loaf.md', 'basic'],
    ['30-howto-complaint-letter-bullets.txt', 'basic'],
    ['he-dijkstra-lecture.md', 'article'],
  ])('%s → %s (the first word that names a kind of document)', (name, type) => {
    expect(typeFromName(name)).toBe(type);
  });

  it('is null when no word names a kind of document', () => {
    expect(typeFromName('13-zh-linear-algebra.md')).toBeNull();
  });
});

describe('typeFromContent', () => {
  it('sees slides: Marp front matter, reveal.js sections, three or more separators', () => {
    expect(typeFromContent('---\nmarp: true\n---\n# One')).toBe('presentation');
    expect(typeFromContent('<section data-markdown>\n# One\n</section>')).toBe('presentation');
    expect(typeFromContent('# A\n---\n# B\n---\n# C\n---\n# D')).toBe('presentation');
    expect(typeFromContent('---\ntitle: x\n---\n# A\n\n---\n\ntext')).toBe('article');
  });

  it('sees letters: salutation and closing, or header lines, or letter front matter', () => {
    expect(typeFromContent('Dear Ms. Smith,\n\nThank you for the offer.\n\nSincerely,\nJohn')).toBe('letter');
    expect(typeFromContent('From: Jane\nTo: John\nSubject: Invoice\n\nPlease pay.')).toBe('letter');
    expect(typeFromContent('---\nopening: Dear Sir,\nclosing: Yours,\n---\nBody')).toBe('letter');
  });

  it('sees books (two chapter headings) and reports (abstract and conclusion)', () => {
    expect(typeFromContent('# Chapter 1: Start\ntext\n# Chapter 2: End\ntext')).toBe('book');
    expect(typeFromContent('## Abstract\nx\n## Method\ny\n## Conclusion\nz')).toBe('report');
  });

  it('falls back to article', () => {
    expect(typeFromContent('# Eigenvalues\n\nSome notes.')).toBe('article');
  });
});

describe('naturalType and the manifest', () => {
  const dir = mkdtempSync(join(tmpdir(), 'lg-eval-types-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('prefers the manifest, then the name, then the content', () => {
    writeFileSync(join(dir, 'types.json'), JSON.stringify({ 'notes-letter.md': 'book' }));
    const manifest = readManifest(dir);
    expect(naturalType('notes-letter.md', '', manifest)).toEqual({ type: 'book', source: 'manifest' });
    expect(naturalType('cover-letter.md', '', manifest)).toEqual({ type: 'letter', source: 'name' });
    expect(naturalType('untitled.md', 'Dear Bob,\n\nHi.\n\nRegards,\nAl', manifest)).toEqual({ type: 'letter', source: 'content' });
  });

  it('rejects a manifest naming an unknown type, and reads a missing one as empty', () => {
    writeFileSync(join(dir, 'types.json'), JSON.stringify({ 'a.md': 'poster' }));
    expect(() => readManifest(dir)).toThrow(/unknown document type 'poster'/);
    expect(readManifest(join(dir, 'nowhere')).size).toBe(0);
  });
});
