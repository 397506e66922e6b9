// What a reader of the slides expects: speaker notes are beamer notes (hidden), never slide text,
// and slide tools' directives stay hidden; frame titles carry no numerals; a table or figure
// never gets an untitled frame of its own; short sentences on a slide are bullets. Speaker
// notes in other documents keep their words under a label.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DocumentType } from '../../../../../shared/document-types.js';
import { generate } from '../index.js';
import { hasTex, pdfToText, startCompilePool, type CompilePool } from '../../../../../eval/compile-corpus.js';
import { listPreambles } from './preambles.js';
import { asBullets } from './slide-bullets.js';

const gen = (content: string, documentType: DocumentType = 'presentation') =>
  generate({ content, documentType, options: { useMath: true, splitTables: false } }).latex;
const body = (latex: string) => latex.slice(latex.indexOf('\\begin{document}'));
/** Each frame's source, in order. */
const frames = (latex: string) => [...body(latex).matchAll(/\\begin\{frame\}[\s\S]*?\\end\{frame\}/g)].map((m) => m[0]);
/** The LaTeX of the frames without their \note{…} arguments. */
function shown(latex: string): string {
  const b = body(latex);
  let out = '';
  let from = 0;
  for (let at = b.indexOf('\\note{'); at >= 0; at = b.indexOf('\\note{', from)) {
    let depth = 0;
    let end = at + 5;
    for (; end < b.length; end++) {
      if (b[end] === '{' && b[end - 1] !== '\\') depth++;
      else if (b[end] === '}' && b[end - 1] !== '\\' && --depth === 0) break;
    }
    out += b.slice(from, at);
    from = end + 1;
  }
  return out + b.slice(from);
}

const MARP = [
  '---',
  'marp: true',
  'theme: gaia',
  'paginate: true',
  '---',
  '',
  '# Reaction Rates',
  '',
  '<!-- _class: lead -->',
  '<!-- Welcome everyone and introduce the lab partners. -->',
  '',
  '---',
  '',
  '## Collision theory',
  '',
  '- Particles must collide',
  '- With enough energy',
  '',
  '<!-- paginate: false -->',
  '<!-- Stress the activation energy & the 50% rule. -->',
  '',
  '---',
  '',
  '## Temperature',
  '',
  '<!-- An aside for the author: check the figure. -->',
  '',
  'Rates double every ten degrees.',
  '',
].join('\n');

