// The ASCII-math precedence table: what a formula typed in a note becomes, rule by rule, and
// the prose that must stay prose. `⟦…⟧` marks one math span in the expected rendering.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { splitAsciiMath } from './find.js';
import { formulaLineTex } from './formula-line.js';
import { parserWork } from './parse.js';

const render = (s: string): string => splitAsciiMath(s).map((p) => (p.kind === 'text' ? p.value : `⟦${p.tex}⟧`)).join('');

const TABLE: Array<[string, string, string]> = [
  // ^ and _ bind tighter than * and /, which bind tighter than + and -.
  ['power before division', 'y = a/b^2', '⟦y = \\frac{a}{b^{2}}⟧'],
  ['brackets group the power', 'y = (a/b)^2', '⟦y = \\left(\\frac{a}{b}\\right)^{2}⟧'],
  ['one span, numerator a product', 'a = 2 d / t^2', '⟦a = \\frac{2 d}{t^{2}}⟧'],
  ['spaced product after a fraction', 'E = 1/2 k x^2', '⟦E = \\frac{1}{2} k x^{2}⟧'],
  ['unspaced product is one term', 'y = a/2b', '⟦y = \\frac{a}{2 b}⟧'],
  ['sum of terms', '2 x^2 + 3 x - 1 = 0', '⟦2 x^{2} + 3 x - 1 = 0⟧'],
  ['minus before a power', '-x^2 = y', '⟦-x^{2} = y⟧'],
  ['negative exponent', 'x^-1 = 1/x', '⟦x^{-1} = \\frac{1}{x}⟧'],
  ['power is right-associative', '2^3^2 = 2^9', '⟦2^{3^{2}} = 2^{9}⟧'],
  ['grouping brackets of a fraction dropped', '(a+b)/(c+d) = 1', '⟦\\frac{a + b}{c + d} = 1⟧'],
  ['products of brackets kept', '(a+b)(c+d) = x', '⟦(a + b)(c + d) = x⟧'],
  ['minus over a fraction', 'y = -t/T', '⟦y = -\\frac{t}{T}⟧'],
  ['fraction in an exponent stays on the line', 'e^(-t/T) = y', '⟦e^{-t/T} = y⟧'],
  ['exponent in brackets', 'e^(i pi) = -1', '⟦e^{i \\pi} = -1⟧'],
  // Roots, scripts, factorials, primes.
  ['square root', 'sqrt(x^2 + y^2) = r', '⟦\\sqrt{x^{2} + y^{2}} = r⟧'],
  ['root over a number', 'sqrt(2)/2 = y', '⟦\\frac{\\sqrt{2}}{2} = y⟧'],
  ['subscripts', 'x_1 + x_{ij} = y', '⟦x_{1} + x_{i j} = y⟧'],
  ['both scripts, a label subscript', 'x_1^2 + y_max = z', '⟦x_{1}^{2} + y_{\\max} = z⟧'],
  ['a word in a subscript is upright', 'E_kin = 1/2 m v^2', '⟦E_{\\mathrm{kin}} = \\frac{1}{2} m v^{2}⟧'],
  ['factorial', 'n! = n (n-1)!', '⟦n! = n (n - 1)!⟧'],
  ['prime', "f'(x) = 2x", "⟦f'(x) = 2 x⟧"],
  ['a superscript takes one letter', 'w^Tx = b', '⟦w^{T} x = b⟧'],
  ['Unicode scripts', 'x² + y² = r²', '⟦x^{2} + y^{2} = r^{2}⟧'],
  // Operators.
  ['comparisons', 'a <= b >= c != d', '⟦a \\leq b \\geq c \\neq d⟧'],
  ['arrows', 'x -> 0', '⟦x \\to 0⟧'],
  ['implication', 'A => B', '⟦A \\Rightarrow B⟧'],
  ['plus-minus', 'a +- b = c', '⟦a \\pm b = c⟧'],
  ['a star before a letter is an implicit product', '2*x*y = z', '⟦2 x y = z⟧'],
  ['a star before a number is a centred dot', 'x*2 = 3 * 4', '⟦x \\cdot 2 = 3 \\cdot 4⟧'],
  ['ellipsis between operators', 'x_1 + ... + x_n = S', '⟦x_{1} + \\cdots + x_{n} = S⟧'],
  ['ellipsis in a list: one span', '1, 2, ..., n = k', '⟦1, 2, \\ldots, n = k⟧'],
  ['absolute value', '|x - y| <= epsilon', '⟦\\lvert x - y\\rvert \\leq \\epsilon⟧'],
  ['bar between operands is "given"', 'P(A|B) = P(A) P(B) / P(B)', '⟦P(A \\mid B) = \\frac{P(A) P(B)}{P(B)}⟧'],
  ['x between numbers is times', '3.7 x 10^10 Bq = 1 Ci', '⟦3.7 \\times 10^{10}\\,\\mathrm{Bq} = 1\\,\\mathrm{Ci}⟧'],
  ['e-notation', '6.02e23 = N_A', '⟦6.02\\times 10^{23} = N_{A}⟧'],
  ['thousands separator', 'x = 1,000', '⟦x = 1{,}000⟧'],
  // Units: upright after their number, a thin space, never a fraction of the number.
  ['metres per second squared', 'g = 9.81 m/s^2', '⟦g = 9.81\\,\\mathrm{m}/\\mathrm{s}^{2}⟧'],
  ['density', 'the density is 1.2 kg/m^3.', 'the density is ⟦1.2\\,\\mathrm{kg}/\\mathrm{m}^{3}⟧.'],
  ['product of units', 'I = 2 kg m^2', '⟦I = 2\\,\\mathrm{kg}\\,\\mathrm{m}^{2}⟧'],
  ['speed', 'at 60 km/h on', 'at ⟦60\\,\\mathrm{km}/\\mathrm{h}⟧ on'],
  ['degrees Celsius', 'T = 25 °C', '⟦T = 25\\,{}^{\\circ}\\mathrm{C}⟧'],
  ['micrometres', 'd = 3 µm', '⟦d = 3\\,\\text{µm}⟧'],
  ['ohms', 'R = 2 kΩ', '⟦R = 2\\,\\mathrm{k}\\Omega⟧'],
  ['a letter followed by more formula is a variable', 'p = 2 m v', '⟦p = 2 m v⟧'],
  ['a closed unit expression is a unit', 's = 2 m + 3 m', '⟦s = 2\\,\\mathrm{m} + 3\\,\\mathrm{m}⟧'],
  ['days and tonnes only in compounds', 'a = 2 d / t^2', '⟦a = \\frac{2 d}{t^{2}}⟧'],
  // Function names upright, Greek names as symbols, infinity.
  ['trigonometry', 'sin(x)^2 + cos^2 x = 1', '⟦\\sin^{2}(x) + \\cos^{2} x = 1⟧'],
  ['logarithm with a base', 'log_2(n) = k', '⟦\\log_{2}(n) = k⟧'],
  ['logarithm of a number', 'ln 2 = 0.693', '⟦\\ln 2 = 0.693⟧'],
  ['limit takes what follows', 'lim_(x->0) sin(x)/x = 1', '⟦\\lim_{x \\to 0} \\frac{\\sin(x)}{x} = 1⟧'],
  ['the approach typed after lim is its subscript', 'lim x->0 sin(x)/x = 1', '⟦\\lim_{x \\to 0} \\frac{\\sin(x)}{x} = 1⟧'],
  ['to infinity, spaced', 'lim n -> inf (1 + 1/n)^n = e', '⟦\\lim_{n \\to \\infty} \\left(1 + \\frac{1}{n}\\right)^{n} = e⟧'],
  ['a quantity then a name starts the next equation', 'v = 0.8c gamma = 1/0.6', '⟦v = 0.8 c, \\gamma = \\frac{1}{0.6}⟧'],
  ['two equations on one line', 'x = 2 y = 3', '⟦x = 2, y = 3⟧'],
  ['a product of names stays one chain', 'E = h nu = 4 eV', '⟦E = h \\nu = 4\\,\\mathrm{eV}⟧'],
  ['after a sign the whole run of letters is the exponent', 'c = 10^-pH', '⟦c = 10^{-pH}⟧'],
  ['sum with limits', 'sum_(i=1)^n i = n(n+1)/2', '⟦\\sum_{i = 1}^{n} i = \\frac{n(n + 1)}{2}⟧'],
  ['integral', 'int_0^1 x^2 dx = 1/3', '⟦\\int_{0}^{1} x^{2} \\,dx = \\frac{1}{3}⟧'],
  ['max as a function', 'max(a, b) >= a', '⟦\\max(a, b) \\geq a⟧'],
  ['operator names', 'Var(X) = E[X^2] - E[X]^2', '⟦\\operatorname{Var}(X) = E[X^{2}] - E[X]^{2}⟧'],
  ['Greek names', 'alpha + beta = gamma', '⟦\\alpha + \\beta = \\gamma⟧'],
  ['capital Greek', 'Delta x = v t', '⟦\\Delta x = v t⟧'],
  ['Greek name with a value', 'with lambda = 0.5', 'with ⟦\\lambda = 0.5⟧'],
  ['Greek name run into a letter', 'N(t) = e^(-lambdat)', '⟦N(t) = e^{-\\lambda t}⟧'],
  ['inf', 'x -> inf', '⟦x \\to \\infty⟧'],
  ['infinity', 'f(x) = infinity', '⟦f(x) = \\infty⟧'],
  ['two-letter products', 'F = ma and E = mc^2', '⟦F = m a⟧ and ⟦E = m c^{2}⟧'],
  ['derivative', 'dN/dt = -lambda N', '⟦\\frac{d N}{d t} = -\\lambda N⟧'],
  // Grouped as a reader reads them: the function is what d/dx acts on, not part of its denominator.
  ['derivative operator and its operand', 'd/dx[sin x] = cos x', '⟦\\frac{d}{d x} [\\sin x] = \\cos x⟧'],
  ['partial derivative operator', '∂/∂t u = k u', '⟦\\frac{∂}{∂ t} u = k u⟧'],
  ['a glued slash takes the last spaced operand', 'L = [h→0] [f(a+h) − f(a)]/h', '⟦L = [h \\to 0] \\frac{f(a + h) - f(a)}{h}⟧'],
  // Greek prose stays prose: only a Greek letter on its own is a variable.
  ['Greek words are prose', 'η επιτάχυνση α = 2 και Δx = v Δt', 'η επιτάχυνση ⟦α = 2⟧ και ⟦Δ x = v Δ t⟧'],
  ['w/ is "with", not a fraction', 'compare w/ 9.81 m/s^2', 'compare w/ ⟦9.81\\,\\mathrm{m}/\\mathrm{s}^{2}⟧'],
  ['TeX commands in text join the formula', '\\alpha + x^2 = 1', '⟦\\alpha + x^{2} = 1⟧'],
  // Where a formula starts and ends among words.
  ['one formula in a sentence', 'so x^2 + y^2 = r^2 holds', 'so ⟦x^{2} + y^{2} = r^{2}⟧ holds'],
  ['two formulas in a sentence', 'the term a_i and a_{n+1}', 'the term ⟦a_{i}⟧ and ⟦a_{n + 1}⟧'],
  ['article before a formula', 'a x^2 term', 'a ⟦x^{2}⟧ term'],
  ['a bracket around a formula', '(see x^2)', '(see ⟦x^{2}⟧)'],
  ['sentence punctuation ends it', 'if n >= 3, then', 'if ⟦n \\geq 3⟧, then'],
  ['a line break ends it', 'x = 1\ny = 2', '⟦x = 1⟧\n⟦y = 2⟧'],
  ['isotope names stay text', 'U-238 T₁/₂ ≈ 4.5 × 10⁹ years', 'U-238 ⟦T_{1/2} \\approx 4.5 \\times 10^{9}⟧ years'],
  ['p-values', 'p < 0.05 but p-value < 0.05', '⟦p < 0.05⟧ but p-value < 0.05'],
];

