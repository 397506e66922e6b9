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