describe('speaker notes in a presentation', () => {
  it('Marp: the comments ending a slide are \\note{…} in its frame, escaped like text; directives are not notes', () => {
    const latex = gen(MARP);
    const [titlePage, collision, temperature] = frames(latex);
    expect(titlePage).toContain('\\titlepage\n\\note{Welcome everyone and introduce the lab partners.}');
    expect(collision).toMatch(/\\begin\{frame\}\[allowframebreaks\]\{Collision theory\}[\s\S]*\\note\{Stress the activation energy \\& the 50\\% rule\.\}\n\\end\{frame\}$/);
    // A comment in the middle of a slide is a hidden remark, as in Slidev.
    expect(temperature).not.toContain('\\note');
    expect(latex.slice(latex.indexOf('\\begin{document}'))).not.toMatch(/aside for the author|_class|lead|paginate|marp|gaia/);
    expect(shown(latex)).not.toMatch(/Welcome everyone|activation energy/);
  });

  it('Slidev: the note at the end of a slide, per-slide front matter and <style> never shown', () => {
    const note = [
      '---', 'theme: seriph', 'title: Vue Tips', 'transition: slide-left', 'mdc: true', 'duration: 20min', '---', '',
      '# Vue Tips', '', 'A short talk.', '', '<!--', 'Say hello and ask who uses Vue.', '-->', '',
      '---', 'layout: two-cols', 'transition: fade-out', '---', '', '# Reactivity', '', 'Refs and computed values.', '',
      '<style>', 'h1 { color: red; }', '</style>', '', '<!-- Mention the docs. -->', '',
    ].join('\n');
    const latex = gen(note);
    expect(body(latex)).toContain('\\note{Say hello and ask who uses Vue.}');
    expect(body(latex)).toContain('\\note{Mention the docs.}');
    expect(body(latex)).not.toMatch(/layout|two-cols|fade-out|transition|color: red|20min|Duration/);
    expect(frames(latex).map((f) => /\{([^{}]*)\}\\relax/.exec(f)?.[1])).toEqual([undefined, '', 'Reactivity']);
  });

  it('reveal.js: a Note: line holds the rest of its slide, in a deck only', () => {
    const note = [
      '# Quiz', '', '<section data-markdown>', '', 'Which way does the force point?', '', '1. Up', '2. Down', '',
      'Note:', '* CORRECT ANSWER: B', '', '</section>', '', '<section data-markdown>', '', 'Second question?', '',
      'Notes: ask the class first.', '', 'Then reveal.', '', '</section>', '',
    ].join('\n');
    const latex = gen(note);
    expect(body(latex)).toContain('\\note{\\begin{itemize}\n\\item CORRECT ANSWER: B\n\\end{itemize}}');
    expect(body(latex)).toContain('\\note{ask the class first.\n\nThen reveal.}');
    expect(shown(latex)).not.toMatch(/CORRECT|ask the class|reveal\./);
    expect(shown(latex)).toContain('Which way does the force point?');
    // Not a deck: `Note:` is a remark of the text.
    expect(body(gen('# Plan\n\nWe meet at noon.\n\nNote: bring the keys.'))).toContain('Note: bring the keys.');
  });

  it('pandoc and Quarto ::: notes divs, org #+BEGIN_NOTES blocks', () => {
    const md = gen('# Talk\n\n## Results\n\nThe yield rose.\n\n::: notes\nMention the *outlier* in run 3.\n:::\n\n## End\n\nThanks.');
    expect(body(md)).toContain('\\note{Mention the \\emph{outlier} in run 3.}');
    expect(shown(md)).not.toContain('outlier');
    expect(body(gen('# T\n\n## S\n\nShown.\n\n::: {.notes}\nHidden words.\n:::\n'))).toContain('\\note{Hidden words.}');
    // Docusaurus's :::note is an admonition, shown on the slide.
    expect(body(gen('# T\n\n## S\n\n:::note\nShown words.\n:::\n'))).toMatch(/\\begin\{block\}\{Note\}\nShown words\.\n\\end\{block\}/);
    const org = gen('#+TITLE: Org Talk\n\n* First slide\nShown text.\n#+BEGIN_NOTES\nSay the hidden words.\n#+END_NOTES\n* Second slide\nMore.\n');
    expect(body(org)).toContain('Shown text.\n\n\\note{Say the hidden words.}\n\\end{frame}');
  });

  it('code in notes is typewriter text (no verbatim inside \\note), and notes take no room on the slide', () => {
    const items = Array.from({ length: 10 }, (_, i) => `- Point ${i + 1}`).join('\n');
    const latex = gen(`# T\n\n## Many\n\n${items}\n\n::: notes\nRun this:\n\n\`\`\`\nmake all\n\`\`\`\n:::\n`);
    const note = /\\note\{[\s\S]*\}\n\\end\{frame\}/.exec(body(latex))?.[0] ?? '';
    expect(note).toContain('\\ttfamily');
    expect(note).not.toContain('lstlisting');
    // The notes stay in the frame of the slide they belong to.
    expect(frames(latex).filter((f) => f.includes('\\note'))).toHaveLength(1);
    expect(frames(latex).find((f) => f.includes('\\note'))).toContain('Point 10');
  });
});

