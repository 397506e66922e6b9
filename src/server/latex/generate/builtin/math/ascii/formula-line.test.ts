import { describe, expect, it } from 'vitest';
import { formulaLineTex, taggedFormulaTex } from './formula-line.js';

describe('a formula line written in words', () => {
  it('reads integrals, sums and limits with their bounds', () => {
    expect(formulaLineTex('integral from 0 to pi of sin x dx = 2')).toBe('\\int_{0}^{\\pi} \\sin x \\,dx = 2');
    expect(formulaLineTex('sum from n = 0 to infinity of x^n / n! = e^x')).toBe('\\sum_{n = 0}^{\\infty} \\frac{x^{n}}{n!} = e^{x}');
    expect(formulaLineTex('limit as x approaches 0 of sin x / x = 1')).toBe('\\lim_{x \\to 0} \\frac{\\sin x}{x} = 1');
  });

  it('reads squared, square root of, Greek names and v0-style indices', () => {
    expect(formulaLineTex('f(x) = x squared plus 2x')).toBe('f(x) = x^{2} + 2 x');
    expect(formulaLineTex('square root of 2 = 1.414')).toBe('\\sqrt{2} = 1.414');
    expect(formulaLineTex('theta = omega t')).toBe('\\theta = \\omega t');
    expect(formulaLineTex('v = v0 + a t')).toBe('v = v_{0} + a t');
    // A snippet tag says it is a formula: no relation is needed.
    expect(taggedFormulaTex('x squared plus 2x')).toBe('x^{2} + 2 x');
  });

  it('sets reactions with mhchem', () => {
    expect(formulaLineTex('CH4 + 2O2 -> CO2 + 2H2O')).toBe('\\ce{CH4 + 2O2 -> CO2 + 2H2O}');
    expect(formulaLineTex('H2SO4 -> 2H+ + SO4^2-')).toBe('\\ce{H2SO4 -> 2H+ + SO4^2-}');
  });

  it('reads a formula whose quantities are written out ("variación % de la cantidad / …")', () => {
    expect(formulaLineTex('elasticity = change in quantity / change in price')).toBe('\\text{elasticity} = \\frac{\\text{change in quantity}}{\\text{change in price}}');
    expect(formulaLineTex('elasticidad precio = variación % de la cantidad demandada / variación % del precio')).toMatch(/^\\text\{elasticidad precio\} = \\frac\{/);
  });
});

describe('lines that are no formula', () => {
  it('a sentence, a glossary line, a bullet, TeX as typed', () => {
    expect(formulaLineTex('We find that x = 2 and so on')).toBeNull();
    // Words on both sides of an equals sign and nothing of math: a glossary ("head = đầu").
    expect(formulaLineTex('head = đầu')).toBeNull();
    expect(formulaLineTex('* a = b')).toBeNull();
    expect(formulaLineTex('\\alpha = 2')).toBeNull();
  });

  it('words, then a formula: a sentence whose formula is found inline (a left side of words only stays a formula)', () => {
    expect(formulaLineTex('Q1 derivative of f(x) = 3x^3 - 5x + 2')).toBeNull();
    expect(formulaLineTex('total cost C = 5n + 20')).toBeNull();
    expect(formulaLineTex('energy per year = 600 x 0.20 x 4.2 x 365')).not.toBeNull();
  });

  it('a relation needs an operand on each side: a shortcode is no formula', () => {
    expect(formulaLineTex('{{< /env >}}')).toBeNull();
    expect(formulaLineTex('{{< env theorem >}}')).toBeNull();
    expect(formulaLineTex("x' = 3")).toBe("x' = 3");
    expect(formulaLineTex('f(x) = -1')).toBe('f(x) = -1');
  });
});

describe('formula lines of physics and chemistry notes', () => {
  it('reads "delta X" as a change, indexed quantities, products of variables and units in brackets', () => {
    expect(formulaLineTex('delta H = delta U + delta n_gas * R T')).toBe('\\Delta H = \\Delta U + \\Delta n_{\\mathrm{gas}} R T');
    expect(formulaLineTex('delta = 0.5')).toBe('\\delta = 0.5');
    expect(formulaLineTex('Ka * Kb = Kw')).toBe('K_{a} K_{b} = K_{w}');
    expect(formulaLineTex('M1V1 = M2V2')).toBe('M_{1} V_{1} = M_{2} V_{2}');
    expect(formulaLineTex('PV = nRT')).toBe('P V = n R T');
    expect(formulaLineTex('R = 8.314 J/(mol K)')).toBe('R = 8.314\\,\\mathrm{J}/(\\mathrm{mol}\\,\\mathrm{K})');
    // An element stays an element: Na is no N with an index.
    expect(formulaLineTex('Na + Cl -> NaCl')).not.toContain('N_{a}');
  });

  it('sets ions in concentration brackets, a tilde before a signed number as "about", and a remark in words as text', () => {
    expect(formulaLineTex('Kw = [H+][OH-] = 1.0 x 10^-14')).toBe('K_{w} = [\\ce{H+}][\\ce{OH-}] = 1.0 \\times 10^{-14}');
    expect(formulaLineTex('pH = -log[H+]')).toBe('\\mathrm{pH} = -\\log[\\ce{H+}]');
    expect(formulaLineTex('w = -3458 J ~ -3.46 kJ')).toContain('\\approx -3.46');
    expect(formulaLineTex('pH + pOH = 14 (at 25 C)')).toBe('\\mathrm{pH} + \\mathrm{pOH} = 14 \\quad \\text{(at 25 C)}');
    // A bracket of math is no remark.
    expect(formulaLineTex('y = 2 (x + 1)')).not.toContain('\\text');
  });

  it('a glued slash after a spaced times sign takes the factor after it; words and figures alone are a statement; right-to-left words stay text', () => {
    expect(formulaLineTex('sin(3x)/x = 3 * sin(3x)/(3x)')).toBe('\\frac{\\sin(3 x)}{x} = 3 \\frac{\\sin(3 x)}{3 x}');
    expect(formulaLineTex('P = n*R*T/V')).toBe('P = \\frac{n R T}{V}');
    expect(formulaLineTex('churn < 5% monthly')).toBeNull();
    expect(formulaLineTex('speed = 60 km/h')).not.toBeNull();
    expect(formulaLineTex('فإن معدل التضخم = (126 - 120) / 120 × 100 = 5%')).toBeNull();
  });

  it('accents typed as an index, a fraction of two sums, a change of a bracket, reactions beside their ΔH, and a preposition in a remark', () => {
    expect(formulaLineTex('b0 = y_bar - b1 x_bar')).toBe('b_{0} = \\bar{y} - b_{1} \\bar{x}');
    expect(formulaLineTex('t = (x_bar1 - x_bar2) / 2')).toBe('t = \\frac{\\bar{x}_{1} - \\bar{x}_{2}}{2}');
    expect(formulaLineTex('b1 = sum (x_i - x_bar)(y_i - y_bar) / sum (x_i - x_bar)^2')).toBe('b_{1} = \\frac{\\sum (x_{i} - \\bar{x})(y_{i} - \\bar{y})}{\\sum (x_{i} - \\bar{x})^{2}}');
    expect(formulaLineTex('delta H = delta U + delta(PV)')).toBe('\\Delta H = \\Delta U + \\Delta(P V)');
    expect(formulaLineTex('H2(g) + 1/2 O2(g) -> H2O(l)   delta H = -285.8 kJ/mol')).toBe('\\ce{H2(g) + 1/2 O2(g) -> H2O(l)} \\qquad \\Delta H = -285.8\\,\\mathrm{kJ}/\\mathrm{mol}');
    expect(formulaLineTex('pH + pOH = 14 (a 25 °C)')).toBe('\\mathrm{pH} + \\mathrm{pOH} = 14 \\quad \\text{(a 25 °C)}');
  });

  it('a remark in brackets is read inside, a line going on with a formula is one, a differential alone wants no space, a call is no unit', () => {
    expect(formulaLineTex('(p=1 gives ln x which goes to infinity)')).toBeNull();
    expect(formulaLineTex('= (1/2) ln|x-1| + C')).toMatch(/^= .*\\ln\\lvert x - 1\\rvert \+ C$/);
    expect(formulaLineTex('du = dx')).toBe('du = dx');
    expect(formulaLineTex('T = 2 pi sqrt(L/g)')).toBe('T = 2 \\pi \\sqrt{\\frac{L}{g}}');
    expect(formulaLineTex('C8H18 + 12,5 O2 -> 8 CO2 + 9 H2O')).toBe('\\ce{C8H18 + 12,5 O2 -> 8 CO2 + 9 H2O}');
    expect(formulaLineTex('2H2O -> 4H+ + 4e- + O2')).toBe('\\ce{2H2O -> 4H+ + 4e- + O2}');
  });

  it('an upper bound of a few words up to its "of"; a line going on with words about the formula is no formula', () => {
    expect(formulaLineTex('= integral from 0 to pi over 2 of 4cos^2(t) dt')).toBe('= \\int_{0}^{\\pi/2} 4 \\cos^{2}(t) \\,dt');
    expect(formulaLineTex('= x e^x evaluated from 0 to 1 - integral from 0 to 1 of e^x dx')).toBeNull();
  });

  it('a letter hyphened to a word is one word, and a word keeps its space before a symbol', () => {
    expect(formulaLineTex('p-value = 2 * P(Z > 4.0) ~ 0.00006')).toBe('\\text{p-value} = 2 P(Z > 4.0) \\approx 0.00006');
    expect(formulaLineTex('moles NaOH = 0.1 x 0.0250 = 0.00250 mol')).toBe('\\text{moles } \\ce{NaOH} = 0.1 \\times 0.0250 = 0.00250\\,\\mathrm{mol}');
    expect(formulaLineTex('z = (xbar - mu0) / (sigma / sqrt(n))')).toBe('z = \\frac{\\bar{x} - \\mu_{0}}{\\frac{\\sigma}{\\sqrt{n}}}');
  });
});