describe('ASCII math: the precedence table', () => {
  for (const [rule, input, expected] of TABLE) {
    it(`${rule}: ${input}`, () => {
      expect(render(input)).toBe(expected);
    });
  }
});

/** Prose that looks a little like math and must stay text, every character of it. */
const PROSE = [
  'use snake_case and my_file.txt, well-known and/or src/lib',
  'the meeting is on 2024/05/01 at 10:30, or 2024-05-01',
  'upgrade to v1.2.3 or 192.168.0.1 today',
  'a 3:1 ratio, 16:9 screens and a 50/50 chance',
  'add 1/2 cup of flour and bake at 180 °C for 25-30 min',
  'the alpha particle, the beta version and a delta of 3',
  'Alpha Centauri and the Pi Day party',
  'see https://example.com/a_b?x=1 and www.example.org/path',
  'call foo.bar() or obj->next in C',
  'x == y and i++ and a && b and x += 1',
  'the A/B test and I/O and TCP/IP, w/o errors',
  'he/she and input/output and read/write',
  'COVID-19 and carbon-14 and F-16',
  'we ran 3 x 4 grids in 2 h',
  'Settings -> Display -> Advanced',
  'price: $5 and 20% off, #1 seller, me@example.com',
  'chapter 3, section 2.1 and page 45',
  'it is 5 kg of flour and 3 m of rope',
  'the __init__ method and the D_w_charges image',
  'I think a delta of one is fine',
  'a <b>bold</b> tag and <a href="x">link</a>',
  'Dear Sir/Madam, 1st and 2nd and 3rd place',
  'the x-axis and the t-test and k-means',
  'the sum of all parts, the max of two, sign here',
  'to infinity and beyond, mu by roughly 2%',
  'Version = 2 and key=value and --port=8080',
];

