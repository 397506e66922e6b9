// What the bibliography shows of a work the front matter describes: "Doe, J. & Roe, R. (2020).
// A study. *Journal of Things*. https://…", and the names an in-text citation gives ("Doe & Roe").
import type { Inline, WorkReference } from '../../tree.js';

/** Authors listed in an entry before "et al.". */
const MAX_LISTED = 6;

function initials(given: string): string {
  return given
    .split(/[\s.]+/)
    .filter((part) => part !== '')
    .map((part) => (part.includes('-') ? part.split('-').map((p) => `${p.charAt(0)}.`).join('-') : `${part.charAt(0)}.`))
    .join(' ');
}

function listedName(author: WorkReference['authors'][number]): string {
  return author.given ? `${author.family}, ${initials(author.given)}` : author.family;
}

function joinNames(names: string[]): string {
  if (names.length <= 1) return names[0] ?? '';
  return `${names.slice(0, -1).join(', ')} & ${names[names.length - 1]}`;
}

/** A sentence of the entry: the text with a full stop unless it ends with one already. */
function sentence(text: string): string {
  return /[.!?]$/.test(text) ? text : `${text}.`;
}

/** The entry of a work: authors (year). Title. Container. Publisher. Address. */
export function workInlines(work: WorkReference): Inline[] {
  const out: Inline[] = [];
  const names = work.authors.map(listedName);
  const authors = names.length > MAX_LISTED ? `${names.slice(0, MAX_LISTED).join(', ')}, et al.` : joinNames(names);
  const year = work.year ? `(${work.year})` : '';
  const head = [authors, year].filter(Boolean).join(' ');
  if (head) out.push({ kind: 'text', value: `${sentence(head)} ` });
  if (work.title) out.push({ kind: 'text', value: `${sentence(work.title)} ` });
  if (work.container) out.push({ kind: 'emph', children: [{ kind: 'text', value: work.container }] }, { kind: 'text', value: '. ' });
  if (work.publisher) out.push({ kind: 'text', value: `${sentence(work.publisher)} ` });
  if (work.url) out.push({ kind: 'link', url: work.url, children: [{ kind: 'text', value: work.url }] });
  if (out.length === 0) out.push({ kind: 'text', value: work.id });
  const last = out[out.length - 1];
  if (last?.kind === 'text') out[out.length - 1] = { kind: 'text', value: last.value.trimEnd() };
  return out;
}

/** The names an in-text citation gives: "Doe", "Doe & Roe", "Doe et al."; null without authors. */
export function inTextAuthors(work: WorkReference): string | null {
  const families = work.authors.map((a) => a.family);
  if (families.length === 0) return null;
  if (families.length > 2) return `${families[0]} et al.`;
  return families.join(' & ');
}