describe('speaker notes in other documents', () => {
  it('keep their words in a quote under a label in the document language; comments stay hidden', () => {
    for (const type of ['article', 'report', 'book', 'basic'] as const) {
      const b = body(gen(MARP, type));
      // Marp's presenter notes are HTML comments: no page but the presenter's shows them.
      expect(b).not.toContain('Speaker notes');
      expect(b).not.toContain('Stress the activation energy');
      expect(b).not.toContain('\\note');
      expect(b).not.toMatch(/_class|paginate/);
      const spoken = body(gen('# Talk\n\n## Rates\n\nText.\n\nNote: Stress the 50% rule.\n\n---\n\n## End\n\nBye.\n\n---\n', type));
      expect(spoken).toContain('\\begin{quote}\\small\n\\noindent\\textbf{Speaker notes}\\par\nStress the 50\\% rule.\n\\end{quote}');
    }
    const de = gen('# Vortrag\n\n## Ergebnisse\n\nDie Ausbeute ist gestiegen und wir sind sehr zufrieden damit.\n\n::: notes\nDen Ausreißer erwähnen.\n:::\n', 'article');
    expect(body(de)).toContain('\\textbf{Vortragsnotizen}\\par\nDen Ausreißer erwähnen.');
  });
});

describe('frames', () => {
  it('frame titles carry no numerals: continuation marks only on frames that really break', () => {
    expect(listPreambles().find((p) => p.id === 'presentation-pdflatex')?.preamble).toContain('\\setbeamertemplate{frametitle continuation}[from second]');
    const latex = gen('# Talk\n\n## Method\n\nWe measured.\n\n## Results\n\nIt worked.');
    expect(frames(latex).slice(1).map((f) => /\{([^{}]*)\}\\relax/.exec(f)?.[1])).toEqual(['Method', 'Results']);
  });

  it('a table or figure after a slide joins that slide when both fit', () => {
    const latex = gen('# Talk\n\n## Yield\n\nIt rose.\n\n---\n\n| run | yield |\n|---|---|\n| 1 | 80 |\n\n---\n\n![Yield by run](yield.png)\n');
    const [, yieldFrame, ...rest] = frames(latex);
    expect(rest).toEqual([]);
    expect(yieldFrame).toMatch(/^\\begin\{frame\}\[allowframebreaks\]\{Yield\}\\relax\nIt rose\.[\s\S]*\\begin\{tabular\}[\s\S]*\\lgcaption\{Yield by run\}/);
  });

  it('a table or figure that does not fit gets a title of its own: its caption, else the slide continued', () => {
    const items = Array.from({ length: 6 }, (_, i) => `- Observation number ${i + 1}`).join('\n');
    const rows = Array.from({ length: 6 }, (_, i) => `| ${i} | ${i * 2} |`).join('\n');
    const latex = gen(`# Talk\n\n## Yield\n\n${items}\n\n---\n\n![Yield by run](yield.png)\n\n---\n\n| a | b |\n|---|---|\n${rows}\n`);
    const titles = frames(latex).slice(1).map((f) => /^\\begin\{frame\}(?:\[[^\]]*\])?\{([^{}]*)\}/.exec(f)?.[1]);
    expect(titles).toEqual(['Yield', 'Yield by run', 'Yield (cont.)']);
  });

  it('no untitled frame for notes alone: they join the frame before them', () => {
    const latex = gen('# Talk\n\n## One\n\nText.\n\n---\n\n<!-- Pause for questions here. -->\n\n---\n\n## Two\n\nMore text.\n');
    expect(frames(latex)).toHaveLength(3);
    expect(frames(latex)[1]).toContain('Text.\n\n\\note{Pause for questions here.}');
  });
});

