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

describe('reader 53: linear algebra as typed', () => {
  it('sets a matrix typed as nested lists as a matrix, its cells read as formulas', () => {
    expect(lines('A = [[2, 1], [1, 2]]')).toContain('A = \\begin{bmatrix} 2 & 1 \\\\ 1 & 2 \\end{bmatrix}');
    expect(lines('lambda = 3: A - 3I = [[-1,1],[1,-1]] -> v = (1,1)')).toContain('\\begin{bmatrix} -1 & 1 \\\\ 1 & -1 \\end{bmatrix}');
    // Ragged lists stay as typed, and an ampersand outside a matrix is one.
    expect(lines('the list [[a, b], [c]] is ragged')).not.toContain('bmatrix');
    expect(lines('R&D costs x = 5 & y = 3')).not.toContain('bmatrix');
  });
  it("reads a Greek letter's glued letter as its index, and a capital before a product as a matrix", () => {
    expect(lines('D = diag(lambda1, ..., lambdan)')).toContain('\\lambda_{n}');
    expect(lines('sigmax = 3 and deltax = 0.1')).toContain('$\\delta x = 0.1$');
    expect(lines('a nonzero vector v with A v = lambda v for some scalar')).toContain('$A v = \\lambda v$');
  });
});

describe('reader 53: title blocks', () => {
  const head = (note: string, type: 'article' | 'report' = 'article') => {
    const latex = generate({ content: note, documentType: type }).latex;
    return latex.slice(latex.indexOf('\\begin{document}'), latex.indexOf('\\maketitle'));
  };
  it('reads who, the date and a remark in brackets from one line', () => {
    const out = head('lin alg lecture 7 - eigenvalues\nprof. Haddad, 14/10/2024 (notes by me, might have mistakes lol)\n\nrecap\n- last time: determinants\n');
    expect(out).toContain('\\author{prof. Haddad');
    expect(out).toContain('(notes by me, might have mistakes lol)');
    expect(out).toContain('\\date{14/10/2024}');
  });
  it('reads a byline with a remark after a dash', () => {
    const out = head('How to write a tool in Python\nby Marco Bellini - blog draft, 03/02/2025\n\nLots of people asked me how to do it.\n');
    expect(out).toContain('\\author{Marco Bellini');
    expect(out).toContain('blog draft');
    expect(out).toContain('\\date{03/02/2025}');
  });
  it("reads a Vietnamese date and a group's members", () => {
    const out = head('BÁO CÁO ĐỀ TÀI\nKhảo sát thói quen sử dụng mạng xã hội\nThành viên: Nguyễn Thị Mai Anh, Trần Quốc Bảo\nTP. Hồ Chí Minh, tháng 11/2024\n\nMạng xã hội đã trở thành một phần không thể thiếu trong đời sống sinh viên.\n');
    expect(out).toMatch(/\\author\{Nguyễn Thị Mai Anh(?:,| \\and) Trần Quốc Bảo\}/);
    expect(out).toContain('TP. Hồ Chí Minh, tháng 11/2024}');
    expect(head('Báo cáo\nHà Nội, ngày 5 tháng 11 năm 2024\n\nMạng xã hội đã trở thành một phần không thể thiếu.\n')).toContain('\\date{Hà Nội, ngày 5 tháng 11 năm 2024}');
  });
});

describe('reader 53: headings numbered in two styles', () => {
  it('puts the figure-numbered headings under the Roman-numbered one before them', () => {
    const out = body('Survey report\n\nI. INTRODUCTION\nSocial media is part of student life.\n\nII. RESULTS\n1. Platforms used\nMost students use TikTok every day.\n\n2. Purposes\nStudents mostly chat with friends.\n\nIII. DISCUSSION\nThe results show heavy use.\n');
    expect(out).toContain('\\section*{II. RESULTS}\n\n\\subsection*{1. Platforms used}');
    expect(out).toContain('\\subsection*{2. Purposes}');
    expect(out).toContain('\\section*{III. DISCUSSION}');
    // Figure-numbered headings alone stay on top.
    expect(body('Report\n\n1. Introduction\nSome words here.\n\n2. Results\nMore words here.\n')).toContain('\\section{Introduction}');
  });
});

describe('reader 53: physics as typed, and paragraphs that line up', () => {
  it("reads an index with its axis, a velocity's component and a Greek letter's differential", () => {
    expect(lines('so t = 2 v0y / g here')).toContain('$t = \\frac{2 v_{0y}}{g}$');
    expect(lines('at the top vy = 0 so H = 2')).toContain('$v_{y} = 0$');
    expect(lines('dR/dtheta = 0')).toContain('\\frac{dR}{d\\theta} = 0');
    // A version stays a version; ax is a product.
    expect(lines('We shipped v2 last week.')).toContain('We shipped v2 last week.');
    expect(lines('y = ax + b')).toContain('y = a x + b');
  });
  it('sets every paragraph flush, with space between, when some lines are kept one per line', () => {
    const latex = generate({ content: 'Notes\n\nA first paragraph of prose that runs on for a while.\n\nSolution:\nsplit into components\nthen add them\n', documentType: 'article' }).latex;
    expect(latex).toContain('\\setlength{\\parindent}{0pt}');
    expect(latex).not.toContain('\\noindent');
    // Prose alone keeps LaTeX's indented paragraphs.
    const prose = generate({ content: 'Notes\n\nA first paragraph of prose.\n\nA second paragraph of prose.\n', documentType: 'article' }).latex;
    expect(prose).not.toContain('parindent');
  });
});

