// What reader 56 showed on fresh notes, by class: days of a week at different levels ("MONDAY:" a
// heading, "Wednesday - …" text) and a timeline's dates made headings; section numbers with a
// question ("1.1 How much room do you need?") or an arrow in brackets left as text; a connective
// between formulas ("stąd") made a heading; an affiliation split into authors; a title slide's
// byline left on a slide of its own; "# The query" taken into the SQL under it; code pasted into a
// Markdown note losing its indentation and its `*`; commands and pandas code set as prose; reactions
// with remarks read as a table. Each rule is shown beside a note it must not change.
import { describe, expect, it } from 'vitest';
import { generate } from './index.js';

const body = (content: string, documentType: 'article' | 'basic' | 'presentation' = 'article'): string => {
  const latex = generate({ content, documentType }).latex;
  return latex.slice(latex.indexOf('\\begin{document}'));
};
const lines = (text: string): string => body(`Notes\n\nSome words to start with.\n\n${text}\n`);

describe('reader 56: headings as typed', () => {
  it('heads every day of a week when one is; a timeline under a day stays its lines', () => {
    const plan = body('Week 3 plan\n\nMONDAY: long-term causes\nM - militarism\nA - alliances\n\nWednesday - the July Crisis timeline\n28 June 1914 – Franz Ferdinand assassinated\n5 July – Germany\'s blank cheque\n23 July – Austrian ultimatum\n\nthursday: sources\n- a cartoon\n', 'basic');
    expect(plan).toContain('\\section*{Wednesday -- the July Crisis timeline}');
    expect(plan).toContain('\\section*{thursday: sources}');
    expect(plan).not.toMatch(/section\*\{(?:28 June|5 July)/);
  });

  it('heads a numbered question, a numbered part with an arrow in brackets, and a name with a remark in brackets', () => {
    expect(lines('1.1 How much room do you need?\nA corner of a garage is enough.\n\n1.2 The bench\nAny sturdy table.')).toMatch(/section\*?\{(?:1\.1 )?How much room do you need\?\}/);
    expect(body('极限复习\n\n一、两个重要极限\nsin x / x -> 1\n\n二、常用等价无穷小（x->0 时）\nsin x ~ x\n\n三、洛必达法则\n0/0 型\n', 'basic')).toMatch(/section\*\{二、常用等价无穷小/);
    expect(lines('Equipment\nA small refractor on a tracking mount, used every clear night.\n\nProcessing (Siril 1.2 + GIMP)\nStacked 212 frames, then stretched the histogram by hand.')).toContain('section{Processing (Siril 1.2 + GIMP)}');
    // A quiz's numbered question stays an item.
    expect(lines('1. What is the capital of France?\n2. What is the capital of Spain?')).not.toMatch(/section\{What/);
  });

  it('keeps a connective between two formulas as text', () => {
    const out = lines('Okres wahadła:\nT = 2π sqrt(l / g)\nstąd\ng = 4π^2 l / T^2');
    expect(out).not.toMatch(/section\*?\{stąd\}/);
    expect(out).toContain('stąd');
  });

  it('heads "# The query" over the SQL under it', () => {
    expect(lines('# Background\nThe job got slow.\n\n# The query\nSELECT c.account_id, c.name\nFROM customers c\nGROUP BY c.account_id;')).toMatch(/\\section\*?\{The query\}\n\n\\begin\{lstlisting\}[^\n]*\nSELECT/);
  });
});

describe('reader 56: title blocks and slides', () => {
  it('keeps a name and its department as one author, and names with a remark as authors', () => {
    expect(body('Calibrating soil sensors\nPriya Raman, Dept. of Biological & Agricultural Engineering, UC Davis\n\nIntro text here.\n')).toContain('\\author{Priya Raman, Dept. of Biological \\& Agricultural Engineering, UC Davis');
    const deck = body('Solaranlage auf dem Turnhallendach\nVortrag für die Schulkonferenz\n12.11.2024\nFrau Brenner (Physik), Timo Krause, Lea Hoffmann, Yusuf Demir\n\nFolie 1 – Worum geht es?\n- Dach: 640 m²\n\nFolie 2 – Kosten\n- 99 kWp\n', 'presentation');
    expect(deck).toContain('\\author{Frau Brenner (Physik) \\and Timo Krause \\and Lea Hoffmann \\and Yusuf Demir}');
  });

  it("puts a cover slide's byline and note on the title slide", () => {
    const deck = body('Microplastics in the Cuyahoga River\nENVE 3100, Group 6\nAlyssa Moreno, Devon Park\n\nSlide 1: Title\n- Microplastics in the Cuyahoga River\n- Group 6, ENVE 3100, Prof. Lindqvist\nnotes: Alyssa opens, 30 sec max\n\n---\nSlide 2: Why care?\n- rivers carry plastic\n\n---\nSlide 3: Sites\n- four sites\n', 'presentation');
    expect(deck).toContain('\\institute{Group 6, ENVE 3100, Prof. Lindqvist}');
    expect(deck).toMatch(/\\titlepage\n\\note\{Alyssa opens, 30 sec max\}/);
    expect(deck).not.toContain('{}\\relax');
  });
});

describe('reader 56: code, lists and reactions as typed', () => {
  it('keeps an arrow after bullets as the consequence it is; a run of arrows is a list', () => {
    const out = lines('- fibers: 61 %\n- fragments: 24 %\n-> fibers dominate everywhere');
    expect(out).toContain('\\end{itemize}\n\\ensuremath{\\rightarrow} fibers dominate');
    expect(lines('-> book the car\n-> buy midge spray')).toContain('\\item book the car');
  });

  it('sets code pasted into a Markdown note as typed: indentation, powers and products', () => {
    const note = '# Newton\n\nSome **bold** text.\n\ndef newton(F, x0):\n    x = x0\n    for k in range(50):\n        x = x - F(x)\n    return x\n\nF = lambda v: np.array([v[0]**2 + v[1]**2 - 4, 2*v[0]])\nprint(newton(F, [2.0, -0.5]))\n';
    const out = body(note);
    expect(out).toContain('def newton(F, x0):\n    x = x0\n    for k in range(50):\n        x = x - F(x)');
    expect(out).toContain('F = lambda v: np.array([v[0]**2 + v[1]**2 - 4, 2*v[0]])');
    // A Markdown paragraph of prose stays prose.
    expect(body('# Notes\n\nWe met on **Monday** and agreed.\nThe plan holds.\n')).not.toContain('lstlisting');
  });

  it('sets pandas code under a step, a command after a label, and a command after an arrow as code', () => {
    const step = lines('Step 2 – normalise column names\ndf.columns = (df.columns.str.strip()\n                .str.lower())\ndf = df.rename(columns={"zip_code": "zip"})');
    expect(step).toMatch(/begin\{lstlisting\}[^\n]*\ndf\.columns = \(df\.columns\.str\.strip\(\)\n {16}\.str\.lower\(\)\)/);
    expect(lines('and from the terminal:\nsqlite3 -header -csv pantry.db < monthly.sql > may_report.csv')).toMatch(/lstlisting\}[^\n]*\nsqlite3 -header/);
    expect(lines('- fix the last commit message → git commit --amend\n- find what you did → git reflog')).toContain('\\texttt{git\\ commit\\ -{}-\\allowbreak{}amend}');
  });

  it('sets reactions with remarks after them as reactions, not as a table', () => {
    const out = lines('CaCO3 -> CaO + CO2   (needs heat)\nFe3+ + 3OH- -> Fe(OH)3   (rusty brown precipitate)\nAg+ + Cl- -> AgCl   (white ppt)');
    expect(out).not.toContain('tabular');
    expect(out).toContain('\\ce{CaCO3 -> CaO + CO2}');
    // Columns of figures apart by spaces are still a table.
    expect(lines('Item      Qty    Cost\nFlour     2      3.50\nButter    1      2.10\nEggs      12     4.00')).toContain('tabular');
  });
});
