// What reader 59 showed on fresh notes, by class: the title block's slots (a team's name split at
// "&" into two people, a Czech place and month left in the body, the professor taken for the author
// of a student's notes, "Referat Geographie" taken for a name); lines run together (dialogue opened
// by dashes, a CV's two qualifications); speaker notes printed on Markdown slides; a bold line glued
// onto the item above it; math whose meaning changed (Σxi as Σξ, xn as x·n, x̄ losing its bar,
// sqrt(variance) losing its argument, "12 t/m 30" made a unit); a question left as text beside its
// sibling headings; numbered steps set above their parent heading; a lead-in line read as code.
// Each rule is shown beside a note it must not change.
import { describe, expect, it } from 'vitest';
import { generate } from './index.js';
import { splitAuthors } from './parse/notes/people.js';
import { splitAsciiMath } from './math/ascii/find.js';

type DocType = 'article' | 'basic' | 'presentation' | 'report' | 'book';
const latexOf = (content: string, documentType: DocType = 'article'): string => generate({ content, documentType }).latex;
const body = (content: string, documentType: DocType = 'article'): string => {
  const latex = latexOf(content, documentType);
  return latex.slice(latex.indexOf('\\begin{document}'));
};
const lines = (text: string): string => body(`Notes\n\nSome words to start with.\n\n${text}\n`);
const tex = (text: string): string => splitAsciiMath(text).map((p) => (p.kind === 'math' ? `$${p.tex}$` : p.value)).join('');

describe('reader 59: the title block', () => {
  it('keeps a group named with "&" whole, and still splits two people', () => {
    expect(splitAuthors('Infrastructure & Platform team (lead: Rita Okonkwo)')).toEqual(['Infrastructure & Platform team (lead: Rita Okonkwo)']);
    expect(splitAuthors('R&D team')).toEqual(['R&D team']);
    expect(splitAuthors('Lena Hoffmann & Jonas Weber')).toEqual(['Lena Hoffmann', 'Jonas Weber']);
    expect(splitAuthors('Anna & Ben')).toEqual(['Anna', 'Ben']);
  });

  it('reads Czech labels and months: the authors and "Kladno, červen 2024" fill the title page', () => {
    const latex = latexOf('Měření prašnosti v okolí gymnázia\nZávěrečná zpráva projektu\nAutoři: Tereza Nováková, Ondřej Svoboda\nVedoucí: Mgr. Petra Kolářová\nKladno, červen 2024\n\nAbstrakt\nV rámci projektu jsme měřili prach.\n', 'report');
    expect(latex).toContain('\\author{Tereza Nováková, Ondřej Svoboda\\\\[1ex]{\\small Vedoucí: Mgr. Petra Kolářová}}');
    expect(latex).toContain('\\date{Kladno, červen 2024}');
    expect(latex.slice(latex.indexOf('\\maketitle'))).not.toContain('červen');
  });

  it('takes who took the notes for the author, the professor going among the facts under the name', () => {
    const latex = latexOf('Microeconomía I – Tema 3\nProf. Ramírez · Grupo B · 2º ADE\napuntes de Lucía M., 21/10/2023\n\nElasticidad\nMide cuánto cambia la cantidad.\n');
    expect(latex).toContain('\\author{Lucía M.\\\\[1ex]{\\small Prof. Ramírez}');
    expect(latex).toContain('\\date{21/10/2023}');
    expect(latexOf('Scheikunde H5\naantekeningen Noor Jansen, 7 maart\n\nHalfreacties\nZn -> Zn2+ + 2 e-\n')).toContain('\\author{Noor Jansen}');
    expect(latexOf('统计学基础\n笔记整理：王晓雨   2023年10月16日\n\n一、集中趋势\n平均数\n')).toContain('\\author{王晓雨}');
  });

  it('never takes a talk\'s kind for a name: "Referat Geographie, Klasse 11b" is the subtitle, the pupils the authors', () => {
    const latex = latexOf('Energiewende in Deutschland\nReferat Geographie, Klasse 11b\nLena Hoffmann & Jonas Weber\n12.03.2024\n\nFolie 2: Ziele\n- Klimaneutralität bis 2045\n', 'presentation');
    expect(latex).toContain('\\subtitle{Referat Geographie, Klasse 11b}');
    expect(latex).toContain('\\author{Lena Hoffmann \\and Jonas Weber}');
  });
});

