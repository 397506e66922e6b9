// What reader 60 showed on fresh notes, by class: words of the note lost ("Step 1 - light the
// smoker" came out as "1. - light …"); speaker notes printed ("Speaker notes - …" with a dash,
// Japanese 話すこと：); a chat assistant's opening printed and the person's own line above the paste
// taken for the title; a reaction written with words half set ("6CO2 + 6H2O + light energy -> …");
// names with an index (SS_res, max_connections) and a ± before a figure printed as typed or changed;
// a formula with a remark in brackets that is itself a formula printed as text; a short line after a
// list left as text while its siblings head; a remark in brackets indented under a line made a bullet.
// Each rule is shown beside a note it must not change.
import { describe, expect, it } from 'vitest';
import { generate } from './index.js';
import { splitAsciiMath } from './math/ascii/find.js';

type DocType = 'article' | 'basic' | 'presentation' | 'book';
const body = (content: string, documentType: DocType = 'article'): string => {
  const latex = generate({ content, documentType }).latex;
  return latex.slice(latex.indexOf('\\begin{document}'));
};
const tex = (text: string): string => splitAsciiMath(text).map((p) => (p.kind === 'math' ? `$${p.tex}$` : p.value)).join('');

describe('reader 60: nothing the person typed is lost', () => {
  it('keeps "Step" before each number of a list of steps typed with a dash', () => {
    const out = body('Handbook\n\nCHAPTER 4 - DOING AN INSPECTION\nInspect every 7 days.\nStep 1 - light the smoker\nStep 2 - stand to the side\nStep 3 - a couple of puffs\n', 'book');
    expect(out).toContain('\\begin{enumerate}[label=Step~\\arabic*,leftmargin=*]\n\\item light the smoker\n\\item stand to the side');
    expect(out).not.toContain('- light');
    // (Plain numbers stay plain.)
    expect(body('Notes\n\nWords first.\n\n1. one\n2. two\n')).toContain('\\begin{enumerate}\n\\item one');
  });
});

describe('reader 60: what the speaker says stays off the slides', () => {
  it('hides speaker notes labelled with a dash or in Japanese', () => {
    const deck = 'Launch\n\n---\nSlide 2: What it does\n- one dial\nSpeaker notes - demo the dial here, NOT the app\n\n---\n検定\n- z = 2.2\n話すこと：p値は確率ではない\n';
    const out = body(deck, 'presentation');
    expect(out).toContain('\\note{demo the dial here, NOT the app}');
    expect(out).toContain('\\note{p値は確率ではない}');
    expect(out).not.toContain('Speaker notes');
  });
});

describe('reader 60: a chat answer pasted under a line of the person\'s own', () => {
  it('drops the assistant\'s opening, takes the answer\'s title, and keeps the person\'s line under it', () => {
    const note = 'bio article - photosynthesis (due friday)\n\nSure! Here\'s a short article on photosynthesis you can use for your class.\n\n# Photosynthesis: How Plants Turn Light into Food\n\n## Introduction\nPlants make food.\n\n## Conclusion\nThat is all.\n';
    const latex = generate({ content: note, documentType: 'article' }).latex;
    expect(latex).toContain('\\title{Photosynthesis: How Plants Turn Light into Food}');
    expect(latex).toMatch(/\\maketitle\n\nbio article -- photosynthesis \(due friday\)\n\n\\section\{Introduction\}/);
    expect(latex).not.toContain('Sure!');
  });
});

