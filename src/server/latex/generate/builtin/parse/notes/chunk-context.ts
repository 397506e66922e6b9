// What a block of a note is read with: what the note around it shows (index.ts decides, blocks.ts reads).

export type HeadingKind = 'marked' | 'caps' | 'numbered' | 'short' | 'chapter' | 'slide' | 'problem' | 'entry';

export interface ChunkContext {
  /** Another block follows this one (a block of one line can head it). */
  followed: boolean;
  /** The next block is one short line too (two short lines in a row are not a heading and its text). */
  nextIsShortLine: boolean;
  /** The block follows a separator line of a slide deck: its first line is the slide's title. */
  afterSeparator: boolean;
  /** Headings may be typed in lower case (the note's title is). */
  lowercase: boolean;
  /** A letter: its lines are addresses, dates and paragraphs, never headings. */
  letter: boolean;
  /** Sentences typed one per line stay one paragraph (a reader whose line ends are spaces). */
  joinSentences: boolean;
  /** The block before ended with a heading of this kind (a short line right under it is text). */
  afterHeading: HeadingKind | null;
  /** The reader marked the note's headings itself: lines are never made headings. */
  ownHeadings: boolean;
  /** What the reader marked is only the note's title ("# Title" first): chapter and slide markers still head. */
  titleOnly?: boolean;
  /** Separator lines (---) divide the note into slides: the line after one is its slide's title. */
  deck: boolean;
  /** The block's first line heads it (section-heads.ts, setext.ts); 'top': it ranks as ALL CAPS does. */
  sectionHead?: boolean | 'top';
  /** The level it heads at, as the first lines of its siblings did (parallel-leads.ts). */
  headAs?: { depth: number; kind: HeadingKind };
  /** The note is written in a script with case: its ALL-CAPS heads rank above its other heads. */
  casedScript?: boolean;
  /** The next block's first line heads it: a line standing alone before it heads nothing. */
  nextHeaded?: boolean;
  /** The next block opens a chapter or a slide by its marker ("Chapter 3: …"): a line in capitals ending this block's prose heads nothing. */
  nextOpensUnit?: boolean;
  /** The note's blocks are opened by such heads: they are its short headings, and no other short line is. */
  sectioned?: boolean;
  /** Two blocks or more open with a label over a list ("Suroviny:", "Postup:"): the labels head them. */
  labelled?: boolean;
  /** The note's slides are opened by markers ("Slide 2 - …", "Folie 3:"): its "notes:" lines are the speaker's. */
  slides?: boolean;
  /** The block opens with a numbered heading of a run that heads more than points (numbered-runs.ts). */
  numberedRun?: boolean;
  /** The text of the note's last heading before this block ("5. まとめ": a lone "6. …" after it is the next). */
  lastHeading?: string;
}
