// pandoc's bibliography data in front matter: `references:` (a list of CSL items: id, title,
// author, issued, container-title, publisher, URL, DOI) and `nocite:` (keys listed though never
// cited). What a bibliography entry shows is taken from them; other CSL fields are left out.
import type { WorkReference } from '../../tree.js';
import type { YamlValue } from './yaml.js';

/** Works past this many are not read: a note is not a reference manager's export. */
const MAX_WORKS = 2000;

function str(v: YamlValue | undefined): string | undefined {
  if (typeof v === 'string') {
    const t = v.trim();
    return t === '' ? undefined : t;
  }
  // A one-item list (`title: [A title]`) or a `literal` mapping.
  if (Array.isArray(v) && v.length === 1) return str(v[0]);
  if (v && typeof v === 'object' && !Array.isArray(v)) return str(v['literal']);
  return undefined;
}

function authorsOf(v: YamlValue | undefined): WorkReference['authors'] {
  if (v === undefined) return [];
  const list = Array.isArray(v) ? v : [v];
  const out: WorkReference['authors'] = [];
  for (const a of list) {
    if (typeof a === 'string') {
      if (a.trim()) out.push({ family: a.trim() });
      continue;
    }
    if (Array.isArray(a)) continue;
    const family = str(a['family']) ?? str(a['literal']) ?? str(a['name']);
    if (!family) continue;
    const given = str(a['given']);
    out.push(given ? { family, given } : { family });
  }
  return out;
}

/** The year of a CSL date: `date-parts: [[2020, 5]]`, `{year: 2020}`, `2020-05-01`, `literal`, `raw`. */
function yearOf(v: YamlValue | undefined): string | undefined {
  if (v === undefined) return undefined;
  if (typeof v === 'string') {
    const t = v.trim();
    const digits = /^-?\d{1,4}/.exec(t);
    return digits ? digits[0] : str(t);
  }
  if (Array.isArray(v)) return yearOf(v[0]);
  const parts = v['date-parts'];
  if (parts !== undefined) return yearOf(parts);
  return yearOf(v['year'] ?? v['literal'] ?? v['raw']);
}

function urlOf(item: Record<string, YamlValue>): string | undefined {
  const url = str(item['url']);
  if (url && /^https?:\/\/\S+$/i.test(url)) return url;
  const doi = str(item['doi']);
  return doi && /^10\.\S+$/.test(doi) ? `https://doi.org/${doi}` : undefined;
}

/** The works of a `references:` value (items without an id are left out). */
export function readReferences(v: YamlValue | undefined): WorkReference[] | undefined {
  if (!Array.isArray(v)) return undefined;
  const out: WorkReference[] = [];
  for (const item of v.slice(0, MAX_WORKS)) {
    if (!item || typeof item !== 'object' || Array.isArray(item)) continue;
    const id = str(item['id']);
    if (!id) continue;
    const work: WorkReference = { id, authors: authorsOf(item['author'] ?? item['editor']) };
    const fields: Array<[keyof WorkReference, string | undefined]> = [
      ['year', yearOf(item['issued'])],
      ['title', str(item['title'])],
      ['container', str(item['container-title'])],
      ['publisher', str(item['publisher'])],
      ['url', urlOf(item)],
    ];
    for (const [key, value] of fields) if (value) Object.assign(work, { [key]: value });
    out.push(work);
  }
  return out.length ? out : undefined;
}

/** The keys of a `nocite:` value (`@a, @b`, a list, or `@*` for every work). */
export function readNocite(v: YamlValue | undefined): string[] | undefined {
  const items = typeof v === 'string' ? [v] : Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
  const keys: string[] = [];
  for (const item of items) {
    for (const part of item.split(/[\s,;]+/)) {
      const key = part.startsWith('@') ? part.slice(1) : part;
      if (key) keys.push(key);
    }
  }
  return keys.length ? keys : undefined;
}
