// The document tree between the readers (parse/: markdown, plain text, snippet tags) and the
// LaTeX renderers and writers (render/, write/). It is deliberately small: every writer renders the same tree its own way.

export type Inline =
  | { kind: 'text'; value: string }
  | { kind: 'emph'; children: Inline[] }
  | { kind: 'strong'; children: Inline[] }
  | { kind: 'strike'; children: Inline[] }
  | { kind: 'code'; value: string }
  | { kind: 'math'; tex: string }
  | { kind: 'link'; url: string; children: Inline[] }
  | { kind: 'image'; alt: string; url?: string }
  | { kind: 'break' }
  /** Space typed wide between two parts of a line ("Il Presidente      Il Segretario", a job and its dates): the rest of the line set flush right. */
  | { kind: 'fill' }
  | { kind: 'footnote'; blocks: Block[] }
  /** Citations of works (`[@key, p. 33]`, `\cite{a,b}`): numbered by parse/citations/, `source` kept for a fallback. */
  | { kind: 'cite'; items: CiteItem[]; textual?: boolean; source: string }
  /** A cross-reference to a labelled figure, table, section or equation (`@fig:x`). */
  | { kind: 'ref'; target: CrossRefKind; label: string; title?: string; source: string };

/** One work cited: its key, its number in the bibliography once numbered, and what the note said around it. */
export interface CiteItem {
  key: string;
  number?: number;
  /** Words before the key inside the brackets (`see`). */
  prefix?: string;
  /** A locator or comment after it (`p. 33`). */
  locator?: string;
  /** The authors' names, for in-text citations (`@doe2020 says` → "Doe [1] says"). */
  authors?: string;
}

/** What pandoc-crossref labels name (`{#fig:x}`, `{#tbl:x}`, `{#sec:x}`, `{#eq:x}`). */
export type CrossRefKind = 'fig' | 'tbl' | 'sec' | 'eq';

/** An entry of the bibliography: its number, the key it is cited by, and what it says. */
export interface BibEntry {
  number: number;
  key: string;
  inlines: Inline[];
}

export interface ListItem {
  checked: boolean | null;
  blocks: Block[];
  /** The note's own label, where LaTeX's numbers or letters are not it (Cyrillic "б)"). */
  label?: string;
}

export interface DefinitionItem {
  term: Inline[];
  blocks: Block[];
}

export type Align = 'left' | 'right' | 'center' | null;

/** A cell that spans `cols` columns and `rows` rows from (`row`, `col`); `row` 0 is the header when the table has one. */
export interface CellSpan {
  row: number;
  col: number;
  cols: number;
  rows: number;
}

