// Structural accuracy of a document's outline against the golden one: the header fields (title,
// author, date) and the body items aligned in order (longest common subsequence), scored as
// 2 × matched / (golden + actual), so that both missing and invented structure cost. Heading
// levels compare by rank (the note's top level is 1 whatever markup it used); a slide matches a
// heading of any level with its title.
import { normalize, withoutNumbering } from '../reader/tex-scan.js';
import { itemLine, type Outline, type OutlineItem } from './format.js';

function key(text: string): string {
  return withoutNumbering(normalize(text));
}

function sameText(a: string, b: string): boolean {
  const x = key(a);
  const y = key(b);
  if (x === y) return true;
  // A title or heading the generator shortened or lengthened a little still names the same thing.
  const [short, long] = x.length < y.length ? [x, y] : [y, x];
  return short.length >= 12 && long.startsWith(short) && short.length / long.length >= 0.6;
}

/** Heading levels as ranks (1 = the outline's top level). */
function ranked(items: OutlineItem[]): OutlineItem[] {
  const levels = [...new Set(items.flatMap((i) => (i.kind === 'heading' ? [i.level] : [])))].sort((a, b) => a - b);
  return items.map((i) => (i.kind === 'heading' ? { ...i, level: levels.indexOf(i.level) + 1 } : i));
}

export function sameItem(gold: OutlineItem, got: OutlineItem): boolean {
  if (gold.kind === 'slide' || got.kind === 'slide') {
    const g = gold.kind === 'slide' || gold.kind === 'heading' ? gold.text : null;
    const a = got.kind === 'slide' || got.kind === 'heading' ? got.text : null;
    return g !== null && a !== null && (sameText(g, a) || (g === '' && a === ''));
  }
  switch (gold.kind) {
    case 'heading':
      return got.kind === 'heading' && got.level === gold.level && sameText(gold.text, got.text);
    case 'list':
      return got.kind === 'list' && got.items === gold.items && got.style === gold.style;
    case 'table':
      return got.kind === 'table' && got.columns === gold.columns && got.rows === gold.rows;
    case 'lines':
      return got.kind === 'lines' && got.count === gold.count;
    case 'letter':
      return got.kind === 'letter' && got.part === gold.part && sameText(gold.text, got.text);
    default:
      return got.kind === gold.kind;
  }
}

function sameField(gold: string | null, got: string | null, kind: 'title' | 'author' | 'date'): boolean {
  if (gold === null || got === null) return gold === got;
  if (kind === 'date') {
    const digits = (s: string) => (s.match(/\d+/g) ?? []).map(Number).sort((a, b) => a - b).join(',');
    return digits(gold) !== '' ? digits(gold) === digits(got) : key(gold) === key(got);
  }
  if (kind === 'author') {
    const words = (s: string) => new Set(key(s).split(' ').filter((w) => w.length > 1));
    const g = words(gold);
    const a = words(got);
    return [...g].filter((w) => a.has(w)).length >= Math.min(g.size, Math.max(1, Math.ceil(g.size / 2)));
  }
  return sameText(gold, got);
}

export interface OutlineDiff {
  accuracy: number;
  matched: number;
  gold: number;
  actual: number;
  /** Golden items the document lacks and items it has that the golden outline does not, as outline lines. */
  missing: string[];
  extra: string[];
}

/** Longest common subsequence of two item lists under `sameItem`: which indexes pair up. */
function align(gold: OutlineItem[], got: OutlineItem[]): Array<[number, number]> {
  const n = gold.length;
  const m = got.length;
  // Outlines are at most a few hundred items: the quadratic table is small.
  const table: number[][] = Array.from({ length: n + 1 }, () => new Array<number>(m + 1).fill(0));
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) {
      const row = table[i] as number[];
      row[j] = sameItem(gold[i] as OutlineItem, got[j] as OutlineItem) ? (table[i + 1]?.[j + 1] ?? 0) + 1 : Math.max(table[i + 1]?.[j] ?? 0, row[j + 1] ?? 0);
    }
  }
  const pairs: Array<[number, number]> = [];
  let i = 0;
  let j = 0;
  while (i < n && j < m) {
    if (sameItem(gold[i] as OutlineItem, got[j] as OutlineItem)) {
      pairs.push([i, j]);
      i++;
      j++;
    } else if ((table[i + 1]?.[j] ?? 0) >= (table[i]?.[j + 1] ?? 0)) i++;
    else j++;
  }
  return pairs;
}

export function compareOutlines(gold: Outline, got: Outline): OutlineDiff {
  const g = ranked(gold.items);
  const a = ranked(got.items);
  const pairs = align(g, a);
  const fields = (['title', 'author', 'date'] as const).filter((k) => sameField(gold[k], got[k], k));
  const matched = pairs.length + fields.length;
  const goldCount = g.length + 3;
  const actualCount = a.length + 3;
  const pairedGold = new Set(pairs.map(([i]) => i));
  const pairedGot = new Set(pairs.map(([, j]) => j));
  const missing = [
    ...(['title', 'author', 'date'] as const).filter((k) => !fields.includes(k)).map((k) => `${k}: ${gold[k] ?? '-'} (got ${got[k] ?? '-'})`),
    ...g.flatMap((item, i) => (pairedGold.has(i) ? [] : [itemLine(item)])),
  ];
  const extra = a.flatMap((item, j) => (pairedGot.has(j) ? [] : [itemLine(item)]));
  return { accuracy: (2 * matched) / (goldCount + actualCount), matched, gold: goldCount, actual: actualCount, missing, extra };
}
