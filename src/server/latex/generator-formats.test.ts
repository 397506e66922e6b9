// The specs the app hands the compile service carry everything the generator's preambles define:
// a spec that dropped the warm-up would build formats whose waiting processes do nothing ahead.
import { describe, expect, it } from 'vitest';
import { listPreambles } from './generate/builtin/write/preambles.js';
import { generate } from './generate/builtin/index.js';
import { generatorPreambleReader, generatorPreambles } from './generator-formats.js';

describe('generatorPreambles', () => {
  it("passes each preamble on with its warm-up and its while-waiting TeX (XeLaTeX's only)", async () => {
    const specs = await generatorPreambles();
    expect(specs).toHaveLength(listPreambles().length);
    for (const spec of specs) {
      if (spec.program === 'xelatex') {
        expect(spec.warmUp, spec.id).toBeDefined();
        expect(spec.whileWaiting, spec.id).toContain('\\setCJKfamilyfont{lgaheadc}{FandolSong-Regular.otf}[BoldFont=FandolSong-Bold.otf]');
        expect(spec.whileWaiting, spec.id).toContain('\\setmainfont{CMU Serif}');
      } else {
        expect(spec.warmUp, spec.id).toBeUndefined();
        expect(spec.whileWaiting, spec.id).toBeUndefined();
      }
    }
  });
});

describe('generatorPreambleReader', () => {
  const preambleOf = (latex: string) => latex.slice(0, latex.indexOf('\\begin{document}'));

  it("names the type's format for a lean preamble the generator wrote, and stands in for what it lacks", () => {
    const french = 'La Révolution française commence en 1789 et les états généraux se réunissent à Versailles pour la première fois depuis 1614.';
    const { latex } = generate({ content: `# Histoire\n\n${french}\n\n${french}`, documentType: 'article' });
    const preamble = preambleOf(latex);
    expect(preamble).not.toContain('listings');
    const reading = generatorPreambleReader(preamble);
    expect(reading?.formatId).toBe('article-pdflatex');
    // French is babel's main language here; the format has English main, the stand-in switches.
    expect(reading?.standIn).toContain('{french}');
    // The code environment is undefined after the format: an edited body fails as it would anywhere.
    expect(reading?.standIn).toContain('\\let\\lstlisting\\undefined');
    expect(reading!.resumeAt).toBeLessThanOrEqual(preamble.length);
  });

  it('reads no edited preamble and no class options the formats lack', () => {
    const { latex } = generate({ content: '# Notes\n\nSome text.', documentType: 'article' });
    expect(generatorPreambleReader(preambleOf(latex))).not.toBeNull();
    expect(generatorPreambleReader(preambleOf(latex).replace('\\usepackage{bookmark}', '\\usepackage{bookmark}\n\\usepackage{tikz}'))).toBeNull();
    const big = generate({ content: '# Notes\n\nSome text.', documentType: 'article', options: { settings: { fontSize: 12 } } });
    expect(generatorPreambleReader(preambleOf(big.latex))).toBeNull();
  });

  it("reads a short report's notitlepage class line as its own format (report.cls chose the usual format's \\maketitle with a title page)", () => {
    const minutes = 'Minutes\n\n1. Apologies\nnone.\n\n2. Budget\nagreed.\n\n3. AOB\nnone.\n';
    const { latex } = generate({ content: minutes, documentType: 'report' });
    expect(latex).toContain('notitlepage]{report}');
    expect(generatorPreambleReader(preambleOf(latex))?.formatId).toBe('report-notitlepage-pdflatex');
    expect(listPreambles().find((p) => p.id === 'report-notitlepage-pdflatex')?.preamble).toContain('\\documentclass[11pt,a4paper,notitlepage]{report}');
    const long = generate({ content: `# Annual report\n\n## One\n\n${'Text. '.repeat(400)}\n\n## Two\n\nMore.\n`, documentType: 'report' });
    expect(long.latex).not.toContain('notitlepage');
    expect(generatorPreambleReader(preambleOf(long.latex))?.formatId).toBe('report-pdflatex');
  });
});
