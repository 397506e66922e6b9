// Golden outlines: what a reader expects a note to become (title, author, date, headings with
// their levels, lists, tables with their shape, code, display formulas, line-by-line blocks,
// slides, letter parts), written beside a note as NOTE.outline by reading it as a person would,
// as pandoc keeps *.native files beside its reader tests. The format is described in
// tests/fixtures/OUTLINES.md; this module reads and writes it.

export type OutlineItem =
  | { kind: 'heading'; level: number; text: string }
  | { kind: 'slide'; text: string }
  | { kind: 'list'; items: number; style: 'bullet' | 'ordered' | 'checkbox' }
  | { kind: 'table'; columns: number; rows: number }
  | { kind: 'code' }
  | { kind: 'math' }
  | { kind: 'lines'; count: number }
  | { kind: 'quote' }
  | { kind: 'figure' }
  | { kind: 'letter'; part: 'opening' | 'closing' | 'signature'; text: string };

export interface Outline {
  /** null: the note has no title (written `-`). */
  title: string | null;
  author: string | null;
  date: string | null;
  subtitle?: string;
  direction?: 'rtl';
  items: OutlineItem[];
}

function headerValue(v: string): string | null {
  const t = v.trim();
  return t === '-' || t === '' ? null : t;
}

/** Reads an outline file; throws with the line number on anything it does not know. */
export function parseOutline(text: string): Outline {
  const outline: Outline = { title: null, author: null, date: null, items: [] };
  const seen = new Set<string>();
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  lines.forEach((raw, k) => {
    const line = raw.trim();
    if (line === '' || line.startsWith('//')) return;
    const fail = (why: string) => {
      throw new Error(`outline line ${k + 1}: ${why}: ${line}`);
    };
    const header = /^(title|author|date|subtitle|direction|type):\s?(.*)$/.exec(line);
    if (header) {
      const [, key = '', value = ''] = header;
      seen.add(key);
      if (key === 'title') outline.title = headerValue(value);
      else if (key === 'author') outline.author = headerValue(value);
      else if (key === 'date') outline.date = headerValue(value);
      else if (key === 'subtitle') outline.subtitle = value.trim();
      else if (key === 'direction') {
        if (value.trim() !== 'rtl') fail('direction is rtl or absent');
        outline.direction = 'rtl';
      }
      return;
    }
    const heading = /^(#{1,6})\s+(.+)$/.exec(line);
    if (heading) {
      outline.items.push({ kind: 'heading', level: (heading[1] ?? '#').length, text: (heading[2] ?? '').trim() });
      return;
    }
    const slide = /^slide(?:\s+(.*))?$/.exec(line);
    if (slide) {
      const t = (slide[1] ?? '').trim();
      outline.items.push({ kind: 'slide', text: t === '-' ? '' : t });
      return;
    }
    const list = /^list\s+(\d+)(?:\s+(ordered|checkbox|bullet))?$/.exec(line);
    if (list) {
      outline.items.push({ kind: 'list', items: Number(list[1]), style: (list[2] as 'ordered' | 'checkbox' | 'bullet' | undefined) ?? 'bullet' });
      return;
    }
    const table = /^table\s+(\d+)\s*x\s*(\d+)$/.exec(line);
    if (table) {
      outline.items.push({ kind: 'table', columns: Number(table[1]), rows: Number(table[2]) });
      return;
    }
    const lineBlock = /^lines\s+(\d+)$/.exec(line);
    if (lineBlock) {
      outline.items.push({ kind: 'lines', count: Number(lineBlock[1]) });
      return;
    }
    const letter = /^letter\s+(opening|closing|signature)\s+(.+)$/.exec(line);
    if (letter) {
      outline.items.push({ kind: 'letter', part: letter[1] as 'opening' | 'closing' | 'signature', text: (letter[2] ?? '').trim() });
      return;
    }
    if (line === 'code' || line === 'math' || line === 'quote' || line === 'figure') {
      outline.items.push({ kind: line });
      return;
    }
    fail('unknown item');
  });
  for (const key of ['title', 'author', 'date']) if (!seen.has(key)) throw new Error(`outline: no ${key}: line (write "${key}: -" for none)`);
  return outline;
}

/** One item as the outline file writes it. */
export function itemLine(item: OutlineItem): string {
  switch (item.kind) {
    case 'heading':
      return `${'#'.repeat(item.level)} ${item.text}`;
    case 'slide':
      return `slide ${item.text || '-'}`;
    case 'list':
      return `list ${item.items}${item.style === 'bullet' ? '' : ` ${item.style}`}`;
    case 'table':
      return `table ${item.columns}x${item.rows}`;
    case 'lines':
      return `lines ${item.count}`;
    case 'letter':
      return `letter ${item.part} ${item.text}`;
    default:
      return item.kind;
  }
}

export function formatOutline(o: Outline): string {
  const head = [`title: ${o.title ?? '-'}`, `author: ${o.author ?? '-'}`, `date: ${o.date ?? '-'}`];
  if (o.subtitle) head.push(`subtitle: ${o.subtitle}`);
  if (o.direction) head.push(`direction: ${o.direction}`);
  return [...head, ...o.items.map(itemLine)].join('\n') + '\n';
}
