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
    // The next line's first word would have fitted: the break was meant, even after a long line.
    const lines = ['todo: check the 50% & 100% cases, file is in ~/physics/notes_v2.txt', 'cost of textbook $45 (#3 on the reading list)', 'variables: v_rel, m_0 (rest mass), p = gamma*m_0*v'];
    expect(wrapped(lines)).toBe(false);
    // Statements typed one per line without a stop, however long: no sentence in them, no wrapping.
    expect(wrapped(['die Reaktionszeit beim Stoppen ist der größte Fehler (ca. 0,2 s)', 'deshalb haben wir immer 10 Schwingungen gemessen und nicht nur eine', 'die Fadenlänge wurde bis zum Schwerpunkt der Kugel gemessen'])).toBe(false);
    expect(wrapped(['python (pandas, matplotlib), sql, power bi, excel, git', 'languages: english (native), bengali (native), spanish (B1)'])).toBe(false);
  });

  it('a remark after an arrow under verses is a line of its own, the verses stay lines', () => {
    const note = 'Canto V\n\nAmor, ch’a nullo amato amar perdona,\nmi prese del costui piacer sì forte,\nche, come vedi, ancor non m’abbandona.\n-> anafora di amor, tre volte\n';
    expect(outline(note)).toEqual(['lines 3']);
  });
});
