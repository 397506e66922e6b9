// The evaluation itself: every note of a folder, in each requested document type, through the
// builtin generator (the same generate() the server calls) and the sandboxed compile service,
// optionally beside pandoc + XeLaTeX; one row of figures per (note, type).
import { join } from 'node:path';
import { isDocumentType, type DocumentType } from '../shared/document-types.js';
import type { CompileService } from '../server/latex/compile/index.js';
import { generate } from '../server/latex/generate/builtin/index.js';
import { failedMeasures, measureLatex, type Measures } from './measure.js';
import { noteWordCounts, type NoteFormat } from './note-text.js';
import { listNotes, type NoteFile } from './notes.js';
import { naturalType, readManifest, type TypeSource } from './note-types.js';
import { outlineAccuracy, outlinePath } from './outline/index.js';
import { pandocLatex } from './pandoc.js';
import { inParallel } from './pool.js';

/** `natural` or a document type. */
export type TypeChoice = 'natural' | DocumentType;

export function parseTypeChoices(list: string): TypeChoice[] {
  const choices = list.split(',').map((t) => t.trim()).filter(Boolean);
  for (const c of choices) if (c !== 'natural' && !isDocumentType(c)) throw new Error(`Unknown type '${c}': use natural or a document type.`);
  return choices as TypeChoice[];
}

export interface Row {
  note: string;
  format: NoteFormat;
  type: DocumentType;
  /** This row is the note in its natural type (and where that came from). */
  natural: boolean;
  typeSource: TypeSource;
  builtin: Measures;
  pandoc?: Measures;
}

export interface EvalOptions {
  dir: string;
  types: TypeChoice[];
  service: CompileService;
  concurrency: number;
  comparePandoc?: boolean;
  outDir?: string;
  /** Where the golden outlines are when not beside the notes. */
  outlinesDir?: string;
  /** Called as each row is done (progress). */
  onRow?: (row: Row) => void;
}

interface Job {
  note: NoteFile;
  type: DocumentType;
  natural: boolean;
  typeSource: TypeSource;
}

export function planJobs(notes: NoteFile[], types: TypeChoice[], manifest: Map<string, DocumentType>): Job[] {
  const jobs: Job[] = [];
  for (const note of notes) {
    const nat = naturalType(note.name, note.content, manifest);
    const seen = new Map<DocumentType, Job>();
    for (const choice of types) {
      const type = choice === 'natural' ? nat.type : choice;
      const existing = seen.get(type);
      if (existing) {
        existing.natural ||= choice === 'natural';
        continue;
      }
      const job: Job = { note, type, natural: choice === 'natural' || type === nat.type, typeSource: nat.source };
      seen.set(type, job);
      jobs.push(job);
    }
  }
  return jobs;
}

function stem(name: string): string {
  return name.replace(/\.[^.]*$/, '');
}

async function runJob(job: Job, opts: EvalOptions): Promise<Row> {
  const { note, type } = job;
  // Speaker notes count where the document shows them (not in slides).
  const words = noteWordCounts(note.content, note.format, type);
  const base = opts.outDir ? join(opts.outDir, `${stem(note.name)}.${type}`) : undefined;
  let builtin: Measures;
  try {
    const generated = generate({ content: note.content, documentType: type, options: { splitTables: false, useMath: true } });
    builtin = await measureLatex(opts.service, generated.latex, generated.texProgram, words, base, { note: note.content, format: note.format, type });
  } catch (err) {
    builtin = failedMeasures('error', `generator: ${(err as Error).message}`, 'pdflatex');
  }
  try {
    builtin.outlineAccuracy = outlineAccuracy(note.content, type, outlinePath(opts.dir, note.name, opts.outlinesDir))?.accuracy ?? null;
  } catch (err) {
    throw new Error(`${note.name}: ${(err as Error).message}`);
  }
  const row: Row = { note: note.name, format: note.format, type, natural: job.natural, typeSource: job.typeSource, builtin };
  if (opts.comparePandoc) {
    try {
      const latex = await pandocLatex(note.content, note.format, type);
      row.pandoc = await measureLatex(opts.service, latex, 'xelatex', words, base ? `${base}.pandoc` : undefined, { note: note.content, format: note.format, type });
    } catch (err) {
      row.pandoc = failedMeasures('pandoc-error', (err as Error).message, 'xelatex');
    }
  }
  opts.onRow?.(row);
  return row;
}

export async function evaluate(opts: EvalOptions): Promise<Row[]> {
  const notes = listNotes(opts.dir);
  const jobs = planJobs(notes, opts.types, readManifest(opts.dir));
  return inParallel(jobs, opts.concurrency, (job) => runJob(job, opts));
}