describe('reader 59: lines a person typed one per line', () => {
  it('sets each line of dialogue opened by a dash as its own paragraph, and leaves a dash in a sentence alone', () => {
    const out = body('Розділ 3\n\nМарта сиділа на ґанку й вдавала, що читає. Крізь відчинене вікно долітали\nтільки уривки:\n— ...після стількох років...\n— ...вона має право знати...\n— ...а якщо це не він?\n', 'book');
    expect(out).toMatch(/уривки:\n\n\S*— ?\S* \.\.\.після стількох років\.\.\.\n\n\S*— ?\S* \.\.\.вона має право/);
    // (A line broken off after "and" is no heading.)
    expect(lines('The plan was simple — leave early and\nwalk along the river to the old bridge.')).not.toContain('\\section');
  });

  it('keeps two entries on their lines where a line ends on a figure and the next opens in capitals', () => {
    const out = body('CV\n\nEDUCATION\nBSc (Hons) Adult Nursing, Glasgow Caledonian University, 2018 – 2:1\nPgCert Clinical Education (part time, in progress) – expected 2025\n', 'basic');
    expect(out).toMatch(/2018 -- 2:1\\\\\nPgCert/);
    // (A sentence wrapped by hand, its lines running on in lower case, still runs on.)
    expect(lines('We counted the birds on the north shore every morning at about 7 and we\nwrote the figures down in the notebook that evening after dinner. Then we\nslept well.')).toMatch(/about 7 and we\nwrote the figures/);
  });
});

