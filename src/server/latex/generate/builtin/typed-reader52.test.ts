// What reader 51's re-judged pages still showed, by class: a formula after a label half read
// ("Time of flight: T = 2 v0 sin theta / g"), quantities with a word for their index (Vmax, Req),
// roots in Italian, Spanish, French and German words, a divisor's "2g" read as grams, the
// discriminant "delta", a title block's lines moved below its date, and units and names in the
// serif math font on sans-serif slides. Each rule is shown beside a note it must not change.
import { describe, expect, it } from 'vitest';
import { generate } from './index.js';
import type { DocumentType } from '../../../../shared/document-types.js';

const latexOf = (content: string, documentType: DocumentType = 'article'): string => generate({ content, documentType }).latex;
const body = (content: string, documentType: DocumentType = 'article'): string => {
  const latex = latexOf(content, documentType);
  return latex.slice(latex.indexOf('\\begin{document}'));
};
const lines = (text: string): string => body(`Notes\n\nSome words to start with.\n\n${text}\n`);

describe('reader 51 again: math as typed', () => {
  it('reads the formula after a label whole, as a formula line is read', () => {
    expect(lines('Time of flight: T = 2 v0 sin theta / g')).toContain('Time of flight: $T = \\frac{2 v_{0} \\sin \\theta}{g}$');
    expect(lines('energia condensatore: E = 1/2 C V^2')).toContain('energia condensatore: $E = \\frac{1}{2} C V^{2}$');
    // A sentence after a label keeps its formula inline, found as before; a duration's arrow stays text.
    expect(lines('Note: the value x = 5 was wrong.')).toContain('Note: the value $x = 5$ was wrong.');
    expect(lines('First response time: 2h 40m → 1h 55m')).toContain('2h 40m \\ensuremath{\\rightarrow} 1h 55m');
  });
  it('sets a letter with the word of its index as one indexed quantity', () => {
    expect(lines('parallelo: 1/Req = 1/R1 + 1/R2 + ... + 1/Rn')).toContain('\\frac{1}{R_{\\mathrm{eq}}} = \\frac{1}{R_{1}} + \\frac{1}{R_{2}} + \\cdots + \\frac{1}{R_{n}}');
    expect(lines('Vout = Vin * R2 / (R1 + R2)')).toContain('V_{\\mathrm{out}} = \\frac{V_{\\mathrm{in}} R_{2}}{R_{1} + R_{2}}');
    // Words that only look like one stay words.
    expect(lines('Tin and Min were the pets.')).not.toContain('_{\\mathrm{in}}');
  });
  it('reads a root in the words of several languages', () => {
    expect(lines('Veff = Vmax / radice di 2 ≈ 0,707 Vmax')).toContain('V_{\\mathrm{eff}} = \\frac{V_{\\mathrm{max}}}{\\sqrt{2}} \\approx 0{,}707 V_{\\mathrm{max}}');
    expect(lines('f0 = 1 / (2 pi radice di LC)')).toContain('f_{0} = \\frac{1}{2 \\pi \\sqrt{L C}}');
    expect(lines('d = raiz de 2')).toContain('d = \\sqrt{2}');
    // A remark in words after a formula stays a remark.
    expect(lines('pH + pOH = 14 (at 25 C)')).toContain('\\text{(at 25 C)}');
  });
  it('keeps a variable that divides a variable a variable, and grams grams', () => {
    expect(lines('H = v0^2 sin^2 theta / (2g)')).toContain('\\frac{v_{0}^{2} \\sin^{2} \\theta}{2 g}');
    expect(lines('m = 100 g')).toContain('100\\,\\mathrm{g}');
  });
  it('sets a quadratic\'s discriminant as Δ and leaves δ elsewhere', () => {
    const b = lines('delta = b^2 - 4ac\nx = (-b ± sqrt(delta)) / 2a');
    expect(b).toContain('\\Delta = b^{2} - 4 a c');
    expect(b).toContain('\\sqrt{\\Delta}');
    expect(lines('delta = 0.5')).toContain('\\delta = 0.5');
    expect(lines('x = 2 plus or minus 1')).toContain('x = 2 \\pm 1');
  });
});

