// Citations: small notes → the LaTeX of their citations and of the References section. The
// compiled check (the PDF's text) is citations-render.test.ts.
import { describe, expect, it } from 'vitest';
import type { DocumentType } from '../../../../../../shared/document-types.js';
import { generate } from '../../index.js';
import { readNote } from '../index.js';
import { scanText } from './scan.js';

const body = (content: string, documentType: DocumentType = 'article'): string => {
  const { latex } = generate({ content, documentType, options: { useMath: true, splitTables: false } });
  return latex.slice(latex.indexOf('\\begin{document}'));
};
const n = (k: number): string => `\\hyperlink{lgcite${k}}{${k}}`;
const entry = (k: number, text: string): string => `\\item[\\hypertarget{lgcite${k}}{\\lbrack${k}\\rbrack}] ${text}`;
// No contents in these articles: an unnumbered heading is not added to them.
const REFERENCES = '\\section*{References}';

const CSL = `---
title: Friction
references:
- id: doe2020
  title: A study of friction
  author:
    - family: Doe
      given: Jane
    - family: Roe
      given: Richard Ann
  issued:
    date-parts:
      - [2020, 5]
  container-title: Journal of Things
  URL: https://example.org/doe
- id: knuth
  title: The TeXbook
  author: [{family: Knuth, given: Donald}]
  issued: 1984
  publisher: Addison-Wesley
---
`;

