// A document as a project a person can take anywhere (docs/product.md, Exports): main.tex, the
// images it was compiled with, and a README naming the engine. Zipped as a stream with fflate (a
// maintained, dependency-free zip library): the LaTeX is deflated, the images (PNG, JPEG and PDF,
// compressed already) are stored as they are, chunk by chunk, so a 50 MB project never sits whole
// in memory and no step holds the event loop for long.
import { PassThrough, type Readable } from 'node:stream';
import { Zip, ZipDeflate, ZipPassThrough } from 'fflate';
import type { TexProgram } from '../../../shared/tex-program.js';

export interface ProjectImage {
  name: string;
  /** The bytes, in chunks (a stored blob). */
  open(): Readable;
}

export interface Project {
  latex: string;
  program: TexProgram;
  title: string;
  images: readonly ProjectImage[];
}

/** The project's README: what it is and how to compile it, with the engine the LaTeX needs. */
export function projectReadme(project: Pick<Project, 'program' | 'title'>): string {
  const engine = project.program === 'xelatex' ? 'XeLaTeX' : 'pdfLaTeX';
  const command = project.program === 'xelatex' ? 'xelatex main.tex' : 'pdflatex main.tex';
  return [
    `# ${project.title || 'Generated Document'}`,
    '',
    `Compile main.tex with ${engine}: \`${command}\` (twice for the table of contents and references),`,
    `or \`latexmk -${project.program === 'xelatex' ? 'xelatex' : 'pdf'} main.tex\`.`,
    project.program === 'xelatex' ? 'Its first line, `% !TEX program = xelatex`, tells Overleaf and TeXstudio the same.' : 'Overleaf compiles it as it is (pdfLaTeX is its default).',
    '',
    'The images beside main.tex are the ones the document was compiled with.',
    '',
  ].join('\n');
}

/** The project as a zip stream: main.tex, README.md, then each image under its own name. */
export function zipProject(project: Project): Readable {
  const out = new PassThrough();
  const zip = new Zip((err, chunk, final) => {
    if (err) {
      out.destroy(err);
      return;
    }
    out.write(Buffer.from(chunk));
    if (final) out.end();
  });
  const text = (name: string, content: string) => {
    const entry = new ZipDeflate(name, { level: 6 });
    zip.add(entry);
    entry.push(new TextEncoder().encode(content), true);
  };
  void (async () => {
    try {
      text('main.tex', project.latex);
      text('README.md', projectReadme(project));
      for (const image of project.images) {
        const entry = new ZipPassThrough(image.name);
        zip.add(entry);
        for await (const chunk of image.open()) {
          entry.push(chunk as Buffer);
          // Back-pressure: wait until the reader has taken what is buffered.
          if (out.writableNeedDrain) await new Promise((resolve) => out.once('drain', resolve));
        }
        entry.push(new Uint8Array(0), true);
      }
      zip.end();
    } catch (err) {
      out.destroy(err as Error);
    }
  })();
  return out;
}
