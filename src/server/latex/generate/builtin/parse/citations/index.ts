// Citations and cross-references, resolved on the whole document tree once every reader is done:
//   1. pandoc-crossref labels go onto their blocks (labels.ts), their `{#…}` text out;
//   2. the text is scanned for citations and `@fig:x` references (scan.ts): bracketed and
//      \cite forms first, then bare `@key` where the note's keys and its style allow;
//   3. a reference list the note already has is taken over (note-list.ts);
//   4. works are numbered in order of first citation (the note's own list keeps its order) and
//      the bibliography's entries made: the note's entry, else the front matter's CSL data
//      (works.ts), else the key itself.
// Everything is computed here, so the document needs no BibTeX run and no extra pass. A note
// without `@`, `\cite` or `{#` costs a few indexOf calls.
import type { BibEntry, Block, Inline, NoteMeta, WorkReference } from '../../tree.js';
import { inlineText } from '../../tree.js';
import { Labels } from './labels.js';
import { looksLikeCitationKey } from './keys.js';
import { applyNoteList, findNoteList, type NoteEntry } from './note-list.js';
import { scanRun, type ScanContext } from './scan.js';
import { forEachBlockList, forEachInline, mapInlineRuns } from './walk.js';
import { inTextAuthors, workInlines } from './works.js';

/** Whether a note may hold pandoc attribute blocks (`{#sec:x}`, `{.unnumbered}`, `{-}`). */
function mayLabel(source: string): boolean {
  return source.includes('{#') || source.includes('{.') || source.includes('{-}');
}

/** Whether a note may hold citations, labels or cross-references at all. */
function mayCite(source: string, meta: NoteMeta): boolean {
  return source.includes('@') || source.includes('\\cite') || source.includes('#cite') || mayLabel(source) || meta.nocite !== undefined;
}

/** `{#…}` right after an inline image (pandoc's image attributes) is not text. */
function dropImageAttributes(run: Inline[]): Inline[] {
  for (let k = 1; k < run.length; k++) {
    const node = run[k];
    if (run[k - 1]?.kind === 'image' && node?.kind === 'text' && node.value.startsWith('{')) {
      const close = node.value.indexOf('}');
      if (close > 0 && close < 200 && !node.value.slice(0, close).includes('\n')) run[k] = { kind: 'text', value: node.value.slice(close + 1) };
    }
  }
  return run;
}

function citeKeys(lists: Block[][]): string[] {
  const keys: string[] = [];
  for (const list of lists) forEachInline(list, (node) => node.kind === 'cite' && keys.push(...node.items.map((it) => it.key)));
  return keys;
}

/** Scans the text for citations: bracketed and \cite forms, then the bare `@key`s the note's style allows. */
function scanCitations(lists: Block[][], labels: Labels, works: ReadonlyMap<string, WorkReference>): void {
  const seen = new Set<string>();
  const first: ScanContext = { labels: labels.targets, bare: null, sawBare: (key) => seen.add(key) };
  for (const list of lists) mapInlineRuns(list, (run) => scanRun(dropImageAttributes(run), first));
  if (seen.size === 0) return;
  const known = new Set([...works.keys(), ...citeKeys(lists)]);
  // A note that @mentions people or handles (anything neither known nor an author-year key)
  // cites with bare keys only those it names elsewhere.
  const social = [...seen].some((key) => !known.has(key) && !looksLikeCitationKey(key));
  const bare = (key: string): boolean => known.has(key) || (!social && looksLikeCitationKey(key));
  if (![...seen].some(bare)) return;
  const second: ScanContext = { labels: labels.targets, bare };
  for (const list of lists) mapInlineRuns(list, (run) => scanRun(run, second));
}

/** Typst labels (`= Intro <intro>`): `<name>` anywhere but as a call's argument (`#cite(<key>)`). */
function angleLabels(source: string): Set<string> {
  const out = new Set<string>();
  for (let at = source.indexOf('<'); at >= 0; at = source.indexOf('<', at + 1)) {
    let end = at + 1;
    while (end < source.length && end - at <= 80 && /[\w:.-]/.test(source[end] as string)) end++;
    if (source[end] === '>' && end > at + 1 && source[at - 1] !== '(') out.add(source.slice(at + 1, end));
  }
  return out;
}

