import { describe, expect, it } from 'vitest';
import { generate } from '../index.js';

const body = (note: string, type: 'book' | 'report') => generate({ content: note, documentType: type }).latex.split('\\begin{document}')[1] ?? '';

describe("a report's or a book's named opening and closing", () => {
  it('a first chapter named as a preface is unnumbered, so the chapters keep their numbers; an afterword closes the book', () => {
    const latex = body('Four seasons\n\nPreface\nThis book records one year in a small town by the sea.\n\nChapter 1 - Spring\nThe cherry trees bloom in April.\n\nChapter 2 - Summer\nThe festival fills the harbour.\n\nAfterword\nThank you for reading this book to the end.\n', 'book');
    expect(latex).toMatch(/\\chapter\*\{Preface\}\n\\addcontentsline\{toc\}\{chapter\}\{Preface\}/);
    expect(latex).not.toContain('\\prefacename');
    expect(latex.match(/\\chapter\{/g)).toHaveLength(2);
    expect(latex).toMatch(/\\backmatter\n\n\\chapter\*\{Afterword\}/);
  });

  it('a line naming the preface above its text is its name, not a line under a second "Preface"', () => {
    const latex = body('Small Garden\n\npreface\ni started gardening on a balcony in 2016 with one tomato plant.\n\nchapter 1 - light is everything\nmost vegetables want 6-8 hours of direct sun.\n', 'book');
    expect(latex).toContain('\\chapter*{preface}');
    expect(latex).not.toContain('\\prefacename');
    expect(latex.match(/preface/g)).toHaveLength(2);
  });

  it("text before the first chapter with no name is a book's opening page and a report's introduction, under no heading", () => {
    const opening = 'This book grew out of ten years of notes, written on trains and in kitchens, and it owes most of what is good in it to the people who read the first drafts and told me where they stopped reading.';
    const book = body(`Report\n\n${opening}\n\nChapter 1 - Start\nThe start.\n`, 'book');
    expect(book).not.toMatch(/\\chapter\*|prefacename/);
    expect(book).toMatch(/This book grew[\s\S]*\\clearpage[\s\S]*\\tableofcontents/);
    // A few words before the first chapter are its dedication: a page of their own, no heading.
    const dedicated = body('Report\n\nfor Ella, Noah and Sam\n\nChapter 1 - Start\nThe start.\n', 'book');
    expect(dedicated).toContain('\\begin{center}\nfor Ella, Noah and Sam\n\\end{center}\n\\clearpage');
    expect(dedicated).not.toContain('\\prefacename');
    const report = body('Report\n\nSome words before.\n\nChapter 1 - Start\nThe start.\n', 'report');
    expect(report).not.toContain('\\chapter*');
    expect(report.indexOf('Some words before.')).toBeLessThan(report.indexOf('\\chapter{Start}'));
  });

  it('a notice before a named preface leads the book on a page of its own; the preface is unnumbered and the chapters keep their numbers', () => {
    const note = 'Statistics for Nursing\nDr. Angela Whitfield, RN, PhD\ndraft v0.3 - do not circulate\n\nPreface\nThis book grew out of ten years of teaching research methods to nursing students who told me that they were not maths people.\n\nChapter 1 - Why statistics\nEvery protocol was justified by a study.\n\nChapter 2 - Averages\nThe mean and the median.\n';
    const b = body(note, 'book');
    expect(b).toContain('\\author{Dr. Angela Whitfield, RN, PhD}');
    expect(b.indexOf('draft v0.3')).toBeLessThan(b.indexOf('\\tableofcontents'));
    expect(b.match(/draft v0\.3/g)).toHaveLength(1);
    expect(b).toContain('\\chapter*{Preface}');
    expect(b).toContain('\\chapter{Why statistics}');
  });
});
