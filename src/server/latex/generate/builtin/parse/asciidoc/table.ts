// AsciiDoc tables (`|===` … `|===`, also `!===` nested and `,===`/`:===` delimited data): cells
// start at the separator, may run over several lines; the column count comes from `cols` or
// the first row's line; the first row is the header when `options="header"` is set or a blank
// line follows it. Cell specifiers (`2+|`, `a|`, `^.^|`) are dropped.
import type { Align, Block, Inline } from '../../tree.js';

const SPEC = /(?:\d{1,3}(?:\.\d{1,3})?[+*])?[<^>]?(?:\.[<^>])?[adehlmsv]?$/;

function columnCount(cols: string | undefined): number {
  if (!cols) return 0;
  const t = cols.trim();
  if (/^\d+$/.test(t)) return Number.parseInt(t, 10);
  let n = 0;
  for (const part of t.split(/[,;]/)) {
    const m = /^(\d+)\*/.exec(part.trim());
    n += m ? Number.parseInt(m[1] ?? '1', 10) : 1;
  }
  return n;
}

function alignOf(cols: string | undefined, n: number): Align[] {
  const parts = (cols ?? '').split(/[,;]/).flatMap((p) => {
    const m = /^(\d+)\*(.*)$/.exec(p.trim());
    return m ? Array.from({ length: Number.parseInt(m[1] ?? '1', 10) }, () => m[2] ?? '') : [p.trim()];
  });
  return Array.from({ length: n }, (_, k) => {
    const p = parts[k] ?? '';
    return p.includes('>') ? 'right' : p.includes('^') ? 'center' : p.includes('<') ? 'left' : null;
  });
}

/** Cells of the table body, with the line each starts on. */
function splitCells(lines: string[], sep: string): Array<{ text: string; line: number }> {
  const cells: Array<{ text: string; line: number }> = [];
  lines.forEach((line, n) => {
    if (sep === ',' || sep === ':') {
      if (line.trim() !== '') for (const c of line.split(sep)) cells.push({ text: c.trim(), line: n });
      return;
    }
    let at = line.indexOf(sep);
    if (at === -1 || (at > 0 && !SPEC.test(line.slice(0, at).trim()))) {
      // A continuation of the cell above.
      const last = cells[cells.length - 1];
      if (last) last.text += `\n${line}`;
      return;
    }
    while (at !== -1) {
      let next = line.indexOf(sep, at + 1);
      while (next !== -1 && line[next - 1] === '\\') next = line.indexOf(sep, next + 1);
      let text = line.slice(at + 1, next === -1 ? undefined : next);
      if (next !== -1) {
        // The text before the next separator may end with that cell's specifier (`2+|`).
        const spec = /(?:^|\s)((?:\d{1,3}(?:\.\d{1,3})?[+*])?[<^>]?(?:\.[<^>])?[adehlmsv]?)$/.exec(text);
        if (spec && spec[1] && /[+*<^>.]|^[adehlmsv]$/.test(spec[1])) text = text.slice(0, text.length - spec[1].length);
      }
      cells.push({ text: text.trim(), line: n });
      at = next;
    }
  });
  return cells;
}

export function asciidocTable(body: string[], sep: string, named: Map<string, string>, inline: (text: string) => Inline[]): Block {
  const cells = splitCells(body, sep === '|' || sep === '!' ? sep : sep);
  let width = columnCount(named.get('cols'));
  if (width === 0) {
    const firstLine = cells[0]?.line ?? 0;
    width = Math.max(1, cells.filter((c) => c.line === firstLine).length);
  }
  const rows: string[][] = [];
  for (let k = 0; k < cells.length; k += width) rows.push(cells.slice(k, k + width).map((c) => c.text));
  const firstLine = cells[0]?.line ?? 0;
  const blankAfterFirst = body[firstLine + 1] !== undefined && body[firstLine + 1]?.trim() === '' && cells.filter((c) => c.line === firstLine).length === width;
  const options = named.get('options') ?? named.get('opts') ?? '';
  const hasHeader = (named.has('header') || options.includes('header') || blankAfterFirst) && !options.includes('noheader') && rows.length > 1;
  const cell = (t: string): Inline[] => inline(t.replace(/\s*\n\s*/g, ' '));
  const pad = (r: string[]): string[] => [...r, ...Array.from({ length: width - r.length }, () => '')];
  return {
    kind: 'table',
    header: hasHeader ? pad(rows[0] ?? []).map(cell) : [],
    rows: (hasHeader ? rows.slice(1) : rows).map((r) => pad(r).map(cell)),
    align: alignOf(named.get('cols'), width),
  };
}
