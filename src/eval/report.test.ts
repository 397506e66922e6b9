import { describe, expect, it } from 'vitest';
import { parseEvalArgs } from './args.js';
import { planJobs } from './evaluate.js';
import type { Row } from './evaluate.js';
import { failedMeasures, type Measures } from './measure.js';
import { checkThresholds, summarize, summaryLine, toCsv } from './report.js';

function measures(partial: Partial<Measures>): Measures {
  return { ...failedMeasures('success', '', 'pdflatex'), compiled: true, preservation: 1, pages: 1, ...partial };
}

function row(note: string, m: Partial<Measures>): Row {
  return { note, format: 'markdown', type: 'article', natural: true, typeSource: 'name', builtin: measures(m) };
}

const ROWS = [
  row('a.md', {}),
  row('b.md', { missingGlyphs: 3, missingChars: ['한', '글'] }),
  row('c.md', { overfull: 2, maxOverfullPt: 620 }),
  row('d.md', { preservation: 0.9 }),
  row('e.md', { ...failedMeasures('failure', 'line 3: Undefined control sequence "\\foo", twice.', 'xelatex') }),
];

describe('summary', () => {
  it('counts compiled, glyph-free, overfull-free and clean documents and the mean preservation', () => {
    const s = summarize(ROWS.map((r) => r.builtin));
    expect(s).toMatchObject({ documents: 5, compiled: 4, noMissingGlyphs: 3, noOverfull: 3, meanPreservation: (1 + 1 + 1 + 0.9 + 0) / 5, clean: 1, readerClean: 0, outlineAccuracy: null });
    expect(summaryLine(s).split('\n')[0]).toBe('compiled 4/5 · no missing glyphs 3/5 · no overfull > 10pt 3/5 · mean preservation 0.780 · clean 1/5 · reader-clean 0/5');
  });
});

describe('checkThresholds', () => {
  it('passes when every threshold holds', () => {
    expect(checkThresholds(ROWS, { minCompiled: 0.8, maxMissingGlyphs: 3, maxOverfull: 2, minPreservation: 0.7, minClean: 0.2 })).toEqual([]);
  });

  it('names the rows behind each failure', () => {
    const failures = checkThresholds(ROWS, { minCompiled: 1, maxMissingGlyphs: 0, maxOverfull: 0, minPreservation: 0.97, minClean: 0.5 });
    expect(failures).toHaveLength(5);
    expect(failures[0]).toContain('e.md (article) failure: line 3: Undefined control sequence "\\foo", twice.');
    expect(failures[1]).toContain('b.md (article) lacks 한 글');
    expect(failures[2]).toContain('c.md (article) (largest 620.0pt)');
    expect(failures[3]).toMatch(/mean preservation 0\.780 < 0\.97; lowest: e\.md \(article\) 0\.000, d\.md \(article\) 0\.900/);
    expect(failures[4]).toBe('clean 1/5 < 0.5');
  });

  it('checks the shares of glyph-free and overfull-free documents, naming the others', () => {
    expect(checkThresholds(ROWS, { minNoMissingGlyphs: 0.6, minNoOverfull: 0.6 })).toEqual([]);
    expect(checkThresholds(ROWS, { minNoMissingGlyphs: 0.8, minNoOverfull: 0.8 })).toEqual([
      'no missing glyphs 3/5 < 0.8: b.md (article) 한글',
      'no overfull > 10pt 3/5 < 0.8: c.md (article) 620pt',
    ]);
  });
});

describe('toCsv', () => {
  it('writes one line per row with quoted cells where needed', () => {
    const lines = toCsv(ROWS).trim().split('\n');
    expect(lines).toHaveLength(6);
    expect(lines[0]).toMatch(/^note,format,type,natural,typeSource,builtin\.compiled,/);
    expect(lines[5]).toContain('"line 3: Undefined control sequence ""\\foo"", twice."');
  });
});

describe('planJobs', () => {
  it('makes one job per note and distinct type, marking the natural one', () => {
    const notes = [
      { name: 'x-letter.md', content: 'Dear A', format: 'markdown' as const },
      { name: 'y.md', content: '# Notes', format: 'markdown' as const },
    ];
    const jobs = planJobs(notes, ['natural', 'article'], new Map());
    expect(jobs.map((j) => `${j.note.name} ${j.type} ${j.natural}`)).toEqual(['x-letter.md letter true', 'x-letter.md article false', 'y.md article true']);
  });
});

describe('parseEvalArgs', () => {
  it('reads the folder, types, output, comparison and thresholds', () => {
    const a = parseEvalArgs(['notes', '--types', 'natural,article', '--out=out', '--compare', 'pandoc', '--min-compiled', '1', '--max-overfull', '0', '--min-preservation', '0.97']);
    expect(a).toMatchObject({ dir: 'notes', types: ['natural', 'article'], outDir: 'out', comparePandoc: true, thresholds: { minCompiled: 1, maxOverfull: 0, minPreservation: 0.97 } });
  });

  it('says what is wrong', () => {
    expect(() => parseEvalArgs([])).toThrow('Missing DIR');
    expect(() => parseEvalArgs(['d', '--types', 'poster'])).toThrow("Unknown type 'poster'");
    expect(() => parseEvalArgs(['d', '--min-preservation', '1.5'])).toThrow('--min-preservation needs a number from 0 to 1');
    expect(() => parseEvalArgs(['d', '--compare', 'latexmk'])).toThrow('--compare knows only pandoc');
  });
});
