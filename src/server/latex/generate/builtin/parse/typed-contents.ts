// A table of contents the person typed ("Contents" over a list of the parts' names): the
// document makes its own, so the typed one goes, and the lines it names are the parts' headings
// (a poem's title the lines alone did not show to be one).
import type { Block, NoteMeta } from '../tree.js';
import { inlineText } from '../tree.js';

const CONTENTS = /^(?:(?:table of )?contents|toc|inhalt|inhaltsverzeichnis|índice|indice|sumário|sumario|sommaire|table des matières|содержание|оглавление|зміст|spis treści|obsah|tartalom|içindekiler|mục lục|inhoud|innhold|innehåll|sisällys|περιεχόμενα|目录|目錄|目次|차례|목차|विषय सूची|المحتويات)[:：]?$/iu;

/** A name as the contents and the heading may both give it: no numbering, no case, one space. */
function key(text: string): string {
  return text.replace(/^(?:\d{1,3}[.)]?|[ivxlc]{1,6}[.)])\s+/i, '').replace(/\s+/g, ' ').trim().toLowerCase();
}

/** The names a contents block lists: a list's items or lines one per line. */
function namesOf(b: Block | undefined): string[] {
  if (b?.kind === 'list') return b.items.map((it) => (it.blocks[0]?.kind === 'paragraph' ? key(inlineText(it.blocks[0].inlines)) : ''));
  if (b?.kind === 'paragraph') return inlineText(b.inlines).split('\n').map(key);
  return [];
}

/**
 * Takes out a typed table of contents whose names are (two thirds at least) the note's later
 * headings or lines standing alone; makes those lines headings. Returns whether it did.
 */
export function takeTypedContents(body: Block[], meta: NoteMeta): boolean {
  const at = body.findIndex((b) => (b.kind === 'heading' || b.kind === 'paragraph') && CONTENTS.test(inlineText(b.inlines).trim()));
  if (at < 0 || at > 3) return false;
  const names = namesOf(body[at + 1]).filter((n) => n !== '');
  if (names.length < 2) return false;
  const named = new Set(names);
  const later = body.slice(at + 2);
  const found = new Map<string, number>();
  later.forEach((b, k) => {
    if ((b.kind === 'heading' || (b.kind === 'paragraph' && !inlineText(b.inlines).includes('\n'))) && named.has(key(inlineText(b.inlines)))) found.set(key(inlineText(b.inlines)), k);
  });
  if (found.size * 3 < names.length * 2) return false;
  const headingDepths = later.filter((b) => b.kind === 'heading' && found.has(key(inlineText(b.inlines)))).map((b) => (b as Extract<Block, { kind: 'heading' }>).depth);
  const contentsHeading = body[at];
  const depth = headingDepths.length ? Math.min(...headingDepths) : contentsHeading?.kind === 'heading' ? contentsHeading.depth : 1;
  for (const k of found.values()) {
    const b = later[k];
    if (b?.kind === 'paragraph') later[k] = { kind: 'heading', depth, inlines: b.inlines };
  }
  body.splice(at, body.length - at, ...later);
  meta.typedContents = true;
  return true;
}