describe('ASCII math: prose stays prose', () => {
  for (const text of PROSE) {
    it(text, () => {
      expect(splitAsciiMath(text)).toEqual([{ kind: 'text', value: text }]);
    });
  }
});

const WORDS = [
  'the', 'a', 'an', 'and', 'or', 'of', 'to', 'in', 'is', 'was', 'data', 'model', 'beta', 'alpha', 'delta', 'sum', 'max', 'log',
  'sign', 'rank', 'version', 'I', 'we', 'test', 'file', 'src/lib', 'and/or', 'e.g.', 'i.e.', 'x-axis', 'well-known', 'COVID-19',
  '2024/05/01', '10:30', 'v1.2', '3:1', '50/50', '1/2', '25%', '$5', 'A/B', 'km', 'Pi', 'Mr.', 'US', 'ID', 'OK', '(see', 'it)',
];
const PUNCT = ['', '', '', ',', '.', ';', ':', '!', '?'];

describe('ASCII math: properties', () => {
  it('random prose never becomes math', () => {
    const sentence = fc.array(fc.tuple(fc.constantFrom(...WORDS), fc.constantFrom(...PUNCT)), { minLength: 1, maxLength: 30 }).map((ws) => ws.map(([w, p]) => w + p).join(' '));
    fc.assert(
      fc.property(sentence, (text) => {
        expect(splitAsciiMath(text).every((p) => p.kind === 'text')).toBe(true);
      }),
      { numRuns: 2000, seed: 12 },
    );
  });

  const formula = fc.letrec<{ f: string }>((tie) => ({
    f: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      fc.constantFrom('x', 'y', '2', '3.5', 'alpha', 'pi', 'n', 'sqrt(2)'),
      fc.tuple(tie('f'), fc.constantFrom(' + ', ' - ', '*', '/', '^', '_', ' = ', ' <= '), tie('f')).map(([a, op, b]) => a + op + b),
      tie('f').map((a) => `(${a})`),
      tie('f').map((a) => `sin(${a})`),
    ),
  })).f;

  it('every formula is read in work linear in its length', () => {
    fc.assert(
      fc.property(formula, fc.integer({ min: 1, max: 40 }), (f, copies) => {
        const text = Array.from({ length: copies }, () => `y = ${f}`).join('; ');
        const before = parserWork.steps;
        const parts = splitAsciiMath(text);
        const steps = parserWork.steps - before;
        expect(steps).toBeLessThanOrEqual(4 * text.length + 10);
        expect(parts.map((p) => (p.kind === 'text' ? p.value : p.source)).join('')).toBe(text);
      }),
      { numRuns: 500, seed: 7 },
    );
  });

  it('hostile runs of brackets, scripts and operators stay linear and keep every character', () => {
    for (const unit of ['(', 'x^', 'a_', '((x', '|x', 'sqrt(', 'e^(', '1/', 'x = ', 'x^(-', '\\frac{', 'a.b_', '<b>', '10^10 ']) {
      const text = unit.repeat(20_000);
      const before = parserWork.steps;
      const parts = splitAsciiMath(text);
      expect(parserWork.steps - before).toBeLessThanOrEqual(4 * text.length);
      expect(parts.map((p) => (p.kind === 'text' ? p.value : p.source)).join('')).toBe(text);
    }
  });
});

