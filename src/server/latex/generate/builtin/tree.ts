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
  | { kind: 'footnote'; blocks: Block[] };

export interface ListItem {
  checked: boolean | null;
  blocks: Block[];
}

export interface DefinitionItem {
  term: Inline[];
  blocks: Block[];
}

export type Align = 'left' | 'right' | 'center' | null;

export type Block =
  | { kind: 'heading'; depth: number; inlines: Inline[]; fromTag?: boolean }
  | { kind: 'paragraph'; inlines: Inline[] }
  | { kind: 'list'; ordered: boolean; start: number; items: ListItem[] }
  | { kind: 'quote'; blocks: Block[] }
  | { kind: 'code'; lang: string; text: string }
  | { kind: 'math'; tex: string }
  | { kind: 'table'; header: Inline[][]; rows: Inline[][][]; align: Align[] }
  /** `image`: the file the note names (an `image:` line, a Markdown image's URL), if any. */
  | { kind: 'figure'; description: Inline[]; caption: Inline[]; image?: string }
  | { kind: 'slide'; title: Inline[]; blocks: Block[] }
  | { kind: 'rule' }
  /** A note, tip, warning … set apart from the text (callouts, rST and AsciiDoc admonitions). */
  | { kind: 'admonition'; label: string; title: Inline[]; blocks: Block[] }
  /** Terms and their descriptions (definition and field lists). */
  | { kind: 'definitions'; items: DefinitionItem[] }
  /**
   * What the speaker says, not what the slide shows (Marp and Slidev presenter comments, reveal.js
   * `Note:` lines, pandoc `::: notes`, org `#+BEGIN_NOTES`): beamer notes in slides, a labelled
   * quote elsewhere.
   */
  | { kind: 'speakerNotes'; blocks: Block[] };

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
  /** Other metadata worth keeping (course, keywords, …): shown with the title, never as body text. */
  extra: Array<{ key: string; value: string }>;
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
      default:
        out += inlineText(node.children);
    }
  }
  return out;
}