describe('reader 53: a starred quantity', () => {
  it('sets a letter with a star glued after it as starred, not as a product', () => {
    expect(lines('P* = 20 and Q* = 60')).toContain('$P^{*} = 20$ and $Q^{*} = 60$');
    expect(lines('at P > P* there is a surplus')).toContain('$P > P^{*}$');
    // A product and emphasis stay what they were.
    expect(lines('2*3 = 6')).toContain('2 \\cdot 3 = 6');
    expect(lines('the *important* point')).toContain('\\emph{important}');
  });
});

describe('reader 53: problems numbered in other languages', () => {
  it.each([
    ['Zadanie 1. Oblicz całkę.\nx^2 od 0 do 3\n\nZadanie 2. Oblicz pochodną.\nf(x) = x^3', 'Zadanie 2'],
    ['प्रश्न 1. समाकलन ज्ञात कीजिए\nx^2\n\nप्रश्न 2. फिर से\nx^3', 'प्रश्न'],
    ['Soru 1. Türevi bulun\nf(x) = x^2\n\nSoru 2. İntegrali bulun\nf(x) = x^3', 'Soru 2'],
  ])('heads each problem, keeping its own number: %s', (note, word) => {
    const out = body(`Notes\n\n${note}\n`);
    expect(out).toMatch(/\\section\*\{/);
    expect(out.split('\\section*{').length - 1).toBe(2);
    expect(out).toContain(word);
  });
});

describe('reader 54: title lines', () => {
  const head = (note: string) => {
    const latex = generate({ content: note, documentType: 'article' }).latex;
    return latex.slice(latex.indexOf('\\begin{document}'), latex.indexOf('\\maketitle'));
  };
  it('reads who did the work in more languages, and parts set apart by a bar', () => {
    expect(head('SPRAWOZDANIE Z ĆWICZENIA NR 4\n\nWykonali: Kacper Nowicki, Zuzanna Wróbel\nData: 18.11.2024\n\nCel ćwiczenia jest prosty.\n')).toContain('\\author{Kacper Nowicki');
    const lecture = head('Історія України\nвикл. доц. Мельник О.В.  |  конспект: Дарина К. — 07.10.2024\n\nТекст лекції тут.\n');
    expect(lecture).toContain('\\author{Дарина К.');
    expect(lecture).toContain('\\date{07.10.2024}');
    expect(lecture).not.toContain('textbar');
    const sheet = head('Chem 1220 - Recitation 9\nTA: Gabriela Ortiz   |   week of Nov 4\n\nQuick review of redox.\n');
    expect(sheet).not.toContain('textbar');
    expect(sheet).toContain('Gabriela Ortiz');
  });
  it('reads a byline with what it was written for', () => {
    const out = head('How to retry API calls\nwritten up by Ahmed for the team wiki - feb 2025\n\nso we keep getting 503s.\n');
    expect(out).toContain('\\author{Ahmed');
    expect(out).toContain('for the team wiki');
    expect(out).toContain('\\date{feb 2025}');
  });
});

describe('reader 54: a working header over the real title', () => {
  it("gives the title to the line under a working header, the header's words under it", () => {
    const latex = generate({ content: 'Talk outline - PyData regional meetup, 20 min slot\n"Your Dashboard Is Lying"\nby Sofia Lindqvist\n\nSlide 2: Who am I\n* data engineer\n', documentType: 'presentation' }).latex;
    expect(latex).toContain('\\title{Your Dashboard Is Lying}');
    expect(latex).toContain('PyData regional meetup, 20 min slot');
    expect(latex).toContain('\\author{Sofia Lindqvist}');
    // A student's year is a role beside the name.
    const deck = generate({ content: 'Talk outline - lab meeting\nMicroplastics in Lake Erie\nPriya Raman, 2nd yr PhD\n\nSlide 2: Why care?\n* plastics sink\n', documentType: 'presentation' }).latex;
    expect(deck).toContain('\\author{Priya Raman, 2nd yr PhD}');
    expect(deck).not.toContain('\\section{Priya');
  });
});

describe('reader 54: numbered labels with their colon', () => {
  it('heads what follows with a short numbered label ending in a colon, the colon off', () => {
    const out = body('Report\n\n1. Overview:\nOverall status: AMBER. Panels are installed.\n\n2. Milestones:\nWe did things here.\n\n3. Risks:\nNone so far.\n');
    expect(out).toContain('\\section{Overview}');
    expect(out).toContain('\\section{Risks}');
    // A list of such lines one under another stays a list.
    expect(body('Notes\n\nSome words to start.\n\n1. Flour:\n2. Water:\n3. Salt:\n')).toContain('\\item Flour:');
  });
});

describe('reader 55: symbols typed in text', () => {
  it.each(['✓', '□', '■', '∴'])('loads amssymb for %s in a note without math', (symbol) => {
    const latex = generate({ content: `Reading list\n\n- a book ${symbol} done\n- another book\n`, documentType: 'basic' }).latex;
    expect(latex).toContain('\\usepackage{amssymb}');
  });
});
