// reStructuredText tables: grid tables (`+---+` borders, `+===+` below the header; cells cut at
// the first border's `+` columns, a cell's lines joined) and simple tables (`===  ===` borders,
// the last column running to the line end, a row whose first column is empty continuing the
// row above). Spanning cells keep their text in the columns they start in.
import type { Block, Inline } from '../../tree.js';

export function isGridBorder(line: string): boolean {
  const t = line.trimEnd();
  if (t.length < 3 || t[0] !== '+' || t[t.length - 1] !== '+') return false;
  for (let i = 0; i < t.length; i++) {
    const c = t[i];
    if (c !== '+' && c !== '-' && c !== '=' && c !== ':') return false;
  }
  return true;
}

/** `=====  ======  ===`: runs of `=` (two or more) separated by spaces, two runs or more. */
export function isSimpleBorder(line: string): boolean {
  const t = line.trimEnd();
  if (t.length < 5 || t[0] !== '=') return false;
  let runs = 0;
  let i = 0;
  while (i < t.length) {
    if (t[i] !== '=') return false;
    const start = i;
    while (i < t.length && t[i] === '=') i++;
    if (i - start < 2) return false;
    runs++;
    while (i < t.length && t[i] === ' ') i++;
  }
  return runs >= 2;
}

export function gridTable(lines: string[], cell: (text: string) => Inline[]): Block {
  const first = lines[0] ?? '';
  const cols: number[] = [];
  for (let i = 0; i < first.length; i++) if (first[i] === '+') cols.push(i);
  const width = Math.max(1, cols.length - 1);
  const rows: string[][] = [];
  let header: string[] | null = null;
  let current: string[][] = [];
  const flush = (): string[] => current.length ? Array.from({ length: width }, (_, c) => current.map((r) => r[c] ?? '').join('\n').trim()) : [];
  for (const line of lines.slice(1)) {
    if (isGridBorder(line)) {
      const row = flush();
      current = [];
      if (row.length) {
        if (line.includes('=') && header === null && rows.length === 0) header = row;
        else rows.push(row);
      }
      continue;
    }
    const parts: string[] = [];
    for (let c = 0; c < width; c++) {
      const from = (cols[c] ?? 0) + 1;
      const to = cols[c + 1] ?? line.length;
      parts.push(line.slice(from, to).replace(/^\|/, '').replace(/\|$/, '').trim());
    }
    current.push(parts);
  }
  const last = flush();
  if (last.length) rows.push(last);
  return {
    kind: 'table',
    header: (header ?? []).map(cell),
    rows: rows.map((r) => r.map(cell)),
    align: Array.from({ length: width }, () => null),
  };
}

export function simpleTable(lines: string[], cell: (text: string) => Inline[]): Block {
  const border = lines[0] ?? '';
  const starts: number[] = [];
  for (let i = 0; i < border.length; i++) if (border[i] === '=' && (i === 0 || border[i - 1] === ' ')) starts.push(i);
  const slice = (line: string): string[] => starts.map((s, c) => line.slice(s, c + 1 < starts.length ? starts[c + 1] : undefined).trim());
  const groups: string[][][] = [[]];
  for (const line of lines.slice(1, -1)) {
    if (isSimpleBorder(line)) {
      groups.push([]);
      continue;
    }
    if (/^-[- ]*$/.test(line.trim())) continue;
    if (line.trim() === '') continue;
    const row = slice(line);
    const group = groups[groups.length - 1] as string[][];
    const prev = group[group.length - 1];
    // A row whose first column is empty continues the one above.
    if (prev && row[0] === '') prev.forEach((v, c) => (prev[c] = `${v} ${row[c] ?? ''}`.trim()));
    else group.push(row);
  }
  const hasHeader = groups.length > 1 && (groups[0]?.length ?? 0) > 0;
  const headerRow = hasHeader ? starts.map((_, c) => (groups[0] ?? []).map((r) => r[c] ?? '').join(' ').trim()) : [];
  const body = (hasHeader ? groups.slice(1) : groups).flat();
  return { kind: 'table', header: headerRow.map(cell), rows: body.map((r) => r.map(cell)), align: starts.map(() => null) };
}