describe('chemistry in running text', () => {
  const maths = (text: string) => splitAsciiMath(text).flatMap((p) => (p.kind === 'math' ? [p.tex] : []));

  it('sets ions, reactions and plain formulas with \\ce, so no charge is read as an exponent', () => {
    // A one-element ion's figure is its charge (Ba²⁺, not Ba₂⁺); NH4+ keeps its count.
    expect(maths('sulfate SO4^2- with Ba2+ and NH4+ for the bonus q')).toEqual(['\\ce{SO4^2-}', '\\ce{Ba^2+}', '\\ce{NH4+}']);
    expect(maths('Fe3+ + 3OH- -> Fe(OH)3 (rust brown)')).toEqual(['\\ce{Fe^3+ + 3OH- -> Fe(OH)3}']);
    expect(maths('strong acids: HNO3, H2SO4 and CO2 in air')).toEqual(['\\ce{HNO3}', '\\ce{H2SO4}', '\\ce{CO2}']);
  });

  it('sets every ion of a paragraph, one before a stop too, and p-functions upright', () => {
    expect(maths('it sucks up Na+. Then it releases the Na+, and K+ goes in')).toEqual(['\\ce{Na+}', '\\ce{Na+}', '\\ce{K+}']);
    expect(maths('strong acid -> pH < 7')).toEqual(['\\mathrm{pH} < 7']);
  });

  it('reads quantities with an index and their versions apart from versions of software', () => {
    expect(maths('Cp - Cv = R for one mole')).toEqual(['C_{p} - C_{v} = R']);
    expect(maths('if V2 > V1 then w < 0')).toEqual(['V_{2} > V_{1}', 'w < 0']);
    expect(maths('we moved to V2 last year')).toEqual([]);
  });

  it('a unit in brackets after a name is upright with its brackets (a table header "g (m/s^2)")', () => {
    expect(maths('g (m/s^2)')).toEqual(['g\\,(\\mathrm{m}/\\mathrm{s}^{2})']);
    expect(maths('T (s) and f(x) = (x)')).toEqual(['f(x) = (x)']);
  });

  it('in a sentence: a sum inside a root, formulas with their state, a spaced slash between figures kept', () => {
    expect(maths('sample standard deviation: s = sqrt( sum (x_i - x_bar)^2 / (n - 1) )')).toEqual(['s = \\sqrt{\\sum \\frac{(x_{i} - \\bar{x})^{2}}{n - 1}}']);
    expect(maths('the sum (in dollars) was high')).toEqual([]);
    expect(maths('CO2(g) and H2O(l) but CO(g) and Co(s)')).toEqual(['\\ce{CO2(g)}', '\\ce{H2O(l)}']);
    expect(maths('so P(D | +) = 0.0099 / 0.0594 here')).toEqual(['P(D \\mid +) = 0.0099 / 0.0594']);
  });

  it('a letter called on a letter is math, and a symbol the formulas use is math where it stands alone', () => {
    expect(render('we minimize a loss L(theta) over parameters theta')).toBe('we minimize a loss ⟦L(\\theta)⟧ over parameters ⟦\\theta⟧');
    expect(render('i checked g and g^2 here')).toBe('i checked ⟦g⟧ and ⟦g^{2}⟧ here');
    // A symbol keeps the reading its formulas gave it: "delta n" beside ΔH is a Δ too.
    expect(render('delta H = delta U + delta n RT so delta stays')).toContain('⟦\\Delta⟧ stays');
    expect(render('theta_t - eta * grad L(theta_t)')).toBe('⟦\\theta_{t} - \\eta \\operatorname{grad} L(\\theta_{t})⟧');
    // Without a formula beside them, letters and names stay words; so do hyphenated words and articles.
    expect(render('the theta band and a g-force, part (a)')).toBe('the theta band and a g-force, part (a)');
    expect(render('a p-value: p < 0.05 and a sample')).toBe('a p-value: ⟦p < 0.05⟧ and a sample');
  });

  it('any element with a charge\'s figure is an ion; a contraction and a name in code are no math', () => {
    expect(maths('Mn2+ and Cr3+ ions')).toEqual(['\\ce{Mn^2+}', '\\ce{Cr^3+}']);
    expect(render("so it's O(n) overall")).toBe("so it's ⟦O(n)⟧ overall");
    expect(render('def sum_digits(n): returns it')).toBe('def sum_digits(n): returns it');
    expect(render('sum_i x_i = 3')).toBe('⟦\\sum_{i} x_{i} = 3⟧');
  });

  it('leaves acronyms with a figure and words that only look like formulas as text', () => {
    expect(maths('we use CSS3 and POP3, the FS5 camera, SIn embargo')).toEqual([]);
  });

  it('a statistician\'s xbar and yhat are accented letters, initials are upright names, lengths squared and cubed are units', () => {
    expect(render('s^2 = sum (x_i - xbar)^2 / (n-1) here')).toBe('⟦s^{2} = \\sum \\frac{(x_{i} - \\bar{x})^{2}}{n - 1}⟧ here');
    expect(render('xbar +/- 1.96 * s')).toBe('⟦\\bar{x} \\pm 1.96 s⟧');
    expect(render('loss: MSE = (1/n) * sum (y_i - yhat_i)^2')).toBe('loss: ⟦\\mathrm{MSE} = \\left(\\frac{1}{n}\\right) \\sum (y_{i} - \\hat{y}_{i})^{2}⟧');
    expect(render('then NPV = sum_(t=1)^n CF_t/(1+r)^t')).toBe('then ⟦\\mathrm{NPV} = \\sum_{t = 1}^{n} \\frac{\\mathrm{CF}_{t}}{(1 + r)^{t}}⟧');
    expect(render('we added 25.0 cm3 of acid to 0.1 mol/dm3 of base over 900 m2')).toBe('we added ⟦25.0\\,\\mathrm{cm}^{3}⟧ of acid to ⟦0.1\\,\\mathrm{mol}/\\mathrm{dm}^{3}⟧ of base over ⟦900\\,\\mathrm{m}^{2}⟧');
    expect(render('model m2 is fine')).toBe('model m2 is fine');
    // A spaced x between a noun and a figure is a times sign of the sentence, not a variable.
    expect(render('150 panels x 400 W = 60 kW peak')).toBe('150 panels × ⟦400\\,\\mathrm{W} = 60\\,\\mathrm{kW}⟧ peak');
  });

  it('a reaction in brackets keeps its outer bracket out, and a formula of four element symbols with a count is one in prose', () => {
    expect(render('limestone (CaCO3 + H2CO3 -> Ca(HCO3)2) over time')).toBe('limestone (⟦\\ce{CaCO3 + H2CO3 -> Ca(HCO3)2}⟧) over time');
    expect(render('CH3COOH is acetic acid, CaCO3 is chalk')).toBe('⟦\\ce{CH3COOH}⟧ is acetic acid, ⟦\\ce{CaCO3}⟧ is chalk');
  });

  it('a spaced x multiplies where x is no variable, a version-like v0 beside operators is an index, a range of whole numbers stays a range', () => {
    expect(render('n = c x V = 0.1000 mol/dm3 x 0.02385 dm3')).toBe('n = ⟦c \\times V = 0.1000\\,\\mathrm{mol}/\\mathrm{dm}^{3} \\times 0.02385\\,\\mathrm{dm}^{3}⟧'.replace('n = ⟦', '⟦n = '));
    expect(render('ABV = (OG - FG) x 131.25')).toBe('⟦\\mathrm{ABV} = (O G - F G) \\times 131.25⟧');
    expect(render('(medimos: 14 m x 9 m = 126 m²)')).toBe('(medimos: ⟦14\\,\\mathrm{m} \\times 9\\,\\mathrm{m} = 126\\,\\mathrm{m}^{2}⟧)');
    expect(render('y = 2 x + 3')).toBe('⟦y = 2 x + 3⟧');
    expect(render('Vận tốc: v = v0 + a*t')).toBe('Vận tốc: ⟦v = v_{0} + a t⟧');
    expect(render('Average of trials 1-3 = (23.85 + 23.90)/2 = 23.875')).toBe('Average of trials 1-3 = ⟦\\frac{23.85 + 23.90}{2} = 23.875⟧');
  });

  it('a conjunction of one letter before words ends a formula, decimal commas hold, figures side by side are two formulas, "from a to b" keeps a', () => {
    expect(render('de f(x) = x^3 + sqrt(x) y evaluarla en x = 4.')).toBe('de ⟦f(x) = x^{3} + \\sqrt{x}⟧ y evaluarla en ⟦x = 4⟧.');
    expect(render('el limite de sin(u)/u o se puede usar')).toBe('el limite de ⟦\\frac{\\sin(u)}{u}⟧ o se puede usar');
    expect(render('đổi 72 km/h = 72/3,6 = 20 m/s')).toBe('đổi ⟦72\\,\\mathrm{km}/\\mathrm{h} = \\frac{72}{3{,}6} = 20\\,\\mathrm{m}/\\mathrm{s}⟧');
    expect(render('Ex 4.2 1.96 * 120/sqrt(n) <= 10 gives')).toBe('Ex 4.2 ⟦1.96 \\cdot \\frac{120}{\\sqrt{n}} \\leq 10⟧ gives');
    expect(formulaLineTex('P(a <= X <= b) = integral from a to b of f(x) dx')).toBe('P(a \\leq X \\leq b) = \\int_{a}^{b} f(x) \\,dx');
  });

  it('reader 45: a path keeps its words, [Ca] is a concentration, a short word between a unit and a formula stays a word, °dH is a unit, ~ before a figure is about', () => {
    expect(render('python3 /home/pi/station/read.py >> /home/pi/log.txt')).toBe('python3 /home/pi/station/read.py >> /home/pi/log.txt');
    expect(formulaLineTex('hardness = 2.497 * [Ca] + 4.118 * [Mg]')).toBe('\\text{hardness} = 2.497 \\ce{[Ca]} + 4.118 \\ce{[Mg]}');
    expect(formulaLineTex('hardness = 279.7 + 37.1 = 317 mg/L as CaCO3')).toContain('\\mathrm{L} \\text{ as } \\ce{CaCO3}');
    expect(render('1 °dH = 17.8 mg/L, so')).toBe('⟦1\\,{}^{\\circ}\\mathrm{dH} = 17.8\\,\\mathrm{mg}/\\mathrm{L}⟧, so');
    expect(render('the endpoint (~24 cm3)')).toBe('the endpoint ⟦(\\sim 24\\,\\mathrm{cm}^{3})⟧');
  });
});