describe('reader 51 again: title blocks and slides', () => {
  it('keeps the lines typed above the date above it, and a topic under the title as its subtitle', () => {
    const es = body('Cálculo I – Apuntes de clase\nTema 3: Límites y derivadas\nProf. Martínez — 8 de octubre de 2024\n\n1. Límites\nlim x->0 sen x / x = 1\n');
    expect(es).toContain('\\title{Cálculo I -- Apuntes de clase\\\\[0.3em]\\large Tema 3: Límites y derivadas}');
    expect(es).toContain('\\author{Prof. Martínez}');
    const zh = body('2024年第三季度服务器迁移项目报告\n项目负责人：王磊\n日期：2024年10月15日\n\n一、项目背景\n公司原有的12台物理服务器已使用超过6年。\n', 'report');
    expect(zh).toMatch(/\\date\{\{\\small 项目负责人：王磊\}\\\\\[1ex\]2024年10月15日\}/);
    // A line typed under the date stays under it.
    expect(body('Team meeting\nMarch 3, 2025\nAttendees: Ana, Bo\n\nWe met.\n')).toContain('\\date{March 3, 2025\\\\[1ex]{\\small Attendees: Ana, Bo}}');
  });
  it('sets \\mathrm in a slide\'s sans-serif font, only where a slide uses it', () => {
    const deck = latexOf('Support review\n\nSlide 1: Results\n- CSAT >= 92% this quarter\n- 675 kWh per month\n', 'presentation');
    expect(deck).toContain('\\SetMathAlphabet{\\mathrm}{normal}{\\encodingdefault}{\\sfdefault}{m}{n}');
    expect(latexOf('Review\n\nSlide 1: Results\n- it went well\n', 'presentation')).not.toContain('SetMathAlphabet');
    expect(latexOf('Review\n\nResults: CSAT >= 92% this quarter, 675 kWh.\n', 'article')).not.toContain('SetMathAlphabet');
  });
});

