// Delimited records as RFC 4180 writes them: fields separated by one character, a field in
// double quotes may hold the separator, line feeds and doubled quotes (""). One forward pass.

export type Separator = ',' | '\t' | ';';

export interface Records {
  rows: string[][];
  /** Whether every quoted field was closed and followed by a separator or the end of its record. */
  wellFormed: boolean;
}

/** The note's records; blank lines are skipped. Stops (wellFormed false) past `limit` rows. */
export function readRecords(src: string, sep: Separator, limit = Infinity): Records {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  // Whether the field so far is only spaces (a quote there opens a quoted field).
  let blank = true;
  let wellFormed = true;
  let i = 0;
  const n = src.length;
  const endRow = (): void => {
    row.push(field);
    field = '';
    blank = true;
    if (!(row.length === 1 && (row[0] ?? '').trim() === '')) rows.push(row);
    row = [];
  };
  while (i < n) {
    if (rows.length > limit) return { rows, wellFormed: false };
    const c = src[i];
    if (c === '"' && blank) {
      // A quoted field: runs to the next lone quote.
      let j = i + 1;
      let value = '';
      for (;;) {
        const q = src.indexOf('"', j);
        if (q < 0) {
          value += src.slice(j);
          j = n;
          wellFormed = false;
          break;
        }
        value += src.slice(j, q);
        if (src[q + 1] === '"') {
          value += '"';
          j = q + 2;
          continue;
        }
        j = q + 1;
        break;
      }
      field = value;
      blank = false;
      // Text between the closing quote and the separator is kept, but the record is irregular.
      while (j < n && src[j] !== sep && src[j] !== '\n') {
        if (src[j] !== ' ') wellFormed = false;
        j++;
      }
      i = j;
      continue;
    }
    if (c === sep) {
      row.push(field);
      field = '';
      blank = true;
      i++;
    } else if (c === '\n') {
      endRow();
      i++;
    } else {
      // Plain text up to the next separator, line feed or quote, copied at once.
      let j = i + 1;
      while (j < n && src[j] !== sep && src[j] !== '\n' && src[j] !== '"') j++;
      const chunk = src.slice(i, j);
      field += chunk;
      if (blank && chunk.trim() !== '') blank = false;
      i = j;
    }
  }
  endRow();
  return { rows, wellFormed };
}
