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

  it('text before the first chapter with no name is the preface, as before', () => {
    expect(body('Report\n\nSome words before.\n\nChapter 1 - Start\nThe start.\n', 'report')).toContain('\\chapter*{\\prefacename}');
  });
});