describe('pandoc citations', () => {
  it('numbers works in order of first citation, with locators and prefixes', () => {
    const b = body('# Notes\n\nFirst [@b], then [@a, p. 33], again [@b] and [see @a; @c].');
    expect(b).toContain(`First {[}${n(1)}{]}, then {[}${n(2)}, p. 33{]}, again {[}${n(1)}{]} and see {[}${n(2)}, ${n(3)}{]}.`);
    expect(b).toContain(`${REFERENCES}\n\n\\begin{itemize}[labelwidth=2.2em,leftmargin=2.8em,labelsep=0.6em]\n${entry(1, 'b')}\n${entry(2, 'a')}\n${entry(3, 'c')}\n\\end{itemize}\n\n\\end{document}`);
    expect(b).not.toContain('@');
  });

  it('formats entries from the front matter\'s CSL references, and names authors in running text', () => {
    const b = body(`${CSL}\nAs @doe2020 show [@knuth, ch. 2], and \\citet{knuth} agrees.`);
    expect(b).toContain(`As Doe \\& Roe~{[}${n(1)}{]} show {[}${n(2)}, ch. 2{]}, and Knuth~{[}${n(2)}{]} agrees.`);
    expect(b).toContain(entry(1, 'Doe, J. \\& Roe, R. A. (2020). A study of friction. \\emph{Journal of Things}. \\href{https://example.org/doe}'));
    expect(b).toContain(entry(2, 'Knuth, D. (1984). The TeXbook. Addison-Wesley.'));
    // The CSL data is never shown as metadata.
    expect(b).not.toMatch(/container|date-parts|Richard Ann/);
  });

  it('reads \\cite, \\citep and \\citet written in notes, with their optional notes', () => {
    const b = body('# N\n\nSee \\cite{a,b}, \\citep[p.~3]{c} and \\citep[see][ch.~1]{a}.');
    expect(b).toContain(`See {[}${n(1)}, ${n(2)}{]}, {[}${n(3)}, p.~3{]} and see {[}${n(1)}, ch.~1{]}.`);
    expect(b).not.toContain('textbackslash');
  });

  it('cites a bare @key it knows, or an author-year key in a note without other @mentions', () => {
    expect(body(`${CSL}\nAs @knuth wrote.`)).toContain(`As Knuth~{[}${n(1)}{]} wrote.`);
    expect(body('# N\n\nAs @smith2019 found (and [@lee]).')).toContain(`As {[}${n(1)}{]} found (and {[}${n(2)}{]}).`);
  });

  it('leaves emails, @mentions, decorators, code and links alone', () => {
    const social = body('# Standup\n\nThanks @alice and @bob2020 for the review! Mail carol@example2020.org.\n\nUse `@app.route` and [@docs](https://x.org).\n\n```python\n@dataclass\nclass A: pass  # [@a] \\cite{b}\n```');
    expect(social).toContain('Thanks @alice and @bob2020 for the review!');
    expect(social).toContain('\\texttt{@app.\\allowbreak{}route}');
    expect(social).toContain('@dataclass\nclass A: pass  # [@a] \\cite{b}');
    expect(social).not.toMatch(/hyperlink|References/);
    // Plain text: an address is not a citation, and a mention of someone is not either.
    const plain = body('Write to jane.doe@uni2020.edu or ping @jane.\nThe meeting is at 10.');
    expect(plain).toContain('jane.doe@uni2020.edu');
    expect(plain).not.toContain('hyperlink');
  });

  it('takes over the note\'s own reference list instead of adding a second one', () => {
    const note = '# Paper\n\nAs [@smith2019] and [@jones2020, ch. 2] show; see [@lee2018].\n\n## References\n\n- [@jones2020] Jones, K. (2020). Methods.\n- Smith, A. (2019). A paper.\n- Brown, B. (2001). Uncited.';
    const b = body(note);
    expect(b).toContain(`As {[}${n(2)}{]} and {[}${n(1)}, ch. 2{]} show; see {[}${n(4)}{]}.`);
    expect(b).toContain(`\\section{References}\n\n\\begin{itemize}[labelwidth=2.2em,leftmargin=2.8em,labelsep=0.6em]\n${entry(1, 'Jones, K. (2020). Methods.')}\n${entry(2, 'Smith, A. (2019). A paper.')}\n${entry(3, 'Brown, B. (2001). Uncited.')}\n${entry(4, 'lee2018')}\n\\end{itemize}`);
    expect(b.match(/References/g)).toHaveLength(1);
  });

  it('moves lines written `[@key]: …` into the References section', () => {
    const b = body('# Paper\n\nAs [@doe2021] says.\n\n[@doe2021]: Doe, J. The book. 2021.\n[@roe]: Roe, R. Another.\n\nThe end.');
    expect(b).toContain(`${REFERENCES}\n\n\\begin{itemize}[labelwidth=2.2em,leftmargin=2.8em,labelsep=0.6em]\n${entry(1, 'Doe, J. The book. 2021.')}\n${entry(2, 'Roe, R. Another.')}`);
    expect(b.indexOf('The end.')).toBeLessThan(b.indexOf(REFERENCES));
  });

  it('leaves a note\'s References section alone when nothing in the note cites', () => {
    const b = body('# Paper\n\nText.\n\n## References\n\n- Smith, A. (2019). A paper.');
    expect(b).toContain('\\section{References}\n\n\\begin{itemize}\n\\item Smith, A. (2019). A paper.\n\\end{itemize}');
  });

  it('lists `nocite` works, every work for `@*`', () => {
    expect(body(`${CSL.replace('---\n', '---\nnocite: "@*"\n')}\nNo citations here.`)).toContain(entry(2, 'Knuth, D. (1984). The TeXbook. Addison-Wesley.'));
  });

  it('heads the section in the document\'s language, at the depth of the note\'s sections', () => {
    const de = body('# Bericht\n\n## Methode\n\nWir haben gemessen.\n\n## Ergebnisse\n\nDie Ergebnisse sind nicht schlecht und wir haben mit der Methode [@a] gearbeitet, die auch für den Versuch gut ist.', 'report');
    expect(de).toContain('\\chapter*{Literatur}');
  });

  it('places the section in every document type', () => {
    const note = '# Talk\n\n## Results\n\nSee [@a].';
    expect(body(note, 'presentation')).toMatch(/\\begin\{frame\}\[allowframebreaks\]\{References\}\\relax\n\\begin\{itemize\}\n\\item\[/);
    expect(body(note, 'basic')).toContain('\\section*{References}');
    expect(body(note, 'book')).toContain('\\chapter*{References}');
    const letter = body('Dear Ann,\n\nAs [@a] shows, all is well.\n\nSincerely,\nBob', 'letter');
    expect(letter.indexOf('\\closing{Sincerely,}')).toBeLessThan(letter.indexOf('\\lgheading{References}'));
    expect(letter.indexOf('\\lgheading{References}')).toBeLessThan(letter.indexOf('\\end{letter}'));
  });

  it('a citation in a heading or a table cell is its number, without a link', () => {
    const b = body('# Paper\n\n## Method of [@a]\n\n| Work | Year |\n|---|---|\n| [@b] | 2020 |\n\nText [@a].');
    expect(b).toContain('\\section{Method of {[}1{]}}');
    expect(b).toContain('{[}2{]} & 2020');
    expect(b).toContain(`Text {[}${n(1)}{]}.`);
  });
});

describe('other formats share the citation node', () => {
  it('Typst: @key and #cite(<key>) are numbered; @intro for a label <intro> stays a reference', () => {
    const b = body('#set page(paper: "a4")\n= Intro <intro>\nAs @doe2020 says, #cite(<roe>, supplement: [p. 7]) and @intro.\n');
    expect(b).toContain(`As {[}${n(1)}{]} says, {[}${n(2)}, p. 7{]} and {[}intro{]}.`);
    expect(b).toContain(entry(2, 'roe'));
  });

  it('org: [cite:@a;@b] and [cite/t:@a]', () => {
    const b = body(`#+TITLE: Org\n\n* Intro\nAs said [cite:@doe2020; @roe2019] and [cite/t:@doe2020].\n`);
    expect(b).toContain(`As said {[}${n(1)}, ${n(2)}{]} and {[}${n(1)}{]}.`);
  });
});

describe('the citation scanner', () => {
  const ctx = { labels: new Map(), bare: null };

  it('reads pandoc\'s items: prefix, suppressed author, locator, several keys', () => {
    expect(scanText('x [see -@doe, pp. 33-35; also @roe] y', ctx)).toEqual([
      { kind: 'text', value: 'x see ' },
      { kind: 'cite', items: [{ key: 'doe', locator: 'pp. 33-35' }, { key: 'roe', prefix: 'also' }], source: '[see -@doe, pp. 33-35; also @roe]' },
      { kind: 'text', value: ' y' },
    ]);
    expect(scanText('[@a, @b]', ctx)).toMatchObject([{ kind: 'cite', items: [{ key: 'a' }, { key: 'b' }] }]);
    expect(scanText('[@{odd key}]', ctx)).toMatchObject([{ kind: 'cite', items: [{ key: 'odd key' }] }]);
    // "cite" as a prefix is pandoc's; only `cite:` and `cite/…:` open an org citation.
    expect(scanText('[cite @a]', ctx)).toMatchObject([{ kind: 'text', value: 'cite ' }, { kind: 'cite', items: [{ key: 'a' }] }]);
  });

  it('leaves brackets that are not citations', () => {
    for (const text of ['[a@b.com]', '[@a](http://x)', '[@a][ref]', '[see this]', '[@]', '[x@a]', '[at @ noon]', 'mail@x.org', '@a', '\\citex{a}', '\\cite{a b}', '\\cite{']) {
      expect(scanText(text, ctx), text).toBeNull();
    }
  });

  it('is linear on hostile text: long runs of openers finish', () => {
    const size = 200_000;
    for (const unit of ['[@', '[', '@', '@{', '\\cite[', '\\cite{', '[@a;', '[cite:', '{#fig:', '(@a']) {
      const text = unit.repeat(Math.ceil(size / unit.length));
      const bare = { labels: new Map(), bare: () => true };
      expect(() => scanText(text, bare), unit).not.toThrow();
    }
    // A long valid run: every citation read, none lost.
    expect(scanText('[@a] '.repeat(20_000), ctx)?.filter((node) => node.kind === 'cite')).toHaveLength(20_000);
  });
});

describe('bibliography data', () => {
  it('reads CSL references and nocite from front matter, and keeps them out of the body', () => {
    const note = readNote(`${CSL}\nText.`);
    expect(note.meta.references).toEqual([
      { id: 'doe2020', authors: [{ family: 'Doe', given: 'Jane' }, { family: 'Roe', given: 'Richard Ann' }], year: '2020', title: 'A study of friction', container: 'Journal of Things', url: 'https://example.org/doe' },
      { id: 'knuth', authors: [{ family: 'Knuth', given: 'Donald' }], year: '1984', title: 'The TeXbook', publisher: 'Addison-Wesley' },
    ]);
    expect(note.meta.extra).toEqual([]);
    expect(note.bibliography).toEqual([]);
  });
});
