// Org tables: `|`-separated rows, `|---+---|` rules (the rows above the first rule are the
// header), alignment cookie rows (<l> <c> <r>) turned into column alignment.
import type { Align, Block, Inline } from '../../tree.js';

function cells(line: string): string[] {
  let t = line.trim();
  if (t.startsWith('|')) t = t.slice(1);
  if (t.endsWith('|')) t = t.slice(0, -1);
  return t.split('|').map((c) => c.trim());
}

const COOKIE = /^<([lcr])?\d*>$/;
/** A rule line: nothing but rule characters (a row that starts with `|-` has text too). */
const RULE = /^[|+=:\- ]+$/;

export function orgTable(lines: string[], inline: (text: string) => Inline[]): Block {
  const groups: string[][][] = [[]];
  let align: Align[] = [];
  for (const line of lines) {
    const t = line.trim();
    if ((t.startsWith('|-') || t.startsWith('|=')) && RULE.test(t)) {
      if ((groups[groups.length - 1] ?? []).length) groups.push([]);
      continue;
    }
    const row = cells(t);
    if (row.length && row.every((c) => c === '' || COOKIE.test(c)) && row.some((c) => c !== '')) {
      align = row.map((c) => {
        const m = COOKIE.exec(c);
        return m?.[1] === 'r' ? 'right' : m?.[1] === 'c' ? 'center' : m?.[1] === 'l' ? 'left' : null;
      });
      continue;
    }
    groups[groups.length - 1]?.push(row);
  }
  const nonEmpty = groups.filter((g) => g.length);
  const first = nonEmpty[0] ?? [];
  // Org's rule: a rule after the first rows makes them the header (when more rows follow).
  const hasHeader = nonEmpty.length > 1 && first.length >= 1;
  const header = hasHeader ? (first[0] ?? []) : [];
  const body = hasHeader ? [...first.slice(1), ...nonEmpty.slice(1).flat()] : nonEmpty.flat();
  return { kind: 'table', header: header.map(inline), rows: body.map((r) => r.map(inline)), align };
}
