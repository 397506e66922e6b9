import { describe, expect, it } from 'vitest';
import { countWords, pdfWordCounts, preservation } from './words.js';

const words = (text: string) => Object.fromEntries(countWords(text));

describe('countWords', () => {
  it('counts runs of three or more letters, case-folded, as a multiset', () => {
    expect(words('The cat and THE dog: an ox, the end.')).toEqual({ the: 3, cat: 1, and: 1, dog: 1, end: 1 });
  });

  it('keeps combining marks inside words (Devanagari, Bengali, Hebrew points)', () => {
    expect(words('नमस्ते दुनिया')).toEqual({ नमस्ते: 1, दुनिया: 1 });
    expect(words('আমার সোনার বাংলা')).toEqual({ আমার: 1, সোনার: 1, বাংলা: 1 });
  });

  it('reads every script that writes spaces: Arabic, Persian, Hebrew, Greek, Georgian, Armenian, Cyrillic, Vietnamese', () => {
    expect(words('مرحبا بالعالم')).toEqual({ مرحبا: 1, بالعالم: 1 });
    expect(words('می‌خواهم')).toEqual({ میخواهم: 1 }); // the zero-width non-joiner joins
    expect(words('שלום עולם')).toEqual({ שלום: 1, עולם: 1 });
    // Combining diacritics go on both sides: accents and tone marks a PDF may return apart.
    expect(words('Ἐν ἀρχῇ ἦν ὁ λόγος')).toEqual({ 'αρχη': 1, 'λογος': 1 });
    expect(words('გამარჯობა Բարեւ Привіт Tiếng Việt')).toEqual({ გამარჯობა: 1, բարեւ: 1, привіт: 1, tieng: 1, viet: 1 });
  });

  it('compares Ukrainian words with stress accents (U+0301) with their plain forms', () => {
    expect(words('ма́ма по́ми́лка')).toEqual(words('мама помилка'));
  });

  it('counts every CJK character as one word, Hangul syllables included', () => {
    expect(words('线性代数')).toEqual({ 线: 1, 性: 1, 代: 1, 数: 1 });
    expect(words('ひらがなカナ')).toEqual({ ひ: 1, ら: 1, が: 1, な: 1, カ: 1, ナ: 1 });
    expect(words('안녕 하세요')).toEqual({ 안: 1, 녕: 1, 하: 1, 세: 1, 요: 1 });
  });

  it('a katakana middle dot (・, a list mark in Japanese notes) is no word', () => {
    expect(words('・ブランチ')).toEqual({ ブ: 1, ラ: 1, ン: 1, チ: 1 });
  });

  it('counts Thai letters with their marks one by one (no spaces between Thai words)', () => {
    expect(words('ไทย')).toEqual({ ไ: 1, ท: 1, ย: 1 });
    // NFKC splits SARA AM into NIKHAHIT + SARA AA, the same on both sides.
    expect(words('น้ำ')).toEqual({ 'น้\u0e4d': 1, 'า': 1 });
  });

  it('compares ligatures, presentation forms and full-width letters equal (NFKC)', () => {
    expect(words('ﬁnal')).toEqual({ final: 1 });
    expect(words('ＡＢＣ')).toEqual({ abc: 1 });
    expect(words('ﻣﺮﺣﺒﺎ')).toEqual({ مرحبا: 1 });
  });

  it('is linear on long hostile input', () => {
    const text = 'a\u0301'.repeat(100_000) + ' ' + '中'.repeat(100_000);
    const counts = countWords(text);
    expect(counts.get('中')).toBe(100_000);
    expect(counts.size).toBe(2);
  });
});

describe('pdfWordCounts', () => {
  it('joins words hyphenated at line ends, but not a hyphen after a digit', () => {
    expect(Object.fromEntries(pdfWordCounts('preser-\nvation 10-\n20'))).toEqual({ preservation: 1 });
  });
});

describe('preservation', () => {
  it('is multiset recall: each occurrence counts once, found while the PDF has copies left', () => {
    const p = preservation(countWords('alpha alpha beta gamma'), countWords('alpha beta beta'));
    expect(p.total).toBe(4);
    expect(p.kept).toBe(2);
    expect(p.share).toBe(0.5);
    expect(p.missing).toEqual([{ word: 'alpha', count: 1 }, { word: 'gamma', count: 1 }]);
  });

  it('is 1 for a note without words', () => {
    expect(preservation(countWords('1 + 2 = 3'), countWords('')).share).toBe(1);
  });
});
