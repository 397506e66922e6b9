// Whether a note is Typst: decided in one pass over the lines from signals only Typst writes —
// `#set`/`#show`/`#let`/`#import` lines, calls like `#figure(`, `#lorem(`, `#table(`,
// `= Heading` lines and `$ … $` display math — weighed against Markdown's own (fences, `# `
// headings, [text](url) links). A Markdown heading has a space after `#`; a Typst line never does.

const CODE_LINE = /^#(set|show|let|import|include)[ \t:]/;
const CALL = /^#[a-z][\w.-]{0,30}[([]/;
const HEADING = /^={1,6} \S/;

export function looksLikeTypst(src: string): boolean {
  let own = 0;
  const kinds = new Set<string>();
  let markdown = 0;
  const mark = (kind: string, weight = 1): void => {
    own += weight;
    kinds.add(kind);
  };
  const lines = src.split('\n', 5000);
  for (const raw of lines) {
    const line = raw.length > 300 ? raw.slice(0, 300) : raw;
    const c = line[0];
    if (c === '#') {
      if (CODE_LINE.test(line)) mark('rule', 2);
      else if (CALL.test(line)) mark('call');
      else if (/^#{1,6} \S/.test(line)) markdown += 2;
    } else if (c === '=' && HEADING.test(line)) mark('heading');
    else if (c === '$' && (line === '$' || line.startsWith('$ '))) mark('math');
    if (line.startsWith('```') || line.startsWith('~~~')) markdown += 1;
    if (line.includes('](')) markdown += 1;
  }
  if (!kinds.has('rule') && !kinds.has('call')) return false;
  if (own < 3 || kinds.size < 2) return false;
  return own > markdown * 2;
}
