// What reader 48's pages showed, by class: a run of numbered headings read as one, tables typed
// with tabs or spaces (lined up on screen, a row's second line, a blank line between weeks), a
// table's first row as data or names, worked math in lecture notes as formulas and not code,
// one-sided limits, stars around words, a caps heading with a remark, spaces kept after quotes
// and dashes beside CJK letters. Each rule is shown beside a note it must not change.
import { describe, expect, it } from 'vitest';
import { generate } from './index.js';
import type { DocumentType } from '../../../../shared/document-types.js';

const body = (content: string, documentType: DocumentType): string => {
  const latex = generate({ content, documentType }).latex;
  return latex.slice(latex.indexOf('\\begin{document}'));
};
const preamble = (content: string, documentType: DocumentType): string => {
  const latex = generate({ content, documentType }).latex;
  return latex.slice(0, latex.indexOf('\\begin{document}'));
};

describe('reader 48: headings and tables as the person typed them', () => {
  it('numbered headings with points under some of them are all headings, not list items between sections', () => {
    const note = 'Project plan\n\n1. Background\n - older adults fall often\n - falls lead to fractures\n\n2. Goals\n Main goal: detect risky gait early.\n\n3. Methods\n Year 1: sensor design\n\n4. Impact\n • academic: open dataset\n • social: lower costs\n';
    const b = body(note, 'article');
    expect(b.match(/\\section\{/g)).toHaveLength(4);
    expect(b).toContain('\\section{Background}');
    expect(b).toContain('\\section{Impact}');
    expect(b).not.toMatch(/\\begin\{enumerate\}/);
    // A numbered list whose items each carry points stays a list.
    const list = body('Shopping\n\n1. Bakery\n - bread\n - rolls\n\n2. Market\n - apples\n\n3. Pharmacy\n - plasters\n', 'article');
    expect(list).not.toContain('\\section');
  });

  it('tabs typed to line columns up on screen make one table; a row short of cells is padded, the names row is the header', () => {
    const note = 'Trip\n\nBUDGET\nitem\t\test.\tnotes\nflights\t\t520\talready paid\naccommodation\t780\t11 nights\nfuel\t\t110\t~900 miles\nmisc/souvenirs\t150\nTOTAL\t\t2435\n';
    const b = body(note, 'basic');
    expect(b.match(/\\begin\{tabular\}/g)).toHaveLength(1);
    expect(b).toContain('\\textbf{item} & \\textbf{est.} & \\textbf{notes}');
    expect(b).toContain('accommodation & 780 & 11 nights');
    expect(b).toMatch(/TOTAL & 2435 & +\\\\/);
  });

  it('a row\'s second line indented to the last column is more of its cell; weeks split by a blank line are one table', () => {
    const note = 'Road trip\n\nFri 16 May   fly BOS -> EDI overnight\nSat 17       Edinburgh, castle at 2:30\n             - old town walk, dinner\nSun 18       Arthur\'s Seat early\nMon 19       pick up car 9am\n\nTue 20       Pitlochry to Inverness\nWed 21       Loch Ness\nThu 22       Skye\n';
    const b = body(note, 'basic');
    expect(b.match(/\\begin\{(?:tabular|longtable)\}\{/g)).toHaveLength(1);
    expect(b).toMatch(/Sat 17 & (?:\{\\begin\{tabular\}\[t\]\{@\{\}l@\{\}\})?Edinburgh, castle at 2:30(?:\\newline |\\\\ )old town walk, dinner/);
    expect(b).toContain('Wed 21 & Loch Ness');
    expect(b).not.toMatch(/\\textbf\{(?:Fri|Sun|Tue)/);
  });

  it('a first row of sentences, or of one shape with the column ("R1" over "R2"), is data; "1차년도" over figures names its column', () => {
    const risks = body('Status\n\nRisks\nR1  Only one admin on the team, and he is on leave.  Mitigation: hire a contractor.\nR2  Finance owners not responding.  Mitigation: escalate to CFO.\nR3  Forms will not migrate.  Mitigation: rebuild them.\n', 'report');
    expect(risks).toMatch(/\nR1 & Only one admin/);
    expect(risks).not.toContain('\\textbf{R1}');
    const budget = body('예산\n\n항목 | 1차년도 | 2차년도\n인건비 | 42,000 | 45,000\n재료비 | 28,000 | 15,000\n', 'article');
    expect(budget).toMatch(/\\textbf\{항목\} & \\textbf\{1차년도\}[\s\S]*\\midrule/);
  });

  it('two rows of four columns or more aligned with spaces are a table', () => {
    const b = body('Lab\n\nAmplitude test\nangle    5 deg    10 deg    20 deg    30 deg\nT (s)    1.793    1.794     1.806     1.820\n', 'report');
    expect(b).toContain('T (s) & 1.793 & 1.794 & 1.806 & 1.820');
    // Two lines with two spaces after their stops stay text.
    expect(body('Diary\n\nIt rained.  We stayed in.\nThen it cleared.  We went out.\n', 'article')).not.toContain('tabular');
  });

  it('title-block fields three spaces apart are each kept: a field beside a date is not lost', () => {
    const b = body('PHYS 121 Lab 4 - Determining g\nName: Tomás Reyes      Partner: Hannah Oduya\nDate performed: Sept 30 2024    Section 03, TA: Mr. Lindqvist\n\nObjective\nTo measure g.\n', 'report');
    expect(b).toContain('Section 03, TA: Mr. Lindqvist');
    expect(b).toContain('\\date{Date performed: Sept 30 2024}');
  });

  it('an ALL-CAPS heading with a remark after an arrow is the slide\'s title, the remark the speaker\'s note', () => {
    const b = body('ORIENTATION\n\nWELCOME\n * who we are\n * what we do\n\nCLIENT DIGNITY   <- most important slide, slow down here\n * clients choose their own food\n * no questions about income\n', 'presentation');
    expect(b).toContain('{CLIENT DIGNITY}');
    expect(b).toContain('\\note{most important slide, slow down here}');
    expect(b).not.toMatch(/<-|\\leftarrow/);
  });
});

describe('reader 48: a deck\'s cover slide', () => {
  it('"Diapositiva 1: Portada" whose points name the title and the names is the title slide; the note\'s first line its subtitle', () => {
    const note = 'Presentación campaña "Recicla tu Insti" - 3º ESO B\npara la reunión del consejo escolar\n\nDiapositiva 1: Portada\n- título: Recicla tu Insti\n- nombres: Lucía, Mateo e Irene\n\nDiapositiva 2: ¿Qué problema hay?\n- solo hay contenedores en la cafetería\n- el papel va al contenedor normal\n';
    const b = body(note, 'presentation');
    expect(b).toContain('\\title{Recicla tu Insti}');
    expect(b).toMatch(/\\subtitle\{Presentación campaña/);
    expect(b).toContain('\\author{Lucía \\and Mateo \\and Irene}');
    expect(b).not.toMatch(/Portada|título:/);
    expect(b.match(/\\begin\{frame\}/g)).toHaveLength(2);
  });
});

describe('reader 48: math in lecture notes', () => {
  const LECTURE = 'MATH 151 - lecture 9\n\n***exam 1 is NEXT thurs***\n\nTheory\nFor small angles the period is\n    T = 2*pi*sqrt(L/g)\nso\n    g = 4*pi^2*L / T^2\n\nlimits at infinity\n lim x->inf (3x^2 + 1)/(2x^2 - x) = 3/2\n lim x->inf 1/x = 0\n\nex: f(x) = sqrt(x)\n   f\'(x) = lim h->0 (sqrt(x+h) - sqrt(x))/h\n   multiply top & bottom by the conjugate (sqrt(x+h) + sqrt(x))\n   = lim h->0 1/(sqrt(x+h) + sqrt(x)) = 1/(2 sqrt(x))\n\none sided limits: lim x->a- and lim x->a+ , equal to f(a)!!\n';

  it('formulas indented under a sentence are displays, never code boxes or bullets', () => {
    const b = body(LECTURE, 'article');
    expect(b).not.toContain('lstlisting');
    expect(b).toContain('\\[\nT = 2 \\pi \\sqrt{\\frac{L}{g}}\n\\]');
    expect(b).toContain('\\[\ng = \\frac{4 \\pi^{2} L}{T^{2}}\n\\]');
    // (Formula lines one under another are one gathered display.)
    expect(b).toMatch(/\\lim_\{x \\to \\infty\} \\frac\{1\}\{x\} = 0\n\\end\{gather\*\}/);
    expect(b).toMatch(/(?:\\\[|\\\\)\nf'\(x\) = \\lim_\{h \\to 0\}/);
    expect(b).not.toMatch(/\\item \$?\\?lim|\\item multiply/);
    // Code indented under prose is still code.
    const code = body('Setup\n\nRun this:\n    import numpy as np\n    x = np.linspace(0, 1, 5)\n    print(x.sum())\n', 'article');
    expect(code).toContain('lstlisting');
  });

  it('one-sided limits take their sign; exclamation marks after a formula are the sentence\'s; stars around words are bold and italic', () => {
    const b = body(LECTURE, 'article');
    expect(b).toContain('$\\lim_{x \\to a^{-}}$ and $\\lim_{x \\to a^{+}}$');
    expect(b).toContain('$f(a)$!!');
    expect(b).toMatch(/\\textbf\{\\emph\{exam 1 is NEXT thurs\}\}|\\emph\{\\textbf\{exam 1 is NEXT thurs\}\}/);
    expect(body('Calc\n\nso n! = 120 and 5 * x stays\n', 'article')).toMatch(/\$n! = 120\$/);
  });
});

describe('reader 48: spaces beside CJK letters', () => {
  it('quotes and dashes in Western or Korean prose are not CJK punctuation (the space after them stays); ranges keep their tilde', () => {
    expect(preamble('Trip\n\nShe said “hello” to me – then left. The sign read 你好.', 'article')).toMatch(/\\xeCJKDeclareCharClass\{Default\}\{"2018,"2019,"201C,"201D,"2013/);
    expect(preamble('연구\n\n기존 낙상 “감지” 기술은 – 제한적', 'article')).toMatch(/\\xeCJKDeclareCharClass\{Default\}\{"2018/);
    expect(preamble('实验\n\n他说“你好”。', 'article')).not.toMatch(/\\xeCJKDeclareCharClass\{Default\}\{"2018/);
    expect(body('연구기간\n\n2025.06.01 ~ 2028.05.31 (3년)', 'article')).toMatch(/2025\.06\.01 \\lgsym\{∼\} 2028|2025\.06\.01 \\ensuremath\{\\sim\} 2028|2025\.06\.01 ∼ 2028/);
  });
});

describe('reader 49: speaker notes and chat pastes', () => {
  const DECK = 'slide 1 - Pedalshare Q3 review\nriverside ops team, oct 2025\n(notes: thank everyone for coming)\n\nSlide 2 - where we are\n- 1,140 bikes live\n- app rating 4.6\nnotes: stress the e-bike number\n\nSlide 3 - offers\nHinweis: prices are final\nSprechernotiz: Lindner is dearer\n';

  it('"notes:", "(notes: …)" and "Sprechernotiz:" in a deck of slide markers are the speaker\'s, never on the slide or the title page', () => {
    const b = body(DECK, 'presentation');
    expect(b).toContain('\\note{thank everyone for coming}');
    expect(b).toContain('\\note{stress the e-bike number}');
    expect(b).toContain('\\note{Lindner is dearer}');
    expect(b).not.toMatch(/notes:|Sprechernotiz|\\subtitle\{\(/);
    expect(b).toContain('Hinweis: prices are final');
    // Outside a deck a "Notes:" line is the note's own.
    expect(body('Trip\n\nWe left at nine.\nNotes: bring water\n', 'article')).toContain('Notes: bring water');
  });

  it('a chat assistant\'s closing offer is dropped; a quoted speaker note is the speaker\'s', () => {
    const chat = '# Offsite\n\n## Why an offsite?\n- we went remote in 2024\n\n> 🗣️ *Speaker note:* Keep this upbeat.\n\n## Dates\n- Tue 10 March\n\nWould you like me to turn this into full speaker notes?\n';
    const b = body(chat, 'presentation');
    expect(b).not.toContain('Would you like');
    expect(b).toMatch(/\\note\{.*Speaker note/);
    expect(b).not.toContain('\\begin{quote}');
    // A question ending a person's own plain note stays.
    expect(body('Plan\n\nWe pack on Friday.\n\nShall I book the train?\n', 'article')).toContain('Shall I book the train?');
  });

  it('"in H2" is a year\'s second half, not hydrogen; a line of code over code is no heading', () => {
    expect(body('Review\n\nSatisfaction dipped to 87% in H2.\n\nBubbles of H2 formed.\n', 'article')).toMatch(/in H2\.[\s\S]*\\ce\{H2\}/);
    const code = body('Monte Carlo\n\nThe code:\n\nimport random\n\ndef estimate(n):\n    inside = 0\n    for _ in range(n):\n        x = random.uniform(-1, 1)\n    return inside\n\nprint(estimate(100))\n', 'article');
    expect(code).not.toMatch(/section\*?\{import random\}/);
  });

  it('a dash list\'s last item ending with a stop stays in the list; dialogue stays dialogue', () => {
    const b = body('Relazione\n\nallo scopo di:\n– quantificare il danno;\n– valutare i danni;\n– indicare gli interventi urgenti.\n\nAltro.\n', 'report');
    expect(b).toContain('\\item indicare gli interventi urgenti.');
    const talk = body('Глава 1\n\n— Вы сын Николая Петровича? — спросила она.\n— Да.\n— Хорошо.\n', 'article');
    expect(talk).not.toContain('\\item');
  });
});