describe('short sentences on a slide become bullets', () => {
  it('sentences of one paragraph, and short lines that each start like a sentence', () => {
    expect(body(gen('# Talk\n\n## Why Rust\n\nIt is fast. It is safe. Dr. Smith likes it.'))).toContain(
      '\\begin{itemize}\n\\item It is fast.\n\\item It is safe.\n\\item Dr. Smith likes it.\n\\end{itemize}',
    );
    expect(body(gen('# Talk\n\n## Plan\n\nThree steps:  \nMeasure the angle  \nRecord the time  \nRepeat five times'))).toContain(
      'Three steps:\n\n\\begin{itemize}\n\\item Measure the angle\n\\item Record the time\n\\item Repeat five times\n\\end{itemize}',
    );
  });

  it('prose stays prose: long sentences, wrapped lines, a lead-in to what follows, other documents', () => {
    const long = 'The experiment measured the friction coefficient of wooden blocks sliding on an inclined plane at several angles. Each trial recorded the angle.';
    expect(body(gen(`# T\n\n## S\n\n${long}`))).not.toContain('itemize');
    expect(body(gen('# T\n\n## S\n\nIt is fast. It is safe.', 'article'))).not.toContain('itemize');
    const para = (text: string) => asBullets([{ kind: 'text', value: text }]);
    // A line running on in lower case, or cut after "a", or a last line alone ending the sentence.
    expect(para('We measured the angle\nand the time.')).toBeNull();
    expect(para('Outputs HTML that uses S5 by\nEric Meyer.')).toBeNull();
    expect(para('This PEP documents the conventions associated with\nPython docstrings.')).toBeNull();
    expect(para('It holds. Namely:')).toBeNull();
    expect(para('Input -> Map -> a,1\nInput2 -> Map ->    b,1')).toBeNull();
    expect(para('One sentence only.')).toBeNull();
    expect(para('Fast. Safe.')).toMatchObject([{ kind: 'list', items: [{}, {}] }]);
  });
});

describe('speaker notes compile', () => {
  let pool: CompilePool;

  beforeAll(async () => {
    pool = await startCompilePool();
  });

  afterAll(async () => {
    await pool?.close();
  });

  it('a Marp deck with notes: the PDF shows the slides, not the notes, and no numbered frame titles', async () => {
    expect(hasTex, 'TeX Live, bubblewrap or poppler-utils is missing: run npm test, which installs them').toBe(true);
    const note = `${MARP}\n---\n\n## Code\n\nRun it twice.\n\n<!--\nShow \`make all\` & explain $PATH, 100% live.\n\n- First point\n- Second point\n-->\n`;
    const latex = gen(note);
    // The notes are in the document: what the PDF lacks, beamer left out.
    expect(latex).toContain('\\note{Show \\texttt{make\\ all} \\& explain \\$PATH, 100\\% live.');
    const result = await pool.service.compile({ latex });
    expect(result.errors).toEqual([]);
    expect(result.status).toBe('success');
    const text = await pdfToText(result.pdf as Buffer);
    for (const shownText of ['Reaction Rates', 'Collision theory', 'Particles must collide', 'Rates double every ten degrees', 'Run it twice']) expect(text).toContain(shownText);
    for (const hidden of ['Welcome everyone', 'activation energy', 'make all', 'First point', 'aside for the author', 'paginate']) expect(text).not.toContain(hidden);
    expect(text).not.toMatch(/Collision theory I\b|Temperature I\b/);
  }, 120_000);
});

