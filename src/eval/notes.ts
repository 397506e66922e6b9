// A folder of notes: every file with a note extension, sorted, with its format.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { noteFormat, type NoteFormat } from './note-text.js';

/** Extensions read as notes; SOURCES.md, README.md and LICENSE files describe a folder instead. */
const NOTE_EXTENSIONS = /\.(md|markdown|qmd|rmd|txt|org|rst|adoc|asciidoc|typ)$/i;
const NOT_NOTES = new Set(['sources.md', 'readme.md', 'license.md', 'license.txt']);

export interface NoteFile {
  name: string;
  content: string;
  format: NoteFormat;
}

export function listNotes(dir: string): NoteFile[] {
  if (!existsSync(dir)) throw new Error(`No such folder: ${dir}`);
  return readdirSync(dir)
    .filter((f) => NOTE_EXTENSIONS.test(f) && !NOT_NOTES.has(f.toLowerCase()))
    .sort()
    .map((name) => ({ name, content: readFileSync(join(dir, name), 'utf8'), format: noteFormat(name) }));
}