describe('reader 59: Markdown slides', () => {
  it('hides "speaker notes:" paragraphs of a Markdown deck in the slide\'s notes', () => {
    const deck = '# Onboarding\n\n---\n\n## Slide 1 – Why\n- 38% left in year one\n\nspeaker notes: open with the quote, pause.\n\n---\n\n## Slide 2 – Next\n- pilot in September\n\nspeaker notes: ask for volunteers.\n';
    const out = body(deck, 'presentation');
    expect(out).toContain('\\note{open with the quote, pause.}');
    expect(out).toContain('\\note{ask for volunteers.}');
    expect(out).not.toContain('speaker notes:');
  });

  it('sets a bold line typed right under an item apart from it', () => {
    const out = body('# Plan\n\n---\n\n## Proposal\n**Days 1–30: Learn**\n- buddy assigned\n- access on day 1\n**Days 31–60: Contribute**\n- one small project\n**Days 61–90: Own**\n- goals set\n\n---\n\n## End\n- thanks\n', 'presentation');
    expect(out).toMatch(/\\item access on day 1\n\\end\{itemize\}\n\\textbf\{Days 31/);
    expect(out).toMatch(/\\item one small project\n\\end\{itemize\}\n\\textbf\{Days 61/);
  });
});

describe('reader 59: math keeps its meaning', () => {
  it('reads a series: x̄ keeps its bar, xn and xi are indexed, a glued Σ sums', () => {
    expect(tex('x̄ = (x1 + x2 + … + xn) / n')).toContain('\\bar{x} = \\frac{x_{1} + x_{2} + \\cdots + x_{n}}{n}');
    expect(tex('s² = Σ(xi − x̄)² / (n − 1)')).toContain('\\sum');
    expect(tex('s² = Σ(xi − x̄)² / (n − 1)')).toContain('(x_{i} - \\bar{x})^{2}');
    expect(tex('CV = s / x̄ × 100%')).toContain('\\frac{s}{\\bar{x}}');
    // (ξ stays ξ where nothing indexes x or sums, and Σ alone stays a letter.)
    expect(tex('ξ = xi + 2')).toContain('\\xi + 2');
    expect(tex('Σ = 2')).toContain('Σ = 2');
  });

  it('keeps a function\'s argument in words, or leaves the formula as typed', () => {
    expect(tex('SD = sqrt(variance)')).toContain('\\sqrt{\\mathrm{variance}}');
    expect(tex('y = log(income)')).toContain('\\log(\\mathrm{income})');
    expect(tex('s = sqrt(var)')).not.toContain('\\sqrt{}');
    expect(tex('y = sqrt(x)')).toContain('\\sqrt{x}');
  });

  it('reads "12 t/m 30" as a range of exercises, and still sets 5 m/s', () => {
    expect(tex('opgaven 12 t/m 30 maken')).toBe('opgaven 12 t/m 30 maken');
    expect(tex('v = 5 m/s')).toContain('\\mathrm{m}/\\mathrm{s}');
  });
});

describe('reader 59: headings and code', () => {
  it('heads a short question in any of several languages as its siblings are headed', () => {
    const out = body('Scheikunde\n\nWat is redox?\nReductor = deeltje dat elektronen afstaat\nOxidator = deeltje dat elektronen opneemt\n\nHalfreacties\nvoorbeeld: zink in kopersulfaat\nZn -> Zn2+ + 2 e-\n');
    expect(out).toContain('\\section{Wat is redox?}');
    expect(out).toContain('\\section{Halfreacties}');
  });

  it('sets numbered steps under the heading they follow, each command as code, and a lead-in as text', () => {
    const out = body('backup notes\n\nsteps\n1. ssh into nas\nssh admin@192.168.1.40\n2. install rsync\nsudo apt install rsync\n\nthe script (backup.py):\n\nimport subprocess\nimport datetime\n\ndef run():\n    subprocess.run(["rsync", "-a"])\n', 'basic');
    expect(out).toMatch(/\\section\*\{steps\}\n\n\\subsection\*\{1\. ssh into nas\}\n\n\\begin\{lstlisting\}[^\n]*\nssh admin@192\.168\.1\.40\n\\end\{lstlisting\}/);
    expect(out).toContain('\\subsection*{2. install rsync}');
    expect(out).toMatch(/the script \(backup\.py\):\n[\s\S]*\\begin\{lstlisting\}[^\n]*\nimport subprocess/);
    // (Numbered sections after a heading with words of its own stay beside it.)
    expect(body('Report\n\nAbstract\nWe measured things.\n\n1. Introduction\nSome words here.\n\n2. Methods\nMore words.\n')).toMatch(/\\section\{Introduction\}|\\section\*?\{1\. Introduction\}/);
  });
});

describe('reader 59: a deck\'s title slide and stacked heads', () => {
  it('reads an Arabic deck: "الشريحة N:" marks slides, a term is the date, the cover slide after the rule is the title slide', () => {
    const deck = 'الذكاء الاصطناعي في التعليم\nإعداد: سارة العتيبي\nالفصل الدراسي الثاني 2024\n\n---\nالشريحة 1: العنوان\nالذكاء الاصطناعي في التعليم\nملاحظات المتحدث: أبدأ بسؤال للحضور\n\n---\nالشريحة 2: الفرص\n- التعلم المخصص\n- التصحيح الآلي\n';
    const latex = latexOf(deck, 'presentation');
    expect(latex).toContain('\\date{الفصل الدراسي الثاني 2024}');
    expect(latex).toContain('\\titlepage\n\\note{أبدأ بسؤال للحضور}');
    expect(latex).toContain('\\begin{frame}[allowframebreaks]{الفرص}');
    expect(latex).not.toContain('{العنوان}');
    expect(latex).not.toContain('الشريحة');
    expect(latexOf('Physics revision\n2. Semester 2024\n\nForces\n- F = ma\n')).toContain('\\date{2. Semester 2024}');
  });

  it('heads both of two heads typed one over the other above points, and leaves a label over a line of text alone', () => {
    const out = body('Tarte aux pommes\n\nIngrédients :\nPâte brisée\n- 250 g de farine\n- 125 g de beurre\n\nGarniture\n- 5 pommes\n- 30 g de beurre\n', 'basic');
    expect(out).toMatch(/\\section\*\{Ingrédients\}\n\n\\section\*\{Pâte brisée\}\n\n\\begin\{itemize\}/);
    expect(body('Notes\n\nRemember:\nCall the bank.\n- passport\n- tickets\n', 'basic')).not.toContain('\\section*{Remember}');
  });
});
