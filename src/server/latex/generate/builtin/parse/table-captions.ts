// "Table 1. Titration of diluted vinegar" on its own line right above a table: the table's caption,
// not a heading or a paragraph of its own. The words stay as typed (the note's number with them).
import { inlineText, type Block } from '../tree.js';

const CAPTION = /^(?:table|tab\.|tabelle|tableau|tabla|tabela|tabella|tabel|tablo|taulukko|таблица|таблиця|tabulka|表)\s*\d{1,3}(?:\.\d{1,2})?\s*[.:：–—-]?\s+\S/iu;

/** Moves each caption line typed above a table onto the table. */
export function captionTables(blocks: Block[]): void {
  for (let k = 0; k + 1 < blocks.length; k++) {
    const line = blocks[k] as Block;
    const table = blocks[k + 1] as Block;
    if (table.kind !== 'table' || table.caption || (line.kind !== 'heading' && line.kind !== 'paragraph')) continue;
    const text = inlineText(line.inlines).trim();
    if (text.length > 160 || text.includes('\n') || !CAPTION.test(text)) continue;
    table.caption = line.inlines;
    blocks.splice(k, 1);
  }
}
