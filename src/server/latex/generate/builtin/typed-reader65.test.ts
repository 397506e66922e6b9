// What reader 65 showed on fresh notes, by class: a table lined up with spaces lost its total row
// ("合计        5,730" printed under it at the right margin); Czech "(říct: …)" and "Speaker: …" lines
// printed on slides; a story's lone "~" scene break printed as a tiny "~". Each rule is shown
// beside a note it must not change.
import { describe, expect, it } from 'vitest';
import { bodyLatex } from './test-support/generated.js';

const body = bodyLatex;

describe('a table lined up with spaces keeps its short last row', () => {
  it('"合计        5,730" under three columns is the table\'s last row, its note left empty', () => {
    const tex = body('旅行\n\n项目        金额（元）   备注\n交通        1,480       高铁 + 包车\n住宿        1,920       hostel 和客栈\n餐饮        1,150       吃得很好\n合计        5,730\n');
    expect(tex).toMatch(/合计 & 5,730 & +\\\\/);
  });

  it('a sentence after the table stays text', () => {
    const tex = body('Budget\n\nitem        cost       note\ntrain       120        return\nhotel       340        two nights\nfood        95         cheap\nWe spent less than planned on the whole.\n');
    expect(tex).toMatch(/\\end\{tabular\}[\s\S]*We spent less than planned/);
  });
});

describe('more speaker notes stay off the slides', () => {
  it('Czech "(říct: …)" and a "Speaker:" sentence are notes', () => {
    const tex = body('Lineární regrese\nTomáš Dvořák\n\nSlide 2: Model\n- y = w x + b\n(říct: nejdřív ukázat graf)\n\nSlide 3: Data\n- 120 bytů v Brně\nSpeaker: tacka alla för att de kom\n', 'presentation');
    expect(tex).toContain('\\note{nejdřív ukázat graf}');
    expect(tex).toContain('\\note{tacka alla för att de kom}');
    expect(tex).not.toMatch(/\\item[^\n]*(?:říct|Speaker)/);
  });
});

describe("a story's lone ~ is a scene break", () => {
  it('"~" alone between paragraphs of a book is three centred asterisks', () => {
    const tex = body('The Sauce\nby Gina\n\nChapter One: Sunday\n\nIt was Sunday and the kitchen smelled of garlic and basil all morning long.\n\n~\n\nLater that night Nonna sat by the window and counted the jars one by one.\n', 'book');
    expect(tex).toContain('\\begin{center}*\\quad*\\quad*\\end{center}');
    expect(tex).not.toMatch(/\n~\n|textasciitilde/);
  });
});

describe('JSON and YAML pasted without a fence are code, verbatim', () => {
  it('a JSON object on lines of its own is one listing with its straight quotes', () => {
    const tex = body('Deck notes\n\nLanding page config (for dev)\n{\n  "campaign": "loop_launch_fall24",\n  "discount_code": "LOOPFIRST15",\n  "show_countdown": true\n}\nThat is the whole config.\n');
    expect(tex).toMatch(/\\begin\{lstlisting\}[^\n]*\n\{\n {2}"campaign": "loop_launch_fall24",\n[\s\S]*\n\}\n\\end\{lstlisting\}/);
    expect(tex).not.toContain('\\item');
  });

  it("a YAML file's nested keys keep their indentation and comments", () => {
    const tex = body('Incident\n\nWorker config at the time (values-eu.yaml):\nreplicaCount: 6\nimage:\n  repository: registry.example.io/billing-worker\n  tag: v3.18.0\nmigrations:\n  runBeforeDeploy: true\n  allowDestructive: true   # <- should never have been true\n');
    expect(tex).toMatch(/\\begin\{lstlisting\}[^\n]*\nreplicaCount: 6\nimage:\n {2}repository: registry\.example\.io\/billing-worker\n[\s\S]*allowDestructive: true {3}# <- should never have been true\n\\end\{lstlisting\}/);
  });

  it("a person's labelled lines stay text: a meeting's date, place and attendees", () => {
    const tex = body('Meeting\n\nDate: 12 May\nPlace: Room 4\nAttendees:\n  - Anna\n  - Ben\n\nWe agreed on the budget.\n');
    expect(tex).not.toContain('lstlisting');
  });
});
