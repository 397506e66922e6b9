import { describe, expect, it } from 'vitest';
import { formatOutline, treeOutline } from '../../../../../../eval/outline/index.js';

/** What a reader sees of a note: its outline (title, author, date, then headings, lists, tables …). */
const outline = (note: string): string[] => formatOutline(treeOutline(note, 'article')).trim().split('\n');

describe('Markdown paragraphs read by the notes layer', () => {
  it('a pipe table without its |---| line, and checkbox lines, in a Markdown note', () => {
    const note = '## Plan\n\nIntro text with **bold**.\n\n| Tool | Speed | Cost |\n| A | fast | low |\n| B | slow | high |\n\n[ ] buy milk\n[x] call Ann\n';
    expect(outline(note)).toEqual(['title: Plan', 'author: -', 'date: -', 'table 3x3', 'list 2 checkbox']);
  });

  it('a note whose headings are marked keeps its structure: no short line is made a heading, and a line broken on purpose stays a line', () => {
    const note = '# Plan\n\n## Week one\n\nIntro text with **bold**.\n\nWhy this matters\nThe first sentence is typed on one line and the next one explains it.\n';
    expect(outline(note)).toEqual(['title: Plan', 'author: -', 'date: -', '# Week one', 'lines 2']);
    // Hand-wrapped prose stays one paragraph: its lines are as long as a wrap leaves them.
    const wrappedNote = '# Plan\n\n## Week one\n\nIntro text with **bold**.\n\nThe first sentence of this paragraph was wrapped by the editor at seventy\nCharacters because the writer kept the default settings of the editor on.\n';
    expect(outline(wrappedNote)).toEqual(['title: Plan', 'author: -', 'date: -', '# Week one']);
  });

  it('lines Markdown wraps stay one paragraph; formula lines are displays only when every line is one', () => {
    const note = '## Plan\n\nIntro with **bold**.\n\nThe first sentence is typed on one line and\nthe reader joins it with the next one.\n\nx = 2 + y\ny = 3\n\nWe know that\nx = 2 + y\nholds here.\n';
    expect(outline(note)).toEqual(['title: Plan', 'author: -', 'date: -', 'math', 'math']);
  });

  it('a hard break is a line the writer meant: "Sincerely,  " and the name stay two lines', () => {
    const note = '## Letter\n\nSome text with **bold**.\n\nSincerely,  \nChristopher Hann-Soden\n';
    expect(outline(note)).toEqual(['title: Letter', 'author: -', 'date: -', 'lines 2']);
  });

  it('under a "# Title" alone, short lines typed one per line stay lines; a sentence carried on stays one', () => {
    expect(outline('# 读书笔记\n\n只学不思考 -> 迷惑\n只思考不学习 -> 危险\n两者要结合！\n')).toEqual(['title: 读书笔记', 'author: -', 'date: -', 'lines 3']);
    expect(outline('# Notes\n\nFirst line of a sentence\nthat goes on here.\n')).toEqual(['title: Notes', 'author: -', 'date: -']);
  });
});
