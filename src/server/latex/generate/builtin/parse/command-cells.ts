// A table cell holding only a shell command ("git checkout <hash> -- file.py", "ls -la ~/notes"):
// code, as the reader types it into a terminal. As text, "--" would print as a dash and the
// command would sit in the body font beside the commands the note fenced.
import { inlineText, type Block, type Inline } from '../tree.js';
import { forEachBlockList } from './citations/walk.js';
import { commandItem } from './notes/code.js';

/** Programs whose name starts no sentence in a table cell ("node 5", "make sure" are no commands). */
const TOOL = /^(?:sudo\s+)?(?:git|npm|npx|yarn|pnpm|pip3?|docker|docker-compose|kubectl|helm|terraform|cargo|brew|apt-get|apt|dnf|conda|curl|wget|ssh|scp|rsync|chmod|chown|psql|systemctl|journalctl|ffmpeg|openssl)\s/;
/** A mark of a shell: an option, a path or file name, a placeholder, a pipe or a redirection. */
const SHELL_MARK = /\s--?[A-Za-z]|[/<>|~]|\.\w/;

function commandCell(cell: Inline[]): Inline[] | null {
  // (A placeholder read from HTML, "<hash>", is a text node of its own.)
  if (cell.length === 0 || !cell.every((n) => n.kind === 'text')) return null;
  const text = inlineText(cell).trim();
  if (text.includes('\n') || commandItem(text) !== text.length) return null;
  return TOOL.test(text) || SHELL_MARK.test(text) ? [{ kind: 'code', value: text }] : null;
}

/** Sets the shell commands in the tables' body cells as code. */
export function commandCells(blocks: Block[]): void {
  forEachBlockList(blocks, (list) => {
    for (const b of list) {
      if (b.kind !== 'table') continue;
      for (const row of b.rows) {
        for (let c = 0; c < row.length; c++) row[c] = commandCell(row[c] as Inline[]) ?? (row[c] as Inline[]);
      }
    }
  });
}