/** Typst's `@intro` for a heading labelled `<intro>` is a reference, not a citation: its text stays. */
function keepLabelReferences(lists: Block[][], source: string): void {
  if (!source.includes('<')) return;
  const labels = angleLabels(source);
  if (labels.size === 0) return;
  const isLabel = (key: string): boolean => labels.has(key);
  for (const list of lists) {
    mapInlineRuns(list, (run) => run.map((node) => (node.kind === 'cite' && node.items.every((it) => isLabel(it.key)) ? { kind: 'text', value: node.source } : node)));
  }
}

/** Keys for the note's unmarked entries: the one entry naming the key's author and year (`doe2020` → "Doe … 2020"). */
function matchEntries(entries: NoteEntry[], keys: string[]): void {
  const open = entries.filter((e) => e.key === null);
  if (open.length === 0) return;
  const texts = open.map((e) => inlineText(e.inlines).toLowerCase());
  for (const key of new Set(keys)) {
    if (entries.some((e) => e.key === key)) continue;
    const name = /^\p{L}{3,}/u.exec(key)?.[0]?.toLowerCase();
    const year = /\d{4}/.exec(key)?.[0];
    if (!name) continue;
    const hits = open.filter((e, k) => e.key === null && (texts[k] as string).includes(name) && (!year || (texts[k] as string).includes(year)));
    if (hits.length === 1 && hits[0]) hits[0].key = key;
  }
}

/**
 * Resolves the citations and cross-references of a note's blocks (`lists`: the abstract's, then
 * all of the note's, in reading order; changed in place). Returns the entries of the References
 * section the writer adds, empty when there is none or the note's own list holds them.
 */
export function resolveCitations(lists: Block[][], source: string, meta: NoteMeta): BibEntry[] {
  if (!mayCite(source, meta)) return [];
  const labels = new Labels();
  if (mayLabel(source)) for (const list of lists) forEachBlockList(list, (blocks) => labels.attach(blocks));
  const works = new Map((meta.references ?? []).map((w) => [w.id, w]));
  scanCitations(lists, labels, works);
  keepLabelReferences(lists, source);

  const cited = citeKeys(lists);
  if (cited.length === 0 && !meta.nocite) return [];
  const all = lists[lists.length - 1] ?? [];
  const plan = findNoteList(all);
  let ownCites = 0;
  if (plan) forEachInline(plan.taken, (node) => node.kind === 'cite' && ownCites++);
  // The note's list is taken over only when the rest of the note cites something.
  const own = plan && cited.length > ownCites ? plan : null;

  const bibliography: Extract<Block, { kind: 'bibliography' }> = { kind: 'bibliography', entries: [] };
  if (own) {
    applyNoteList(all, own, bibliography);
    matchEntries(own.entries, citeKeys(lists));
  }
  const numbers = new Map<string, number>();
  const entries: BibEntry[] = (own?.entries ?? []).map((e, k) => ({ number: k + 1, key: e.key ?? '', inlines: e.inlines }));
  for (const e of entries) if (e.key && !numbers.has(e.key)) numbers.set(e.key, e.number);
  const number = (key: string): number => {
    let n = numbers.get(key);
    if (n === undefined) {
      n = entries.length + 1;
      numbers.set(key, n);
      const work = works.get(key);
      entries.push({ number: n, key, inlines: work ? workInlines(work) : [{ kind: 'text', value: key }] });
    }
    return n;
  };
  for (const list of lists) {
    forEachInline(list, (node) => {
      if (node.kind !== 'cite') return;
      for (const it of node.items) {
        it.number = number(it.key);
        const work = node.textual ? works.get(it.key) : undefined;
        const authors = work ? inTextAuthors(work) : null;
        if (authors) it.authors = authors;
      }
    });
  }
  for (const key of meta.nocite ?? []) {
    if (key === '*') for (const id of works.keys()) number(id);
    else number(key);
  }
  if (own?.headed) {
    bibliography.entries = entries;
    return [];
  }
  return entries;
}