describe('what a presenter wrote around the <SLIDE> tags', () => {
  it('a snippet after the last <SLIDE> block stays on that slide, never an untitled one', () => {
    const latex = gen('title: My Talk\n\n<SLIDE>\ntitle: One\ncontent: First point\n</SLIDE>\n\n<MATHEQ>\nE = mc^2\n</MATHEQ>\n');
    const all = frames(latex);
    expect(all.some((f) => /\\begin\{frame\}(\[[^\]]*\])?\{\}/.test(f))).toBe(false);
    const one = all.find((f) => f.includes('{One}'));
    expect(one).toContain('First point');
    expect(one).toContain('E = mc^2');
  });

  it('a line under the title before the first slide is the subtitle, not an untitled slide', () => {
    for (const note of ['# My Talk\nWhy tides matter\n\n<SLIDE>\ntitle: One\ncontent: First point\n</SLIDE>\n', 'title: My Talk\nsubtitle: Why tides matter\n\n<SLIDE>\ntitle: One\ncontent: First point\n</SLIDE>\n']) {
      const latex = gen(note);
      expect(body(latex)).toContain('\\subtitle{Why tides matter}');
      expect(frames(latex).some((f) => f.includes('Why tides matter'))).toBe(false);
      expect(frames(latex).every((f) => !/\\begin\{frame\}(\[[^\]]*\])?\{\}/.test(f))).toBe(true);
    }
  });

  it('a paragraph of several sentences before the first slide is still a slide of its own', () => {
    const intro = 'Tides rise and fall twice a day. The moon pulls the water toward it, and the sun adds a smaller pull of its own. Spring tides come at new and full moon, when both pull along one line.';
    const latex = gen(`# My Talk\n${intro}\n\n<SLIDE>\ntitle: One\ncontent: First point\n</SLIDE>\n`);
    expect(body(latex)).not.toContain('\\subtitle{');
    expect(shown(latex)).toContain('Spring tides');
  });
});

describe('headings on a slide the note marked (reader 45)', () => {
  it('a line over a table on "Diapositiva 2 - …" heads the table on that slide, and never ends a frame', () => {
    const rows = (n: number) => Array.from({ length: n }, (_, k) => `${k + 1} | Nombre ${k + 1} | ${10 * (k + 1)}`).join('\n');
    const latex = gen(`Clase 3\n\nDiapositiva 1 - Hoy\n- repaso\n- JOIN\n\nDiapositiva 2 - Nuestras tablas\nalumnos (id, nombre, curso_id)\n\nalumnos\nid | nombre | curso_id\n${rows(6)}\n\ncursos\nid | nombre | aula\n${rows(6)}\n\nDiapositiva 3 - INNER JOIN\nDevuelve solo las filas con pareja.`);
    const titles = frames(latex).map((f) => /\\begin\{frame\}(?:\[[^\]]*\])?\{([^}]*)\}/.exec(f)?.[1] ?? '');
    expect(titles.filter((t) => /^(?:alumnos|cursos)/.test(t))).toEqual([]);
    expect(titles.filter((t) => t.startsWith('Nuestras tablas')).length).toBeGreaterThanOrEqual(1);
    for (const f of frames(latex)) expect(f).not.toMatch(/\\lgheading\{[^}]*\}\s*\\end\{frame\}/);
  });
});

describe('continued frames in another script (reader 46)', () => {
  it('a Hindi slide that goes on is marked "(जारी)"; "(cont.)" after a Bengali title is set in a font that has its Latin letters', () => {
    const items = Array.from({ length: 30 }, (_, k) => `- भूजल स्तर हर साल लगभग एक मीटर नीचे जा रहा है ${k + 1}`).join('\n');
    const hindi = gen(`स्लाइड 1: शीर्षक\nवर्षा जल संचयन\n\nस्लाइड 2: समस्या क्या है?\n${items}\n`);
    expect(hindi).toContain('{जारी})');
    expect(hindi).not.toContain('{cont}');
    const bengaliItems = Array.from({ length: 30 }, (_, k) => `- ভূগর্ভস্থ জলের স্তর প্রতি বছর প্রায় এক মিটার নিচে নামছে ${k + 1}`).join('\n');
    const bengali = gen(`স্লাইড 1: শিরোনাম\nবৃষ্টির জল সংরক্ষণ\n\nস্লাইড 2: সমস্যা কী?\n${bengaliItems}\n`);
    expect(bengali).toContain('(\\lgLatn{cont}.)');
    expect(bengali).not.toMatch(/\? \(cont\.\)/);
  });
});
