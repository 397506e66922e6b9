// Figures and Markdown images that name an attached image are placed with \includegraphics; every
// other figure keeps its placeholder box, so a note without attachments renders as before.
import { describe, expect, it } from 'vitest';
import { generate } from '../index.js';

const GRAPHIC = /\\includegraphics\[width=\\linewidth,height=0\.(\d)\\textheight,keepaspectratio\]\{([^}]+)\}/g;
const placed = (latex: string) => [...latex.matchAll(GRAPHIC)].map((m) => m[2]);
/** The document's body: the preamble defines \lgplaceholder and \lgcaption, the body uses them. */
const run = (content: string, images?: string[], documentType: 'article' | 'presentation' | 'letter' | 'basic' = 'article') => {
  const { latex } = generate({ content, documentType, options: { splitTables: false, useMath: true, ...(images ? { images } : {}) } });
  const body = latex.slice(latex.indexOf('\\begin{document}'));
  // graphicx exactly when an image is placed (beamer loads it itself).
  if (documentType !== 'presentation') expect(latex.includes('\\usepackage{graphicx}')).toBe(body.includes('\\includegraphics'));
  return body;
};

describe('attached images', () => {
  it('places the image a FIGURE names on its image: line, with the caption', () => {
    const latex = run('<FIGURE>\nimage: diagram.png\ndescription: The pipeline\ncaption: How notes become PDFs\n</FIGURE>', ['diagram.png']);
    expect(placed(latex)).toEqual(['diagram.png']);
    expect(latex).toContain('\\lgcaption{How notes become PDFs}');
    expect(latex).not.toContain('\\lgplaceholder');
  });

  it('finds the image by the name the upload would get, by stem, and by a description that is a file name', () => {
    expect(placed(run('<FIGURE> image: My Diagram (final).png\ncaption: A </FIGURE>', ['My-Diagram-final.png']))).toEqual(['My-Diagram-final.png']);
    expect(placed(run('<FIGURE> image: photo\ncaption: B </FIGURE>', ['photo.jpg']))).toEqual(['photo.jpg']);
    expect(placed(run('<FIGURE> description: chart.pdf\ncaption: C </FIGURE>', ['chart.pdf']))).toEqual(['chart.pdf']);
  });

  it('places Markdown images, alone as a figure or in running text', () => {
    const latex = run('# Results\n\n![The chart](chart.png "Sales by month")\n\nInline ![icon](icon.png) here.\n', ['chart.png', 'icon.png']);
    expect(placed(latex)).toEqual(['chart.png']);
    // In running text the picture is two lines high, never a page-wide block inside the sentence.
    expect(latex).toContain('Inline \\raisebox{-0.3\\baselineskip}{\\includegraphics[width=\\linewidth,height=2\\baselineskip,keepaspectratio]{icon.png}} here.');
    expect(latex).toContain('\\lgcaption{Sales by month}');
  });

  it('keeps the placeholder when nothing matches, or nothing is attached', () => {
    const note = '<FIGURE> image: missing.png\ndescription: A photo of the lab\ncaption: The lab </FIGURE>\n\n![x](other.png)';
    for (const images of [undefined, [], ['diagram.png']]) {
      const latex = run(note, images);
      expect(placed(latex)).toEqual([]);
      expect(latex).toContain('\\lgplaceholder{A photo of the lab}');
    }
    // A description that merely mentions a file is not a reference.
    expect(placed(run('<FIGURE> description: see diagram.png for details\ncaption: D </FIGURE>', ['diagram.png']))).toEqual([]);
  });

  it('fits slides and letters', () => {
    const slides = run('<SLIDE> title: Results\ncontent: Numbers </SLIDE>\n<SLIDE> title: Chart\ncontent: ![c](chart.png) </SLIDE>', ['chart.png'], 'presentation');
    expect([...slides.matchAll(GRAPHIC)].map((m) => m[1])).toEqual(['6']);
    const letter = run('Dear Sir,\n\n<FIGURE> image: scan.pdf\ncaption: The receipt </FIGURE>\n\nYours', ['scan.pdf'], 'letter');
    expect(placed(letter)).toEqual(['scan.pdf']);
    expect(letter).not.toContain('\\lgcaption');
  });
});
