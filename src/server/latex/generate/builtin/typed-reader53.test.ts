// What reader 52 still showed in chemistry notes, by class: a substance inside an amount or a mass
// ("n(Cu)", "m(Cu)/m(sample)") and an element's share ("%Cu") read as indexed letters (C_u); a
// halogen's count read as a charge ("I3-" as I³⁻); a complex's charge read as a count
// ("[Cu(NH3)4]2+"); "<->" typed for an equilibrium set as resonance; and a formula in a sentence
// beside an ion left as typed. And in statistics and physics notes, a Greek letter with its index's
// figure ("theta0") or beside a spaced minus ("1 - beta") left as words. Each rule is shown beside a
// note it must not change.
import { describe, expect, it } from 'vitest';
import { generate } from './index.js';

const body = (content: string): string => {
  const latex = generate({ content, documentType: 'article' }).latex;
  return latex.slice(latex.indexOf('\\begin{document}'));
};
const lines = (text: string): string => body(`Notes\n\nSome words to start with.\n\n${text}\n`);

describe('reader 52: chemistry as typed', () => {
  it('sets the substance of an amount, a mass, a concentration or a share as a formula', () => {
    const out = lines('n(Cu) = n(S2O3 2-) = 0.1000 mol/L x 0.02150 L\n%Cu = m(Cu)/m(sample) x 100');
    expect(out).toContain('n(\\ce{Cu}) = n(\\ce{S2O3^2-})');
    expect(out).toContain('\\frac{m(\\ce{Cu})}{m(\\text{sample})}');
    expect(out).toContain('\\ce{Cu} =');
    expect(out).not.toContain('C_{u}');
    expect(lines('The amount n(Fe) was 2.1 mmol.')).toContain('n($\\ce{Fe}$)');
    // Functions of variables, a lone letter in a mass, and a share of something else stay math or text.
    expect(lines('f(x) = m(B) + V(r)')).not.toContain('\\ce');
    expect(lines('About 25% I think.')).not.toContain('\\ce');
  });
  it("reads a halogen's figure before its minus as a count, and a complex's as a charge", () => {
    expect(lines('The triiodide ion I3- forms in KI solution.')).toContain('\\ce{I3-}');
    expect(lines('Iron(III) is Fe3+ and sulfide is S2-.')).toContain('\\ce{Fe^3+}');
    expect(lines('Complex ion [Cu(NH3)4]2+ is deep blue.')).toContain('\\ce{[Cu(NH3)4]^2+}');
  });
  it('sets "<->" between the sides of a reaction as an equilibrium', () => {
    expect(lines('N2 + 3 H2 <-> 2 NH3')).toContain('\\ce{N2 + 3 H2 <=> 2 NH3}');
  });
  it('sets a formula in a sentence as one when the sentence holds an ion or a reaction', () => {
    expect(lines('The ion I3- forms when iodine meets KIO3 in acid.')).toContain('$\\ce{KIO3}$');
    // Alone in a sentence it stays as typed.
    expect(lines('We used KIO3 as the standard.')).not.toContain('\\ce');
  });
});

describe('reader 52: Greek letters in words', () => {
  it("sets a Greek letter's name with its index's figure, and one beside a spaced minus, as math", () => {
    expect(lines('If theta0 is small the period does not depend on it.')).toContain('If $\\theta_{0}$ is small');
    expect(lines('The power of the test is 1 - beta here.')).toContain('is $1 - \\beta$ here');
    // A dash between words, times or names stays a dash.
    expect(lines('the alpha - the first letter')).not.toContain('\\alpha');
    expect(lines('We met at 10 - 11 am.')).not.toContain('$');
    expect(lines('Beta2 testing starts soon.')).not.toContain('$');
  });
});

describe('reader 52: Italian, Dutch, Polish and Turkish notes in their own language', () => {
  it.each([
    ['italian', 'Il teorema di Pitagora è uno dei risultati più noti della geometria, e questa relazione non vale per gli altri triangoli che sono nel piano.'],
    ['dutch', 'De stelling van Pythagoras is een van de bekendste resultaten uit de meetkunde en dit geldt niet voor andere driehoeken die er zijn.'],
    ['polish', 'Twaróg zmiel dwa razy, bo sernik jest najlepszy na drugi dzień, ale nie zawsze się udaje i to jest problem dla nas.'],
    ['turkish', 'Mitoz bir hücrenin iki özdeş hücreye bölünmesidir ve bu süreç büyüme ve onarım için çok önemlidir, ama mayoz daha farklı bir bölünmedir.'],
  ])('sets a %s note with babel in its language, on pdfLaTeX', (name, text) => {
    const latex = generate({ content: `Notatki\n\n${text}\n`, documentType: 'report' }).latex;
    expect(latex).toContain(`\\usepackage[shorthands=off,${name}]{babel}`);
    expect(latex).not.toContain('fontspec');
  });
  it('sets the language the settings choose', () => {
    const latex = generate({ content: 'Notes\n\nShort words here.\n', documentType: 'article', options: { settings: { language: 'it' } } }).latex;
    expect(latex).toContain('\\usepackage[shorthands=off,italian]{babel}');
  });
});
