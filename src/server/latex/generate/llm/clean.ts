// Turns a model's reply into a document body: drops reasoning blocks, chatter around the LaTeX and
// code fences; a complete document sent anyway is cut down to what lies between \begin{document}
// and \end{document}, and preamble-only commands are removed (the app owns the preamble).

const CHATTER_START = /^(sure|certainly|of course|okay|ok|here('s| is| are)|below|absolutely|great|i('ve| have| will|'ll))\b/i;
// Prose that talks about the reply itself rather than the notes' content.
const ABOUT_REPLY = /\b(latex|document|body|code|compiles?|package|version|here|below|following)\b/i;
const SIGN_OFF = /^(let me know|i hope|hope this|feel free)\b/i;
const CHATTER_END =
  /^(this (document|body|code|latex|version)|the (document|body|code) (above|compiles|uses)|i hope|let me know|feel free|note:|notes:|if you|you can|hope this|explanation:|changes:|i (fixed|changed|replaced|removed))/i;

function fencedBlocks(reply: string): string[] {
  const blocks: string[] = [];
  const re = /```[ \t]*([A-Za-z0-9_+-]*)[^\n]*\n([\s\S]*?)(?:\n[ \t]*```|$(?![\s\S]))/g;
  for (let m = re.exec(reply); m; m = re.exec(reply)) blocks.push(m[2] ?? '');
  return blocks;
}

function isLatexLine(line: string): boolean {
  return /^\s*[\\%]/.test(line) || /\\[A-Za-z]+/.test(line);
}

export function cleanReply(reply: string): string {
  let text = reply.replace(/\r\n?/g, '\n');
  // Reasoning models (DeepSeek R1, Qwen QwQ through Ollama) put their thinking in the reply.
  text = text.replace(/<think>[\s\S]*?<\/think>/gi, '').replace(/^[\s\S]*?<\/think>/i, '');

  const fenced = fencedBlocks(text);
  if (fenced.length > 0) {
    // The LaTeX is the longest fenced block; others are usually snippets in the explanation.
    text = fenced.reduce((a, b) => (b.length > a.length ? b : a), '');
  }

  const begin = text.indexOf('\\begin{document}');
  if (begin >= 0) {
    const after = text.slice(begin + '\\begin{document}'.length);
    const end = after.lastIndexOf('\\end{document}');
    text = end >= 0 ? after.slice(0, end) : after;
  } else {
    const end = text.lastIndexOf('\\end{document}');
    if (end >= 0) text = text.slice(0, end);
  }

  let lines = text.split('\n');
  // Leading chatter: prose lines ending in ':' or opening with a stock phrase, before any LaTeX.
  while (lines.length > 0) {
    const line = (lines[0] ?? '').trim();
    const chatter = !isLatexLine(line) && (CHATTER_START.test(line) || (line.endsWith(':') && ABOUT_REPLY.test(line)));
    if (line === '' || chatter) lines.shift();
    else break;
  }
  // Trailing chatter: a last paragraph of prose that talks about the document.
  for (;;) {
    while (lines.length > 0 && (lines[lines.length - 1] ?? '').trim() === '') lines.pop();
    let start = lines.length;
    while (start > 0 && (lines[start - 1] ?? '').trim() !== '') start--;
    const paragraph = lines.slice(start);
    const first = (paragraph[0] ?? '').trim();
    const aboutReply = SIGN_OFF.test(first) || (CHATTER_END.test(first) && ABOUT_REPLY.test(paragraph.join(' ')));
    if (paragraph.length > 0 && start > 0 && aboutReply && !paragraph.some((l) => /^\s*\\/.test(l))) {
      lines = lines.slice(0, start);
    } else break;
  }
  // The preamble is the app's: a model's \documentclass or \usepackage would only break the build.
  lines = lines.filter((l) => !/^\s*\\(documentclass|usepackage|RequirePackage)\b/.test(l));
  return lines.join('\n').trim();
}
