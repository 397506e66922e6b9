// The "natural" document type of a note: the type its author would pick. First rule that
// answers wins:
//   1. the folder's manifest, types.json: `{ "file name": "letter", … }`;
//   2. the file name's words, read left to right, the first one that names a kind of document:
//      letter → letter; slides/talk/deck/presentation/keynote/marp/slidev/reveal/beamer →
//      presentation; report/thesis/dissertation/lab → report; book/outline/chapter → book;
//      cv/resume/recipe/howto/cheatsheet/minutes/meeting/memo/basic → basic;
//      article/essay/lecture/notes/paper/post/blog → article;
//   3. the content: slide markers (`marp: true`, reveal.js sections, three or more `---`
//      separators after the front matter) → presentation; a salutation and a closing, or two
//      letter header lines (From:/To:/Subject:), or letter front matter (opening:/closing:) →
//      letter; two or more chapter headings → book; an abstract and a conclusion → report;
//      else article.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isDocumentType, type DocumentType } from '../shared/document-types.js';

const NAME_WORDS: Record<string, DocumentType> = {
  letter: 'letter',
  slides: 'presentation', slide: 'presentation', talk: 'presentation', deck: 'presentation', presentation: 'presentation',
  keynote: 'presentation', marp: 'presentation', slidev: 'presentation', reveal: 'presentation', beamer: 'presentation',
  report: 'report', thesis: 'report', dissertation: 'report', lab: 'report',
  book: 'book', outline: 'book', chapter: 'book',
  cv: 'basic', resume: 'basic', recipe: 'basic', howto: 'basic', cheatsheet: 'basic', minutes: 'basic', meeting: 'basic',
  memo: 'basic', basic: 'basic',
  article: 'article', essay: 'article', lecture: 'article', notes: 'article', paper: 'article', post: 'article', blog: 'article',
};

export type TypeSource = 'manifest' | 'name' | 'content';

export interface NaturalType {
  type: DocumentType;
  source: TypeSource;
}

/** Reads DIR/types.json; a missing file is an empty manifest, a bad one an error. */
export function readManifest(dir: string): Map<string, DocumentType> {
  const file = join(dir, 'types.json');
  const manifest = new Map<string, DocumentType>();
  if (!existsSync(file)) return manifest;
  const data = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  for (const [name, type] of Object.entries(data)) {
    if (!isDocumentType(type)) throw new Error(`${file}: '${name}' has the unknown document type '${String(type)}'.`);
    manifest.set(name, type);
  }
  return manifest;
}

export function typeFromName(fileName: string): DocumentType | null {
  const stem = fileName.replace(/\.[^.]*$/, '').toLowerCase();
  for (const word of stem.split(/[^\p{L}]+/u)) {
    const type = NAME_WORDS[word];
    if (type) return type;
  }
  return null;
}

const SALUTATION = /^(dear|hello|hi|to whom|sehr geehrte|liebe|cher|chère|madame|monsieur|estimad[oa]|querid[oa])\b/i;
const CLOSING = /^(sincerely|regards|best regards|kind regards|yours|best wishes|cordially|mit freundlichen grüßen|viele grüße|cordialement|atentamente|saludos)\b/i;

export function typeFromContent(content: string): DocumentType {
  const lines = content.replace(/\r\n?/g, '\n').split('\n');
  const head = lines.slice(0, 40).join('\n');
  const frontMatterEnd = lines[0]?.trim() === '---' ? lines.findIndex((l, i) => i > 0 && l.trim() === '---') : -1;
  const separators = lines.slice(frontMatterEnd + 1).filter((l) => l.trim() === '---').length;
  if (/^marp:\s*true/m.test(head) || /<section\b/.test(content) || separators >= 3) return 'presentation';
  const trimmed = lines.map((l) => l.trim()).filter((l) => l !== '');
  const salutation = trimmed.slice(0, 20).some((l) => SALUTATION.test(l));
  const closing = trimmed.slice(-12).some((l) => CLOSING.test(l));
  const headerLines = trimmed.slice(0, 12).filter((l) => /^(from|to|subject|re):\s/i.test(l)).length;
  if ((salutation && closing) || headerLines >= 2 || (/^opening:/m.test(head) && /^closing:/m.test(content))) return 'letter';
  const chapters = lines.filter((l) => /^(#\s+(chapter|kapitel|chapitre|capítulo|глава)\b|\\chapter\{|\*\s+chapter\b)/i.test(l)).length;
  if (chapters >= 2) return 'book';
  const headings = lines.filter((l) => /^(#{1,3}\s|\*{1,3}\s|=+\s)/.test(l)).map((l) => l.toLowerCase());
  if (headings.some((h) => h.includes('abstract')) && headings.some((h) => h.includes('conclusion'))) return 'report';
  return 'article';
}

export function naturalType(fileName: string, content: string, manifest: Map<string, DocumentType>): NaturalType {
  const listed = manifest.get(fileName);
  if (listed) return { type: listed, source: 'manifest' };
  const named = typeFromName(fileName);
  if (named) return { type: named, source: 'name' };
  return { type: typeFromContent(content), source: 'content' };
}