describe('reader 52: headings, code, lines and slides', () => {
  it('heads nothing with a reaction or a line of dialogue', () => {
    expect(lines('2 Cu2+ + 4 I- -> 2 CuI(s) + I2')).not.toContain('\\section');
    const story = body('The Shed\n\nChapter 1 – Home\n\n"Why?"\nMorag shrugged. "You\'d have had to ask him."\nThe cottage was smaller than she remembered, and colder.\n\nChapter 2 – Sea\n\nIt rained.\n', 'book');
    expect(story).not.toMatch(/section\*?\{Morag/);
    // A heading in brackets with its exclamation stays a heading.
    expect(lines('Satz des Pythagoras (nur im rechtwinkligen Dreieck!)\na Quadrat plus b Quadrat gleich c Quadrat\n\nMehr Text folgt hier.')).toContain('Pythagoras');
  });
  it('keeps a comment over pasted code in the code, and a SQL clause alone as code', () => {
    const r = body('## R\n\nbefore <- c(1, 2)\nt.test(after, before, paired = TRUE)\n\n# two sample, Welch is the default\nstudy <- read.csv("study_app.csv")\nt.test(score ~ group, data = study)\n\nSome words after it.\n');
    expect(r).toMatch(/paired = TRUE\)\n\n# two sample, Welch is the default\nstudy/);
    const sql = lines("Вместо функции от колонки используем диапазон:\n\nWHERE created_at >= '2025-01-31' AND created_at < '2025-02-01'\n\nПосле этого план изменился.");
    expect(sql).toContain("\\begin{lstlisting}[escapechar=`]\nWHERE created_at >= '2025-01-31'");
    expect(lines('WHERE we live matters to us.')).not.toContain('lstlisting');
  });
  it('keeps statements typed one per line as lines in a Markdown note, and joins a sentence carried on', () => {
    const md = body('## Errors\n\nType I error = reject H0 when it is true. P(Type I) = alpha\nType II error = fail to reject H0 when it is false\npower = 1 - beta\ntrade off: smaller alpha means bigger beta\n\n- a point\n');
    expect(md).toMatch(/P\(Type I\) = (?:alpha|\$\\alpha\$)\\\\\nType II error/);
    expect(body('## Plan\n\nWe know that\nx = 2 + y\nholds here.\n\n- a point\n')).not.toContain('\\\\');
  });
  it('keeps a times sign typed in words beside words and between one letter twice', () => {
    const b = lines('Quadrat: A = a mal a\nRechteck: A = Länge mal Breite\nKreis: A = pi mal r Quadrat');
    expect(b).toContain('$A = a \\cdot a$');
    expect(b).toContain('$A = \\text{Länge} \\cdot \\text{Breite}$');
    expect(b).toContain('$A = \\pi r^{2}$');
  });
  it('reads "e" between figures as a word, and a centimorgan as a unit', () => {
    expect(lines('- reservatório ideal entre 30 e 60 m³ (acima disso o ganho é pequeno)')).toContain('entre 30 e $60\\,\\mathrm{m}^{3}$');
    expect(lines('1% rekombinacji = 1 cM (centymorgan)')).toContain('1\\,\\mathrm{cM}');
  });
  it('keeps a list\'s "1)" and an Arabic list\'s own digits', () => {
    expect(body('Письмо\n\nПриложения:\n1) резюме;\n2) диплом;\n3) справка.\n', 'letter')).toContain('\\begin{enumerate}[label=\\arabic*)]');
    expect(body('رسالة\n\nالمرفقات:\n١. السيرة الذاتية\n٢. الشهادة\n', 'letter')).toContain('\\item[١.] السيرة الذاتية');
  });
  it('makes "Slide 1" with a byline alone under a working header the title slide', () => {
    const deck = body('ENVS 105 – group 4 presentation draft\nKayla Brooks, Ethan Marsh\nApril 8 2025\n\nSlide 1: Microplastics in Lake Erie\ngroup 4, ENVS 105, Prof. Lindgren\n\nSlide 2: What are microplastics\n- pieces smaller than 5 mm\n', 'presentation');
    expect(deck).toContain('\\title{Microplastics in Lake Erie}');
    expect(deck).toContain('\\subtitle{ENVS 105 -- group 4 presentation draft}');
    expect(deck).not.toMatch(/\\begin\{frame\}[^\n]*\{Microplastics/);
    // A first slide of content under the header stays a slide.
    const talk = body('Referat: Erneuerbare Energien\nLena Hoffmann & Tobias Krüger\n\nFolie 1 - Einleitung\nEnergiewende seit 2000 (EEG)\nZiel: 80% Ökostrom bis 2030\n\nFolie 2 - Wind\n- viel Wind\n', 'presentation');
    expect(talk).toMatch(/\\begin\{frame\}[^\n]*\{Einleitung\}/);
  });
  it('leaves out the contents of a book with a chapter of no name', () => {
    const book = body('The Lighthouse\nby Ann Lee\n\nCHAPTER ONE\nThe Storm\n\nIt rained all night.\n\nCHAPTER TWO\n\nMorning came slowly.\n\nCHAPTER THREE\nHome\n\nThey went home.\n', 'book');
    expect(book).not.toContain('\\tableofcontents');
    expect(body('The Lighthouse\nby Ann Lee\n\nCHAPTER ONE\nThe Storm\n\nIt rained all night.\n\nCHAPTER TWO\nDawn\n\nMorning came slowly.\n', 'book')).toContain('\\tableofcontents');
  });
});