export type Block =
  /**
   * `label`: a cross-reference label (`{#sec:x}`), sanitized; `unnumbered`: outside the numbering (the References);
   * `ordinal`: the number a marker gave the unit ("Chapter 3 - …"), its words dropped from the heading.
   */
  /** `inSlide`: a heading on a slide the note marked ("Diapositiva 2 - …"): it opens no frame of its own. */
  /** `part`: a part of a book over its chapters ("Part II", "Часть I"), \part where the class has it. */
  | { kind: 'heading'; depth: number; inlines: Inline[]; fromTag?: boolean; label?: string; unnumbered?: boolean; ordinal?: number; inSlide?: true; part?: true }
  /** `statements`: sentences typed one per line, kept as lines (a book sets each as a paragraph of its own). */
  | { kind: 'paragraph'; inlines: Inline[]; statements?: true }
  /** `labels`: the note's own labels are kept in brackets ([1], [2]: a numbered reference list), or letters (a), b), c)), or a word before the number (`word`: "Step 1", "Step 2"). */
  | { kind: 'list'; ordered: boolean; start: number; items: ListItem[]; labels?: 'brackets' | 'letters' | 'parens' | 'word'; word?: string }
  | { kind: 'quote'; blocks: Block[] }
  | { kind: 'code'; lang: string; text: string }
  /** `source`: the note's own words when the formula was read from text (shown as typed when the note's math is off). */
  | { kind: 'math'; tex: string; label?: string; source?: string }
  /** `spans`: cells spanning columns or rows (HTML colspan/rowspan); the cells they cover are empty. */
  | { kind: 'table'; header: Inline[][]; rows: Inline[][][]; align: Align[]; caption?: Inline[]; label?: string; spans?: CellSpan[] }
  /** `image`: the file the note names (an `image:` line, a Markdown image's URL), if any. */
  | { kind: 'figure'; description: Inline[]; caption: Inline[]; image?: string; label?: string }
  | { kind: 'slide'; title: Inline[]; blocks: Block[] }
  | { kind: 'rule' }
  /** A note, tip, warning … set apart from the text (callouts, rST and AsciiDoc admonitions). */
  | { kind: 'admonition'; label: string; title: Inline[]; blocks: Block[] }
  /** Terms and their descriptions (definition and field lists). */
  | { kind: 'definitions'; items: DefinitionItem[] }
  /**
   * What the speaker says, not what the slide shows (Marp and Slidev presenter comments, reveal.js
   * `Note:` lines, pandoc `::: notes`, org `#+BEGIN_NOTES`): beamer notes in slides, a labelled
   * quote elsewhere. `hidden`: written in an HTML comment, which no page shows: slides only.
   */
  | { kind: 'speakerNotes'; blocks: Block[]; hidden?: boolean }
  /** The works the note cites, numbered, each a link target of its citations. */
  | { kind: 'bibliography'; entries: BibEntry[] };

/** Metadata found in the note itself (front matter, header lines): each has its place in the document. */
export interface NoteMeta {
  title?: string;
  subtitle?: string;
  /** The first author (a letter's signature, the title block when there is one). */
  author?: string;
  authors?: string[];
  date?: string;
  abstract?: string;
  /** A letter's subject line (other documents show it under the title). */
  subject?: string;
  /** Letter fields. */
  opening?: string;
  closing?: string;
  address?: string[];
  returnAddress?: string[];
  signature?: string[];
  cc?: string;
  encl?: string;
  ps?: string;
  /** The note typed its own table of contents (taken out: the document makes one). */
  typedContents?: boolean;
  /** Other metadata worth keeping (course, keywords, …): shown with the title, never as body text. */
  extra: Array<{ key: string; value: string }>;
  /** How many of `extra` the note typed above its date (the title page keeps them above it). */
  extraBeforeDate?: number;
  /** Works the front matter describes (pandoc's CSL `references:`): the bibliography's entries. */
  references?: WorkReference[];
  /** Keys listed in the bibliography though never cited (pandoc's `nocite:`; `*` for every work). */
  nocite?: string[];
}

/** A work as pandoc's CSL data describes it: what its bibliography entry shows. */
export interface WorkReference {
  id: string;
  /** Family names with given names (or one literal name each). */
  authors: Array<{ family: string; given?: string }>;
  year?: string;
  title?: string;
  /** The journal, book or site the work appeared in. */
  container?: string;
  publisher?: string;
  url?: string;
}

export function text(value: string): Inline {
  return { kind: 'text', value };
}

/** Plain text of inlines (for titles, frame names, heuristics). */
export function inlineText(inlines: Inline[]): string {
  let out = '';
  for (const node of inlines) {
    switch (node.kind) {
      case 'text':
      case 'code':
        out += node.value;
        break;
      case 'math':
        out += node.tex;
        break;
      case 'image':
        out += node.alt;
        break;
      case 'break':
        out += '\n';
        break;
      case 'footnote':
        break;
      case 'fill':
        out += ' ';
        break;
      case 'cite':
        // Numbered, a citation reads as its numbers (a title or a frame name made from it shows them).
        out += node.items.every((it) => it.number !== undefined) ? `[${node.items.map((it) => it.number).join(', ')}]` : node.source;
        break;
      case 'ref':
        out += node.source;
        break;
      default:
        out += inlineText(node.children);
    }
  }
  return out;
}