describe('reader 60: math and chemistry as typed', () => {
  it('sets each formula of a reaction written with words, coefficients glued on', () => {
    expect(tex('6CO2 + 6H2O + light energy → C6H12O6 + 6O2')).toBe('$\\ce{6CO2}$ + $\\ce{6H2O}$ + light energy → $\\ce{C6H12O6}$ + $\\ce{6O2}$');
    expect(tex('I have 2CO2 here')).toBe('I have 2CO2 here');
  });

  it('sets a name with an index upright, leaves a program\'s setting as typed, and keeps ± before a figure', () => {
    expect(tex('R² = 1 − SS_res / SS_tot')).toContain('\\frac{\\mathrm{SS}_{\\mathrm{res}}}{\\mathrm{SS}_{\\mathrm{tot}}}');
    expect(tex('max_connections = 800')).toBe('max_connections = 800');
    expect(tex('max_i x_i')).toContain('\\max_{i} x_{i}');
    expect(tex('the speed is known to +- 0.5 m/s so')).toContain('$\\pm 0.5\\,\\mathrm{m}/\\mathrm{s}$');
  });

  it('sets a formula in brackets after a wide gap as a formula, a remark in words as words', () => {
    const out = body('Notes\n\nWords first.\n\nOVERVIEW\nC6H12O6 + 6 O2 -> 6 CO2 + 6 H2O   (ΔG ≈ -2870 kJ/mol)\n\n3 main stages:\n1. Glycolysis\n2. Krebs cycle\n');
    expect(out).toContain('\\ce{C6H12O6 + 6 O2 -> 6 CO2 + 6 H2O} \\qquad (\\Delta G \\approx -2870\\,\\mathrm{kJ}/\\mathrm{mol})');
    expect(out).toMatch(/\\\]\n3 main stages:/);
    expect(body('Notes\n\nWords first.\n\nZn -> Zn2+ + 2 e-          (reductor, wordt geoxideerd)\nCu2+ + 2 e- -> Cu   (oxidator)\n')).toContain('\\text{(reductor, wordt geoxideerd)}');
  });

  it('sets units after a value and its uncertainty in brackets upright, and a figure\'s unit beside a variable of the same letter', () => {
    expect(tex('g = (9.81 ± 0.08) m/s²')).toContain('(9.81 \\pm 0.08)\\,\\mathrm{m}/\\mathrm{s}^{2}');
    expect(tex('string (approx. 1.5 m), steel bob (m = 52 g)')).toContain('approx. 1.5 m), steel bob');
    expect(tex('(a + b) m')).toContain('(a + b) m');
  });
});

describe('reader 60: headings and remarks', () => {
  it('heads a short line typed flush under a list as its siblings are headed', () => {
    const out = body('Respiration\n\nOVERVIEW\nglucose + oxygen -> energy\n\nGlycolysis\n- 1 glucose -> 2 pyruvate\n- net 2 ATP\nLink reaction\npyruvate -> acetyl CoA + CO2\n\nKrebs cycle\n - turns twice per glucose\n');
    expect(out).toContain('{Link reaction}');
    expect(out).toContain('{Krebs cycle}');
  });

  it('keeps a remark in brackets indented under a line of text as a line of it, not a bullet', () => {
    const out = body('Notes\n\nWords first.\n\ntotal ~36-38 ATP\n (she said exam will NOT ask exact numbers)\n\nQuestions:\n- why?\n');
    expect(out).toMatch(/ATP\\\\\n\(she said exam will NOT ask exact numbers\)/);
    expect(out).not.toMatch(/\\item \(she said/);
  });
});

describe('reader 60: parts and lines of one kind set alike', () => {
  it('heads every numbered part of a Markdown note, the first over its paragraph and points too', () => {
    const out = body('Title here\n\nResumo\nTexto.\n\n1. Introdução\nO Rio Capivari abastece parte da região, entre eles:\n- OD não inferior a 5 mg/L\n- DBO até 5 mg/L\n\n2. Metodologia\nAs amostras foram coletadas.\n\n3. Resultados\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n4. Fim\nTexto.\n');
    expect(out).toContain('\\section{Introdução}');
    expect(out).toContain('\\section{Resultados}');
    expect(out).not.toContain('\\begin{enumerate}');
  });

  it('heads an agenda\'s item with nothing under it as its numbered siblings over points are headed', () => {
    const out = body('Club meeting\nTues 4th March\n\n1. minutes of last mtg - agreed, no changes\n\n2. Treasurer\n- balance £4,312.60\n- insurance due\n\n3. Boats\n- a crack\n- new oars\n', 'basic');
    expect(out).toContain('\\section*{1. minutes of last mtg -- agreed, no changes}');
    expect(out).toContain('\\section*{2. Treasurer}');
  });

  it('keeps the entries of a reference list on their lines, and joins a wrapped sentence', () => {
    const out = body('Notes\n\nWords first.\n\n## Referências\nBRASIL. Resolução CONAMA nº 357, de 17 de março de 2005.\nAPHA. Standard Methods for the Examination of Water. 23. ed., 2017.\n');
    expect(out).toMatch(/2005\.\\\\\nAPHA\./);
  });

  it('heads names over points alike, colon or not, and leaves a line of facts in lower case as text', () => {
    const out = body('tortilla de patatas\n\npara 4 personas, sarten de 24 cm\n\nIngredientes:\n- 5 huevos\n- sal\n\nPasos\n1) pelar las patatas\n2) batir los huevos\n\nnotas:\n- mejor del dia anterior\n', 'basic');
    expect(out).toContain('\\section*{Ingredientes}');
    expect(out).toContain('\\section*{Pasos}');
    expect(out).toContain('\\section*{notas}');
    expect(out).not.toContain('\\section*{para 4 personas');
  });
});
