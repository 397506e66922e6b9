// What reader 49's pages showed, by class: a chat assistant's deck (its opening, "Slide N —"
// headings, a "Title" slide), … Each rule is shown beside a note it must not change.
import { describe, expect, it } from 'vitest';
import { generate } from './index.js';
import type { DocumentType } from '../../../../shared/document-types.js';

const body = (content: string, documentType: DocumentType): string => {
  const latex = generate({ content, documentType }).latex;
  return latex.slice(latex.indexOf('\\begin{document}'));
};

describe('reader 49: a deck pasted from a chat assistant', () => {
  it('drops the opening, takes the numbers off "Slide N —" headings and makes the "Title" slide the title page', () => {
    const note = 'Sure! Here is a short deck on recycling:\n\n## Slide 1 — Title\n**Recycling at Home**\nby Ana Ruiz\n\n## Slide 2 — Why it matters\n- less waste\n- saves energy\n\n## Slide 3 — What to do\n- sort paper\n- rinse cans\n\nWould you like me to add speaker notes?\n';
    const b = body(note, 'presentation');
    expect(b).toContain('\\title{Recycling at Home}');
    expect(b).toContain('\\author{Ana Ruiz}');
    expect(b).toContain('{Why it matters}');
    expect(b).toContain('{What to do}');
    expect(b).not.toMatch(/Sure!|Slide \d|Would you like/);
  });
  it('keeps numbered slides as slides and an answer of sibling headings untitled', () => {
    const deck = body('Sure! Here is a 3-slide deck:\n\n# Slide 1: Intro\nRecycling saves energy.\n\n# Slide 2: How\n- sort\n- rinse\n', 'presentation');
    expect(deck).not.toContain('\\titlepage');
    expect(deck).toContain('{Intro}');
    const outline = body('Here is your outline:\n\n## Background\nSome text here.\n\n## Method\nMore text.\n', 'article');
    expect(outline).not.toContain('\\maketitle');
    expect(outline).toContain('\\section{Background}');
    expect(outline).not.toContain('Here is your outline');
    // The answer's own title heading still names it; a note's own first line ending in a colon stays.
    expect(body('Sure! Here is the essay:\n\n# Causes of WWI\n\n## Intro\nText.\n\n## Causes\nMore.\n', 'article')).toContain('\\title{Causes of WWI}');
    expect(body('Here are my notes from Monday:\n\n## Budget\nText.\n\n## Staff\nMore.\n', 'article')).toContain('Here are my notes from Monday');
  });
});

describe('reader 49: labels, units and short reports', () => {
  it('keeps a thing named by a letter and number as words, and sets molar M upright after a figure', () => {
    const b = body('Results\n\nAbsorbance of sample B7 = 0.42\nc = n / V = 0.025 mol / 0.250 L = 0.10 M\n', 'article');
    expect(b).toContain('sample B7');
    expect(b).not.toContain('B_{7}');
    expect(b).toContain('0.10\\,\\mathrm{M}');
    // An indexed quantity stays one, and a mass after a figure times another is no unit.
    expect(body('Work\n\nx1 + x2 = 5\nE = 2 M c^2\n', 'article')).toMatch(/x_\{1\} \+ x_\{2\}[\s\S]*2 M c\^\{2\}/);
  });
  it('gives a short report of two parts sections, not a chapter on each page', () => {
    const note = 'Relazione sopralluogo condominio Via Roma 12\n\nTreviso, 21/07/2025\n\nIl giorno 18 luglio 2025 è stato eseguito un sopralluogo.\n\nInterventi consigliati\n- sostituzione delle guaine;\n- verifica dei pluviali.\n\nAllegati\nfoto 1-12, planimetria piano terra\n';
    const b = body(note, 'report');
    expect(b).not.toContain('\\chapter');
    expect(b).toContain('\\section{Interventi consigliati}');
  });
});
