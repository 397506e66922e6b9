import { describe, expect, it } from 'vitest';
import { generate } from '../index.js';
import { typography } from './typography.js';

describe('typography of typed text', () => {
  it('straight double quotes as the language’s curly ones, apostrophes as ’', () => {
    expect(typography('the report said "no damage" (and "ok").', 'en')).toBe('the report said \u201cno damage\u201d (and \u201cok\u201d).');
    expect(typography('er sagte "ja"', 'de')).toBe('er sagte \u201eja\u201c');
    // A typed „ opens the quote: the straight one after a figure closes it (no inch mark).
    expect(typography('Tarif \u201eHome 250" fast', 'de')).toBe('Tarif \u201eHome 250\u201c fast');
    expect(typography('他说"你好"然后走了', 'zh')).toBe('他说\u201c你好\u201d然后走了');
    expect(typography('**bold**" he said', 'en')).toBe('**bold**\u201d he said');
    expect(typography("don't use l'hopital, the students' notes", 'en')).toBe('don\u2019t use l\u2019hopital, the students\u2019 notes');
    // An inch mark after a figure stays straight; a quote opened after one still closes.
    expect(typography('a buttered 8"x8" dish, a 12" pizza', 'en')).toBe('a buttered 8"x8" dish, a 12" pizza');
    expect(typography('the word "2024" was', 'en')).toBe('the word \u201c2024\u201d was');
  });

  it('plus or minus typed before a figure', () => {
    expect(typography('T = 1.52 s +- 0.05 s and 20 +/- 2 cm, but c++ and a+-b stay', 'en')).toBe('T = 1.52 s \u00b1 0.05 s and 20 \u00b1 2 cm, but c++ and a+-b stay');
  });

  it('typed arrows as arrows, a tilde before a number as ∼ (the sign typed, set centred); other signs stay', () => {
    expect(typography('over 10 swings -> 2% on T, A => B, a <- b, x <=> y, a --> b', 'en')).toBe('over 10 swings \u2192 2% on T, A \u21d2 B, a \u2190 b, x \u21d4 y, a \u27f6 b');
    expect(typography('reaction time ~0.2 s', 'en')).toBe('reaction time \u223c0.2 s');
    expect(typography('a < b, c > d, ~/notes, 5\'10', 'en')).toBe('a < b, c > d, ~/notes, 5\'10');
    expect(typography('savings (~21%) and ~ $90 in all', 'en')).toBe('savings (\u223c21%) and \u223c $90 in all');
    expect(typography('solitude != loneliness, age >= 18, cost <= 5, a!=b', 'en')).toBe('solitude \u2260 loneliness, age \u2265 18, cost \u2264 5, a!=b');
  });

  it('only in running text: code keeps its straight quotes and arrows', () => {
    const { latex } = generate({ content: 'Notes\n\nHe said "fine" -> done.\n\n```\nprint("x") # a -> b\n```\n', documentType: 'article' });
    expect(latex).toContain("He said ``fine'' \\ensuremath{\\rightarrow} done.");
    expect(latex).toContain('print("x") # a -> b');
  });

  it('a hyphen typed with a space on each side is a dash; a hyphen in a word or a range stays', () => {
    expect(typography('She saw it - a small boat - and prayed.', 'en')).toBe('She saw it \u2013 a small boat \u2013 and prayed.');
    expect(typography('a well-known 2010-2014 survey', 'en')).toBe('a well-known 2010-2014 survey');
  });

  it('a tilde between figures or dates (a range) or before a figure ("about") is the typed sign, centred', () => {
    expect(typography('12월 9일 ~ 12월 13일', undefined)).toBe('12월 9일 \u223c 12월 13일');
    expect(typography('18:30~20:00', undefined)).toBe('18:30\u223c20:00');
    expect(typography('about ~40 C', undefined)).toBe('about \u223c40 C');
  });
});

