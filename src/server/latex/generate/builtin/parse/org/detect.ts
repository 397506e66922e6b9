// Whether a note is org-mode: decided in one pass over the lines from signals only org has —
// file keywords (#+TITLE:), #+BEGIN_ blocks, property drawers and [[target][description]]
// links — weighed with headlines of stars against Markdown's (fences, # headings, [text](url)
// links, Logseq's key:: properties, which Logseq's Markdown pages mix with #+BEGIN_ blocks).
// Stars alone never decide: `* item` is a bullet in Markdown, AsciiDoc, rST and plain notes.

const ORG_KEYWORD = /^#\+(title|author|date|email|options|startup|setupfile|filetags|property|language|description|keywords|subtitle|latex_class|latex_header|html_head|include|toc|caption|name|results|todo|seq_todo|tags|category|export_file_name|attr_[a-z]+):/i;

export function looksLikeOrg(src: string): boolean {
  let org = 0;
  let markdown = 0;
  let keywords = 0;
  // Lines only org writes: keywords, #+begin_ blocks, drawers, [[target][description]] links.
  let own = 0;
  let start = 0;
  let lines = 0;
  while (start <= src.length && lines < 5000) {
    const nl = src.indexOf('\n', start);
    const end = nl === -1 ? src.length : nl;
    const line = src.slice(start, Math.min(end, start + 300));
    start = end + 1;
    lines++;
    if (line === '') continue;
    const c = line.charCodeAt(0);
    if (c === 35 /* # */) {
      if (line.startsWith('#+')) {
        if (ORG_KEYWORD.test(line)) {
          keywords++;
          own++;
          org += 3;
        } else if (/^#\+begin_/i.test(line)) {
          own++;
          org += 2;
        }
      } else if (/^#{1,6} /.test(line)) markdown += 2;
      continue;
    }
    if (c === 42 /* * */ && /^\*{2,} \S/.test(line)) org += 2;
    else if (c === 42 && /^\* \S/.test(line)) org += 0.5;
    const t = line.trimStart();
    if (t.startsWith('```') || t.startsWith('~~~')) markdown += 3;
    if (/^:(PROPERTIES|LOGBOOK):$/i.test(t)) {
      own++;
      org += 3;
    }
    if (/^[\w-]+:: /.test(t.startsWith('- ') ? t.slice(2) : t)) markdown += 2;
    if (t.includes('][')) {
      const at = t.indexOf('[[');
      const mid = at === -1 ? -1 : t.indexOf('][', at + 2);
      if (mid !== -1 && t.indexOf(']]', mid + 2) !== -1) {
        own++;
        org += 2;
      }
    }
    if (t.includes('](')) markdown += 1;
    if (org > 40 && org > markdown * 4) break;
  }
  if (own === 0) return false;
  if (keywords > 0 && org >= 3 && org > markdown) return true;
  return org >= 6 && org >= markdown * 2;
}
