// What reader 57 showed on fresh notes, by class: markup printed (a reaction with a remark in another
// script fell back to its TeX, µg/m³ printed \textmu); units without a number set as italic
// fractions (m/s², km/h → m/s, µg/m³); meaning changed (A*AA as a product, log2(n) as log 2(n), a
// limit's approach on the line, a range as a subtraction); one formula of a chemistry note left
// plain (KNO3) or broken at a precipitate's arrow or a hyphen (CO2-Fixierung); spaces lost
// ("700 ml l'una", "10 (dilution factor)"). Each rule is shown beside a note it must not change.
import { describe, expect, it } from 'vitest';
import { generate } from './index.js';

const body = (content: string, documentType: 'article' | 'basic' | 'presentation' = 'article'): string => {
  const latex = generate({ content, documentType }).latex;
  return latex.slice(latex.indexOf('\\begin{document}'));
};
const lines = (text: string): string => body(`Notes\n\nSome words to start with.\n\n${text}\n`);

describe('reader 57: nothing of the generator printed', () => {
  it('sets a reaction with a remark in Cyrillic and a degree sign, and falls back to the typed words, never the TeX', () => {
    const out = body('Хімія\n\nОСНОВИ\nнерозчинні: Cu(OH)2, Fe(OH)3\nCu(OH)2 → CuO + H2O  (при нагріванні, t°)\n', 'basic');
    expect(out).toMatch(/\\ce\{Cu\(OH\)2 -> CuO \+ H2O\} \\quad \\text\{\(при нагріванні/);
    expect(out).not.toContain('textbackslash');
  });

  it('sets micro units upright in formulas, tables and text', () => {
    const out = lines('- RF: RMSE 2.1 → 4.4 µg/m³\n\n| model | RMSE (µg/m³) | MAE |\n|---|---|---|\n| RF | 4.4 | 3.1 |');
    expect(out).not.toContain('textbackslash');
    expect(out).toContain('\\text{\\textmu{}g}/\\mathrm{m}^{3}');
  });
});

describe('reader 57: units and meaning', () => {
  it('sets a unit standing without a number upright, and keeps quotients of variables', () => {
    const out = lines('Forces in N, masses in kg (N, kg, m/s²); speeds km/h -> m/s.\n\nBoth in µg/m³ here.');
    expect(out).toContain('\\mathrm{m}/\\mathrm{s}^{2}');
    expect(out).toContain('\\mathrm{km}/\\mathrm{h} \\to \\mathrm{m}/\\mathrm{s}');
    expect(lines('The density is rho = m/V and a = F/m.')).toMatch(/\\frac\{m\}\{V\}[\s\S]*\\frac\{F\}\{m\}/);
    expect(lines('T = 2 pi sqrt(L/g)')).toContain('\\frac{L}{g}');
  });

  it('keeps grades, a logarithm\'s base, a limit\'s approach and a range', () => {
    expect(body('Dear Ms Hale,\n\nHis predicted grades are A*AA and he will do well.\n\nYours sincerely,\nJ. Barnes\n', 'basic')).toContain('A*AA');
    expect(lines('The height h ≈ log2(n) for a balanced tree.')).toContain('\\log_{2}(n)');
    expect(lines('lim n→∞ (1 + 1/n)^n = e')).toContain('\\lim_{n \\to \\infty}');
    const range = lines('Protein roughly 1.25-1.5 g/kg/day for older adults.');
    expect(range).toContain('1.25\\text{--}1.5\\,\\mathrm{g}/\\mathrm{kg}/\\mathrm{day}');
    expect(lines('x = 3-2 m')).not.toContain('text{--}');
  });

  it('sets every formula of a chemistry note, a precipitate\'s arrow and a formula hyphened to a word', () => {
    const out = body('Солі\n\nNaCl — натрій хлорид\nCaCO3 — кальцій карбонат\nKNO3 — калій нітрат\nAgNO3 + NaCl → AgCl↓ + NaNO3\n', 'basic');
    expect(out).toContain('$\\ce{KNO3}$');
    expect(out).toContain('$\\ce{NaCl}$');
    expect(out).toContain('\\ce{AgNO3 + NaCl -> AgCl v + NaNO3}');
    expect(lines('Die CO2-Fixierung im Calvin-Zyklus.')).toContain('$\\ce{CO2}$-Fixierung');
    // Outside a chemistry note, a code name stays as typed.
    expect(lines('We shipped KNO3 last week.')).not.toContain('\\ce');
  });

  it('keeps the space before a remark in brackets and an elided word after a unit', () => {
    expect(lines('c(vinegar) = 0.08419 M × 10 (dilution factor) = 0.842 M')).toContain('0.08419\\,\\mathrm{M} \\times 10 \\text{ (dilution factor)}');
    expect(lines("- 2 bottiglie di passata (700 ml l'una) + 2 cucchiai")).not.toContain('\\mathrm{l}');
  });
});
