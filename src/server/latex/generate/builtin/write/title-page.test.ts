// The title page a reader expects: the note's title, author and date from wherever the note
// states them (header lines, YAML or TOML front matter, pandoc's % lines), never as body text;
// front matter of site generators and slide tools never shows as text.
import { describe, expect, it } from 'vitest';
import type { DocumentType } from '../../../../../shared/document-types.js';
import { generate } from '../index.js';

const gen = (content: string, documentType: DocumentType) => generate({ content, documentType, options: { useMath: true, splitTables: false } }).latex;
/** What comes after the title block: the document's text. */
const text = (latex: string) => latex.slice(latex.indexOf('\\maketitle') >= 0 ? latex.indexOf('\\maketitle') : latex.indexOf('\\titlepage'));
const CHAPTERS = '\n\n# Method\n\nWe measured the angle.\n\n# Results\n\nIt worked.\n';

describe('the author goes on the title page, not in the body', () => {
  const notes: Record<string, string> = {
    'a header line': `Author: Jane Roe\n\n# Field Study\n\n## Method\n\nWe measured the angle.\n\n## Results\n\nIt worked.\n`,
    'title and author header lines': `Title: Field Study\nAuthor: Jane Roe\n${CHAPTERS}`,
    'a header line under the title heading': `# Field Study\n\nAuthor: Jane Roe\nDate: 3 May 2024\n\n## Method\n\nWe measured the angle.\n\n## Results\n\nIt worked.\n`,
    'YAML front matter': `---\ntitle: Field Study\nauthor: Jane Roe\n---\n${CHAPTERS}`,
    'YAML front matter with a list of authors': `---\ntitle: Field Study\nauthor:\n  - Jane Roe\n  - John Doe\n---\n${CHAPTERS}`,
    'TOML front matter': `+++\ntitle = "Field Study"\nauthor = "Jane Roe"\ndraft = true\n+++\n${CHAPTERS}`,
    "pandoc's % lines": `% Field Study\n% Jane Roe\n% 3 May 2024\n${CHAPTERS}`,
  };
  for (const [how, note] of Object.entries(notes)) {
    it(`${how}: report and book`, () => {
      for (const type of ['report', 'book'] as const) {
        const latex = gen(note, type);
        expect(latex).toMatch(/\\author\{Jane Roe( \\and John Doe)?\}/);
        expect(text(latex)).not.toMatch(/Jane Roe|Author|\\chapter\*\{\\prefacename\}/);
        expect(text(latex)).toContain('\\chapter{Method}');
      }
    });
  }

  it('title and date feed \\title and \\date', () => {
    const latex = gen(notes['a header line under the title heading'] as string, 'report');
    expect(latex).toContain('\\title{Field Study}\n\\author{Jane Roe}\n\\date{3 May 2024}');
    expect(gen(notes["pandoc's % lines"] as string, 'book')).toContain('\\title{Field Study}\n\\author{Jane Roe}\n\\date{3 May 2024}');
  });

  it('a paragraph that only looks like a header stays text', () => {
    const latex = gen('# Field Study\n\nNote: the angle was read twice.\n\n## Method\n\nx\n\n## Results\n\ny', 'report');
    // No author given: no \author at all (an empty one is noise in the source).
    expect(latex).not.toContain('\\author');
    expect(text(latex)).toContain('Note: the angle was read twice.');
  });
});

