import { describe, expect, it } from 'vitest';
import { formatOutline, treeOutline } from '../../../../../../eval/outline/index.js';
import { generate } from '../../index.js';
import { isCodeLike } from './code.js';

const outline = (note: string): string[] => formatOutline(treeOutline(note, 'article')).trim().split('\n').slice(3);

describe('tables typed without Markdown', () => {
  it('tab-separated rows, pipe rows without |---|, CSV lines and columns aligned with spaces', () => {
    expect(outline('Data\n\nlength (m)\tperiod (s)\n0.50\t1.42\n1.00\t2.01\n')).toEqual(['table 2x3']);
    expect(outline('Tools\n\n| Tool | Speed |\n| A | fast |\n| B | slow |\n')).toEqual(['table 2x3']);
    // A row whose last cell was left empty, its pipe typed: still a row.
    expect(outline('예산\n\n항목 | 금액 | 비고\n사진 | 180,000원 | 견적\n다과 | 60,000원 |\n합계 | 390,000원 |\n')).toEqual(['table 3x4']);
    expect(outline('Sales\n\nregion,q1,q2\nnorth,10,12\nsouth,8,9\n')).toEqual(['table 3x3']);
    expect(outline('Molar masses\n\nsubstance    formula    g/mol\nmethane      CH4        16.04\nwater        H2O        18.02\n')).toEqual(['table 3x3']);
  });

  it('tabs typed to line columns up are one border each; a first row of figures is data, not a header', () => {
    const note = 'Ingredients\n\nFlour\t\t\t125 g\nBaking powder\t\t1 tsp\nSalt   \t\t\t0.75 tsp\nEgg\t\t\t1\n';
    expect(outline(note)).toEqual(['table 2x4']);
    const latex = generate({ content: note, documentType: 'basic' }).latex;
    expect(latex).not.toContain('\\textbf{Flour}');
    // A header of names, even with a figure in it ("Q2"), or years over figures, stays a header.
    expect(generate({ content: 'Report\n\nmetric\tQ2\tQ3\ntickets\t8420\t9936\nCSAT\t91%\t91%\n', documentType: 'basic' }).latex).toContain('\\textbf{Q2}');
    expect(generate({ content: 'Report\n\nitem\t2023\t2024\nsales\t10\t12\ncosts\t8\t9\n', documentType: 'basic' }).latex).toContain('\\textbf{2023}');
  });

  it('an ASCII drawing\'s pipes are no table: its lines are code', () => {
    const note = 'Word count\n\n  Input1 -> Map -> a,1\n                    |   |   |\n                    |   |   -> Reduce -> c,1\n                    ---------> Reduce -> a,2\n';
    expect(outline(note).some((l) => l.startsWith('table'))).toBe(false);
    expect(outline(note)).toContain('code');
    expect(isCodeLike('|   |   |')).toBe(true);
    expect(isCodeLike('| a | b |')).toBe(false);
  });
});
