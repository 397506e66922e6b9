import { describe, expect, it } from 'vitest';
import { compareOutlines } from './compare.js';
import { formatOutline, parseOutline } from './format.js';
import { treeOutline } from './from-tree.js';

const GOLD = `title: Lab report: measuring g
author: Sam Lee
date: 12 March 2025
// a remark
# Aim
# Data
table 2x3
# Results
math
list 3 ordered
lines 2
`;

describe('outline files', () => {
  it('reads every item kind and writes it back the same', () => {
    const o = parseOutline(GOLD);
    expect(o.title).toBe('Lab report: measuring g');
    expect(o.items).toEqual([
      { kind: 'heading', level: 1, text: 'Aim' },
      { kind: 'heading', level: 1, text: 'Data' },
      { kind: 'table', columns: 2, rows: 3 },
      { kind: 'heading', level: 1, text: 'Results' },
      { kind: 'math' },
      { kind: 'list', items: 3, style: 'ordered' },
      { kind: 'lines', count: 2 },
    ]);
    expect(parseOutline(formatOutline(o))).toEqual(o);
  });

  it('refuses an unknown item and a missing header line, naming the line', () => {
    expect(() => parseOutline('title: -\nauthor: -\ndate: -\nparagraph')).toThrow(/line 4: unknown item/);
    expect(() => parseOutline('title: x\n# A')).toThrow(/no author/);
  });
});

describe('outline accuracy', () => {
  it('is 1 for the same outline and counts missing and invented structure', () => {
    const gold = parseOutline(GOLD);
    expect(compareOutlines(gold, gold).accuracy).toBe(1);
    const got = parseOutline('title: Lab report: measuring g\nauthor: -\ndate: -\n# Aim\n# Data\n# Results\nmath\nlist 3 ordered\nlist 2\n');
    const diff = compareOutlines(gold, got);
    // Matched: title, Aim, Data, Results, math, list = 6 of 3+7 golden and 3+6 actual.
    expect(diff.matched).toBe(6);
    expect(diff.accuracy).toBeCloseTo(12 / 19);
    expect(diff.missing).toEqual(['author: Sam Lee (got -)', 'date: 12 March 2025 (got -)', 'table 2x3', 'lines 2']);
    expect(diff.extra).toEqual(['list 2']);
  });

  it('compares heading levels by rank and headings without their numbers', () => {
    const gold = parseOutline('title: -\nauthor: -\ndate: -\n# Intro\n## Part\n');
    const got = parseOutline('title: -\nauthor: -\ndate: -\n## 1 Intro\n### 1.1 Part\n');
    expect(compareOutlines(gold, got).accuracy).toBe(1);
    const flat = parseOutline('title: -\nauthor: -\ndate: -\n## Intro\n## Part\n');
    expect(compareOutlines(gold, flat).accuracy).toBeLessThan(1);
  });
});

describe("the generator's outline", () => {
  it('reads title, headings, lists, tables, code and formulas from the tree', () => {
    const note = '# Field notes\n\n## One\n\n- a\n- b\n\n| x | y |\n|---|---|\n| 1 | 2 |\n\n```\ncode\n```\n\n$$x^2$$\n';
    const o = treeOutline(note, 'article');
    expect(o.title).toBe('Field notes');
    expect(o.items).toEqual([
      { kind: 'heading', level: 1, text: 'One' },
      { kind: 'list', items: 2, style: 'bullet' },
      { kind: 'table', columns: 2, rows: 2 },
      { kind: 'code' },
      { kind: 'math' },
    ]);
  });

  it('a letter as the letter writer sets it: typed addresses are lines, its date and signature, no title', () => {
    const note = 'Flat 3B, 27 Hawthorn Road\nLeeds\nLS6 2QT\n\nMr Graham Pettigrew\nPettigrew Lettings\n14 Albion Street\nLeeds LS1 6HX\n\nMarch 12th, 2025\n\nDear Mr Pettigrew,\n\nPlease return the deposit.\n\nYours sincerely,\n\nChloe Ashworth\n';
    expect(formatOutline(treeOutline(note, 'letter'))).toBe(
      'title: -\nauthor: Chloe Ashworth\ndate: March 12th, 2025\nlines 3\nlines 4\nletter opening Dear Mr Pettigrew,\nletter closing Yours sincerely,\nletter signature Chloe Ashworth\n',
    );
    // Addresses from front matter fields are no lines of the note; a subject field titles it.
    const fields = '---\nsubject: Deposit\nfrom:\n- 1 Main St\n- Leeds\nto:\n- Mr Pettigrew\n- Albion Street\n---\n\nDear Mr Pettigrew,\n\nPlease return the deposit.\n\nYours sincerely,\n\nChloe Ashworth\n';
    const o = treeOutline(fields, 'letter');
    expect(o.title).toBe('Deposit');
    expect(o.items.filter((i) => i.kind === 'lines')).toEqual([]);
  });
});