describe('front matter of every kind: never body text', () => {
  const kinds: Record<string, { note: string; title: string; author?: string; date?: string; hidden: RegExp }> = {
    Jekyll: {
      note: '---\nlayout: post\ntitle: "Welcome to Jekyll!"\ndate: 2024-05-01 10:00:00 +0200\ncategories: jekyll update\npermalink: /blog/welcome/\nauthor: Jane Roe\n---\n\nBody words here.\n',
      title: 'Welcome to Jekyll!', author: 'Jane Roe', date: '2024-05-01', hidden: /layout|post\b|categories|jekyll update|permalink|welcome\//,
    },
    'Hugo (TOML)': {
      note: '+++\ntitle = "Hugo Page"\ndate = 2024-05-01T10:00:00+02:00\ndraft = true\nweight = 10\ntags = ["go", "web"]\n[params]\n  math = true\n+++\n\nBody words here.\n',
      title: 'Hugo Page', date: '2024-05-01', hidden: /draft|true|weight|tags|params|Params/,
    },
    Marp: {
      note: '---\nmarp: true\ntheme: gaia\nclass: lead\n_class: invert\npaginate: true\nbackgroundColor: #fff\nsize: 16:9\nauto-scaling: true\nicon: BoBxSlideshow\n---\n\n# Marp Deck\n\nBody words here.\n',
      title: 'Marp Deck', hidden: /marp|gaia|lead|invert|paginate|backgroundColor|16:9|scaling|BoBx/,
    },
    Slidev: {
      note: '---\ntheme: seriph\ntitle: Welcome to Slidev\nclass: text-center\ndrawings:\n  persist: false\ntransition: slide-left\nmdc: true\nduration: 35min\n---\n\n# Welcome\n\nBody words here.\n\n---\nlayout: two-cols\ntransition: fade-out\n---\n\n# Second\n\nMore words.\n',
      title: 'Welcome to Slidev', hidden: /seriph|text-center|persist|slide-left|mdc|35min|Duration|two-cols|fade-out|layout|transition/,
    },
    Quarto: {
      note: '---\ntitle: "Quarto Doc"\nauthor: "Jane Roe"\ndate: "2024-05-01"\nformat:\n  html:\n    code-fold: true\n  revealjs:\n    theme: dark\nexecute:\n  echo: false\njupyter: python3\n---\n\nBody words here.\n',
      title: 'Quarto Doc', author: 'Jane Roe', date: '2024-05-01', hidden: /format|revealjs|dark|execute|echo|jupyter|python3|code-fold/,
    },
    pandoc: {
      note: '---\ntitle: Pandoc Doc\nauthor:\n  - Jane Roe\n  - John Doe\ndate: 1 May 2024\nlang: en-GB\ngeometry: margin=2cm\npdf-engine: xelatex\nexcerpt: A short doc\n---\n\nBody words here.\n',
      title: 'Pandoc Doc', author: 'Jane Roe \\and John Doe', date: '1 May 2024', hidden: /lang|en-GB|geometry|margin|engine|xelatex|excerpt|short doc/i,
    },
  };
  for (const [kind, { note, title, author, date, hidden }] of Object.entries(kinds)) {
    it(kind, () => {
      for (const type of ['article', 'report', 'presentation'] as const) {
        const latex = gen(note, type);
        const b = latex.slice(latex.indexOf('\\begin{document}'));
        expect(b).toContain(`\\title{${title}}`);
        if (author) expect(b).toContain(`\\author{${author}}`);
        else expect(b).not.toContain('\\author');
        // A note without a date of its own gets none (not today's).
        expect(b).toContain(`\\date{${date ?? ''}}`);
        expect(b).toContain('Body words here.');
        expect(b).not.toMatch(hidden);
      }
    });
  }
});

