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
