// Hostile notes for the generator: long runs of the characters its parsers and heuristics react
// to, alone and alternating, plus nested brackets and repeated command openings. Shared by the
// unit test (every payload, every document type, must come back as a whole document) and
// bench/adversarial.ts (times them).

export interface Payload {
  name: string;
  content: string;
}

const SINGLE = ['\t', ' ', '#', '|', '[', '{', '\\', '$', '*', '_', '>', '-', '`', '~', '<', '!', '(', '^', '=', ':', '.', '\n', 'a'];
const PATTERNS = [
  '[]', '[(', '{}', '*_', '$ ', '\\$', '\\[', '#\t', '| ', '|-', '- ', '> ', '>-', '`$', '![', '](', '- [ ] ',
  '**a', '_a_', '$$\n', '```\n', '<!--', '\n\n', '\t\n', ' \n', '#\n', '-\n', '|\n', '1. ', 'a^', 'x_', 'a/', '=\n',
  'Dear ', 'Title: ', 'From: ', '<SLIDE>', '<TABLE>', 'LGTAG1QX',
  // Slide decks: speaker notes, per-slide front matter, styles, short sentences.
  '\n\n---\n\n<!-- a b -->', 'Note: a\n\n---\n\n', '\n\n---\nk: v\n', '::: notes\n', '<style>', 'Ab. ', 'Ab\n',
  // Citations and cross-references (parse/citations/): openers without closers, and valid ones by the thousand.
  '[@a', '[@a] ', '[see @', '\\cite{', '\\citep[', '@fig:', '{#fig:x}', '@{',
];

function repeatTo(unit: string, size: number): string {
  return unit.repeat(Math.ceil(size / unit.length)).slice(0, size);
}

function label(unit: string): string {
  return JSON.stringify(unit).slice(1, -1);
}

/** Every payload at about `size` characters. */
export function adversarialPayloads(size = 200_000): Payload[] {
  const out: Payload[] = [];
  for (const ch of SINGLE) out.push({ name: `run of "${label(ch)}"`, content: repeatTo(ch, size) });
  for (const p of PATTERNS) out.push({ name: `repeated "${label(p)}"`, content: repeatTo(p, size) });
  const half = Math.floor(size / 2);
  out.push({ name: 'nested [ ]', content: '['.repeat(half) + ']'.repeat(half) });
  out.push({ name: 'nested ( )', content: '('.repeat(half) + ')'.repeat(half) });
  out.push({ name: 'nested { }', content: '{'.repeat(half) + '}'.repeat(half) });
  out.push({ name: 'nested [ ]( )', content: '['.repeat(half / 2) + ']('.repeat(half / 2) + ')'.repeat(half / 2) });
  out.push({ name: 'nested > quotes', content: repeatTo('> ', half) + 'x' });
  out.push({ name: 'nested list', content: Array.from({ length: Math.floor(size / 400) }, (_, i) => `${' '.repeat((i * 2) % 400)}- x`).join('\n') });
  out.push({ name: 'repeated "\\title["', content: repeatTo('\\title[', size) });
  out.push({ name: 'repeated "\\begin{align}"', content: repeatTo('\\begin{align}', size) });
  out.push({ name: 'words then tabs', content: `Title\n\n${repeatTo('word\t', size)}` });
  out.push({ name: 'heading then spaces', content: `# ${' '.repeat(size)}x` });
  out.push({ name: 'one long line of words', content: repeatTo('lorem ipsum dolor ', size) });
  out.push({ name: 'short lines', content: repeatTo('Ab\n', size) });
  out.push({ name: 'table row of pipes', content: `| a | b |\n|---|---|\n${repeatTo('| x ', size)}` });
  out.push({ name: 'code fence unclosed', content: `\`\`\`\n${repeatTo('`` x ', size)}` });
  out.push({ name: 'math unclosed', content: repeatTo('$x^{', size) });
  out.push({ name: 'html comment unclosed', content: `<!--${repeatTo('- ', size)}` });
  out.push({ name: 'front matter unclosed', content: `---\n${repeatTo('a: b\n', size)}` });
  // Detected as LaTeX (a document): nesting past the reader's depth, environments never closed.
  const latex = '\\documentclass{article}\n\\begin{document}\n';
  out.push({ name: 'LaTeX nested lists unclosed', content: latex + repeatTo('\\begin{itemize}\\item \\textbf{', size) });
  out.push({ name: 'LaTeX nested braces', content: `${latex}${'{'.repeat(half / 2)}x${'}'.repeat(half / 2)}` });
  // HTML, MediaWiki and CSV notes (parse/html, parse/mediawiki, parse/csv).
  const divs = Math.floor(size / 11);
  out.push({ name: 'nested <div>', content: `<!DOCTYPE html>\n${'<div>'.repeat(divs)}x${'</div>'.repeat(divs)}` });
  out.push({ name: 'unclosed HTML tags', content: `<html><body>\n${repeatTo('<p><b><ul><li><table><tr><td>', size)}` });
  out.push({ name: 'HTML tags without >', content: `<html>\n${repeatTo('<a href="x', size)}` });
  out.push({ name: 'HTML attribute quotes', content: `<p>\n${repeatTo('<img alt="<p>', size)}` });
  out.push({ name: 'unclosed <script>', content: `<html><script>${repeatTo('</scrip', size)}` });
  out.push({ name: 'wiki headings and quotes', content: `== a ==\n'''b'''\n${repeatTo("''''' [[ {{ <ref> ", size)}` });
  out.push({ name: 'wiki runs of =', content: `== a ==\n[[b|c]]\n${repeatTo('=', size)}` });
  out.push({ name: 'wiki nested templates', content: `== a ==\n[[b]]\n${'{{'.repeat(half / 2)}${'}}'.repeat(half / 2)}` });
  out.push({ name: 'wiki table cells', content: `== a ==\n[[b]]\n{|\n${repeatTo('|| [[x|', size)}` });
  out.push({ name: 'wiki file links', content: `== a ==\n[[b|c]]\n${repeatTo('[[File:a|[[', size)}` });
  out.push({ name: 'CSV quotes', content: `a,b,c\n${repeatTo('"x,""y""",1,2\n', size)}` });
  out.push({ name: 'CSV unclosed quote', content: `a,b\n1,2\n3,"${repeatTo('x,"",\n', size)}` });
  out.push({ name: 'TSV rows', content: repeatTo('a\tb\tc\n', size) });
  return out;
}
