import { describe, expect, it } from 'vitest';
import { formatOutline, treeOutline } from '../../../../../../eval/outline/index.js';

const outline = (note: string, type: 'article' | 'presentation' = 'article'): string[] => formatOutline(treeOutline(note, type)).trim().split('\n');

describe('slides separated by --- lines', () => {
  it('the line after each separator is its slide title, blank lines or not', () => {
    const note = 'Club talk\nMira Lee\n\n---\nWhy solar\nIt is cheap now.\n---\nCosts\nPanels cost 3000 EUR.\n';
    expect(outline(note)).toEqual(['title: Club talk', 'author: Mira Lee', 'date: -', '# Why solar', '# Costs']);
  });
});