describe('a title the note gives, or none; a date the note gives, or none', () => {
  const after = (latex: string) => latex.slice(latex.indexOf('\\begin{document}'));

  it('a note that names nothing opens with its text: no \\title, no \\maketitle, no date', () => {
    for (const type of ['article', 'report', 'presentation'] as const) {
      const b = after(gen('We measured the angle of the pendulum twice, and it swung true.\n\nThen we stopped.', type));
      expect(b).not.toMatch(/\\title|\\maketitle|\\titlepage|\\today/);
      expect(b).toContain('We measured the angle');
    }
  });

  it('labels of the title block keep the colon of their script (場所：, Place: )', () => {
    const latex = gen('定例ミーティング\n日時：2025年2月6日\n場所：会議室B\n出席者：佐藤、鈴木\n\n議題\nリリース日を決める。\n', 'report');
    expect(latex).toContain('場所：会議室B');
    expect(latex).not.toContain('場所: ');
  });

  it('never prints today\'s date for an undated note, a letter included', () => {
    expect(gen('# Field Study\n\nText.', 'article')).toContain('\\date{}');
    expect(gen('Dear Ann,\n\nThanks.\n\nBest,\nBo', 'letter')).toContain('\\date{}');
    expect(gen('Dear Ann,\n\nThanks.\n\nBest,\nBo', 'letter')).not.toContain('\\today');
  });

  it('takes the note\'s date from any front-matter name tools use', () => {
    for (const key of ['published', 'pubDate', 'ms.date', 'updated']) {
      expect(gen(`---\ntitle: Field Study\n${key}: 2024-05-03\n---\n\nText.`, 'article')).toContain('\\date{2024-05-03}');
    }
  });

  it('a short first line standing alone is the title, printed once', () => {
    const latex = gen('Shopping notes\n\nflour, water and salt for the bread.\n', 'article');
    expect(latex).toContain('\\title{Shopping notes}');
    expect(text(latex)).not.toContain('Shopping notes');
    // The first line over a byline is the title too; a sentence is not.
    expect(gen('Lab report: measuring g\nAuthor: Sam Lee\n\nWe timed ten swings.', 'article')).toContain('\\title{Lab report: measuring g}');
    expect(gen('We timed ten swings of the pendulum.\n\nThen we stopped.', 'article')).not.toContain('\\title');
  });

  it('a date alone at the top dates the note instead of naming it; a placeholder title names nothing', () => {
    const dated = gen('<h6>17-01-2023</h6>\n\n## Definition\n\nText.\n\n## Goal\n\nMore.', 'article');
    expect(dated).toContain('\\date{17-01-2023}');
    expect(dated).not.toContain('\\title{17-01-2023}');
    expect(gen('---\ntitle: Untitled\n---\n\nText of the note.', 'article')).not.toContain('\\title');
  });

  it('a note of dated entries (a journal, a changelog) is neither dated nor titled by its first entry', () => {
    const latex = gen('## Jun 29th, 2021\n\nBeta 0.2.2\n\n## Jun 28th, 2021\n\nBeta 0.2.1\n', 'article');
    expect(latex).not.toMatch(/\\(?:date|title)\{Jun 29th/);
    expect(latex).toMatch(/\\section\*?\{Jun 29th, 2021\}/);
  });

  it('a byline under the title (a line or a small heading) names the author and is no section', () => {
    const latex = gen('# marp-core\n\nThe core of Marp converter\n\n###### Created by [marp-team](https://github.com/marp-team/)\n\nText.\n', 'article');
    expect(latex).toContain('\\author{marp-team}');
    expect(latex).not.toMatch(/section\*?\{Created by/);
    // A sentence that starts with "By" is text.
    expect(gen('# Notes\n\nBy the way, it rained.\n', 'article')).not.toContain('\\author');
  });

  it('badges above a README\'s title heading do not stop it naming the note', () => {
    const latex = gen('[![CI](https://x.org/b.svg)](https://x.org) ![v](https://x.org/v.svg)\n\n# Real Title\n\nText.\n\n## Use\n\nMore.', 'article');
    expect(latex).toContain('\\title{Real Title}');
  });
});

describe('a typed title block', () => {
  it('a line the note gave without a label shows as it is, never after an empty label', () => {
    const note = 'Capstone Project Plan\nTeam 7: Aisha Benali, Marco Rinaldi\nVersion 2.1 – 2025-02-03\n\n1. Introduction\nSmall stores lose stock.\n\n2. Goals\nFewer losses.\n';
    const latex = gen(note, 'report');
    // The note's other lines follow its one author, in the note's order; the date closes the block.
    expect(latex).toContain('\\author{Aisha Benali, Marco Rinaldi\\\\[1ex]{\\small Version 2.1}}\n\\date{2025-02-03}');
    expect(gen('Lab report\nName: Priya R.\nLab partner: Tom Becker\nDate: 14 October 2024\n\nAim\nTo titrate.\n\nMethod\nWe titrated.', 'article')).toContain('\\author{Priya R.\\\\[1ex]{\\small Lab partner: Tom Becker}}\n\\date{14 October 2024}');
    // Two authors side by side: the other lines stay under the date.
    expect(gen('Field trip\nAuthors: Ann Lee and Bo Chen\nDate: 2 May 2025\nCourse: BIO 110\n\nAim\nTo count birds.\n\nMethod\nWe walked.', 'article')).toContain('\\date{2 May 2025\\\\[1ex]{\\small Course: BIO 110}}');
    expect(latex).not.toMatch(/\{\\small : /);
    expect(gen('Rooftop Solar\nPresented by Mira Lee\nPTA meeting, 2025-04-08\n\nSlide 2: Why solar?\n- cheap\n', 'presentation')).toContain('\\institute{PTA meeting}');
  });
});
