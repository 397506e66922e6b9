import { describe, expect, it } from 'vitest';
import { formatOutline, treeOutline } from '../../../../../../eval/outline/index.js';
import { parallel, wrapped } from './line-blocks.js';

const outline = (note: string): string[] => formatOutline(treeOutline(note, 'article')).trim().split('\n').slice(3);

describe('lines typed one per line', () => {
  it('lines of one shape are parallel; a label needs words before its separator', () => {
    expect(parallel(['oferta - cantidad que se vende', 'demanda - cantidad que se compra'])).toBe(true);
    expect(parallel(['::: columns', '::: notes'])).toBe(false);
  });

  it('prose wrapped by hand is one paragraph; short sentences with a lower-case line after are lines', () => {
    expect(wrapped(['The reading list for the term is long and we will share the work', 'between the two groups.'])).toBe(true);
    expect(wrapped(['Nel mezzo del cammin di nostra vita', 'mi ritrovai per una selva oscura'])).toBe(false);
    // Two lines: a break where the next word would have fitted in 70 columns was meant.
    expect(wrapped(['we want to minimize a loss L(theta) over parameters theta', 'usually no closed form solution, so we iterate'])).toBe(false);
    // The next line's first word would have fitted: the break was meant, even after a long line.
    const lines = ['todo: check the 50% & 100% cases, file is in ~/physics/notes_v2.txt', 'cost of textbook $45 (#3 on the reading list)', 'variables: v_rel, m_0 (rest mass), p = gamma*m_0*v'];
    expect(wrapped(lines)).toBe(false);
    // Statements typed one per line without a stop, however long: no sentence in them, no wrapping.
    expect(wrapped(['die Reaktionszeit beim Stoppen ist der größte Fehler (ca. 0,2 s)', 'deshalb haben wir immer 10 Schwingungen gemessen und nicht nur eine', 'die Fadenlänge wurde bis zum Schwerpunkt der Kugel gemessen'])).toBe(false);
    expect(wrapped(['python (pandas, matplotlib), sql, power bi, excel, git', 'languages: english (native), bengali (native), spanish (B1)'])).toBe(false);
  });

  it('sentences typed one per line stay lines while each is one sentence or fits on a printed line (as paragraphs the first stands flush, the rest indented)', () => {
    expect(outline('Summary\n\nticket volume rose 18% compared to Q2.\nfirst response time improved anyway.\ncustomer satisfaction held at 91%.\n')).toEqual(['lines 3']);
    const long = 'This sentence is long enough that it runs over more than one printed line of the page. A second one makes it a paragraph.';
    // One sentence a line, however long, is a line of a list of statements.
    expect(outline('Next steps\n\nAdd a size guide to all marketplace apparel listings (owner: E-commerce, by Oct 31).\nHire 12 seasonal staff for peak, starting November 11.\n')).toEqual(['lines 2']);
    // Paragraphs of their own (the outline lists no plain paragraph).
    expect(outline(`Summary\n\n${long}\n${long}\n`)).toEqual([]);
  });

  it('a remark in brackets under lines kept as lines is their last line', () => {
    expect(outline('Problem 4\n\nis the series convergent?\nyes, p-series with p = 2 > 1\n(it equals pi^2/6 but we do not need that)\n')).toEqual(['lines 3']);
  });

  it('a book sets sentences typed one per line as paragraphs of its own; an article keeps them as lines', async () => {
    const { generate } = await import('../../index.js');
    const note = 'Story\n\nChapter 1 - The storm\nThe storm came in on a tuesday.\nShe waited at the top of the stairs.\n\nChapter 2 - The boat\nIn the morning the sea was flat.\n';
    expect(generate({ content: note, documentType: 'book' }).latex).toContain('The storm came in on a tuesday.\n\nShe waited at the top of the stairs.');
    expect(generate({ content: note, documentType: 'article' }).latex).toContain('The storm came in on a tuesday.\\\\\nShe waited at the top of the stairs.');
  });

  it('labels in brackets and terms with a double hyphen are lines of one shape', () => {
    expect(parallel(['[Preparation time] 30 min', '[Servings] 8'])).toBe(true);
    expect(parallel(['endocytosis -- moving resources into a cell', 'phagocytosis -- a form of endocytosis'])).toBe(true);
  });

  it('a remark after an arrow under verses is a line of its own, the verses stay lines', () => {
    const note = 'Canto V\n\nAmor, ch’a nullo amato amar perdona,\nmi prese del costui piacer sì forte,\nche, come vedi, ancor non m’abbandona.\n-> anafora di amor, tre volte\n';
    expect(outline(note)).toEqual(['lines 3']);
  });
});
