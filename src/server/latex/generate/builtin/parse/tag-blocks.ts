// The document tree of a snippet tag (<MATHEQ>, <TABLE>, <FIGURE>, <SECTION>, <LIST>, <SLIDE>),
// its text read by the note's reader.
import { taggedFormulaTex } from '../math/ascii/formula-line.js';
import type { Block } from '../tree.js';
import type { NoteReader } from './reader.js';
import type { SnippetTag } from './snippet-tags.js';

// Marks a heading made from a <SECTION> tag until the depth of the note's sections is known.
export const TAG_SECTION_DEPTH = 0;

export function tagBlocks(tag: SnippetTag, reader: NoteReader, parseBody: (src: string) => Block[]): Block[] {
  const inline = reader.inlines;
  switch (tag.tag) {
    case 'MATHEQ': {
      // A formula typed in words or ASCII ("v0 sin theta times t"): read as math; TeX stays as written.
      const tex = taggedFormulaTex(tag.body);
      return [tex === null ? { kind: 'math', tex: tag.body } : { kind: 'math', tex, source: tag.body.trim() }];
    }
    case 'TABLE':
      return [{ kind: 'table', header: tag.headers.map(inline), rows: tag.rows.map((r) => r.map(inline)), align: [] }];
    case 'FIGURE':
      return [
        {
          kind: 'figure',
          description: inline(tag.description.replace(/\n/g, ' ')),
          caption: inline(tag.caption.replace(/\n/g, ' ')),
          ...(tag.image ? { image: tag.image } : {}),
        },
      ];
    case 'SECTION':
      return [
        ...(tag.title.trim() ? [{ kind: 'heading', depth: TAG_SECTION_DEPTH, inlines: inline(tag.title), fromTag: true } as Block] : []),
        ...parseBody(tag.content),
      ];
    case 'LIST':
      return [{ kind: 'list', ordered: false, start: 1, items: tag.items.map((i) => ({ checked: null, blocks: [{ kind: 'paragraph', inlines: inline(i) }] })) }];
    case 'SLIDE':
      return [{ kind: 'slide', title: inline(tag.title), blocks: parseBody(tag.content) }];
  }
}
