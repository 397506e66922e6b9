// A Logseq page printed as a document: its titled top blocks are sections, their titled children
// sub-sections, Logseq's #+BEGIN blocks are code, quotes and callouts.
import { describe, expect, it } from 'vitest';
import { inlineText, type Block } from '../../tree.js';
import { readNote } from '../index.js';
import { logseqBlocks, logseqSections } from './logseq-outline.js';

const kinds = (blocks: Block[]): string[] => blocks.map((b) => (b.kind === 'heading' ? `h${b.depth} ${inlineText(b.inlines)}` : b.kind === 'list' ? `list ${b.items.length}` : b.kind));

describe('Logseq outline', () => {
  it('titled top blocks with content are sections, their titled children sub-sections; the rest moves up', () => {
    const src = ['- [[Jun 29th, 2021]]', '  **Beta 0.2.2**', '    - [[Thanks]]', '        - Devon', '        - Sebastian', '    - **Fixed**', '        - Images'];
    expect(logseqSections(src)).toEqual(['## Jun 29th, 2021', '', '  **Beta 0.2.2**', '### Thanks', '', '- Devon', '- Sebastian', '### Fixed', '', '- Images']);
    // A title line with nothing under it, or a block at the third level, stays an item.
    expect(logseqSections(['- **Alone**', '- b'])).toEqual(['- **Alone**', '- b']);
    expect(logseqSections(['- a', '    - **Deep**', '        - c'])).toEqual(['- a', '    - **Deep**', '        - c']);
  });

  it('#+BEGIN blocks: code at their indentation, quotes, callouts; one without its end stays as written', () => {
    expect(logseqBlocks(['  #+BEGIN_EXAMPLE', '  (and [[a]])', '  #+END_EXAMPLE'])).toEqual(['  ```', '  (and [[a]])', '  ```']);
    expect(logseqBlocks(['#+BEGIN_SRC clojure', '(+ 1 2)', '#+END_SRC'])).toEqual(['```clojure', '(+ 1 2)', '```']);
    expect(logseqBlocks(['#+BEGIN_NOTE', 'Desktop only.', '#+END_NOTE', 'Next'])).toEqual(['> [!note]', '> Desktop only.', '', 'Next']);
    expect(logseqBlocks(['#+BEGIN_EXAMPLE', 'x', '#+BEGIN_EXAMPLE'])).toEqual(['#+BEGIN_EXAMPLE', 'x', '#+BEGIN_EXAMPLE']);
  });

  it('a Logseq page reads as sections with lists, code and pictures; an emptied block prints nothing', () => {
    const page = [
      'id:: 60db3824',
      '- **Queries**',
      '  created-at:: 1609230242742',
      '\t- **and**',
      '\t  Examples:',
      '\t  #+BEGIN_EXAMPLE',
      '\t  (and [[page 1]] [[page 2]])',
      '\t  #+END_EXAMPLE',
      '\t- **page**',
      '\t  Examples:',
      '\t\t- {{query (page "x")}}',
      '\t\t  ![demo](https://x.org/d.gif){:height 406, :width 662}',
    ].join('\n');
    const { body, title } = readNote(page);
    // (The one top section names the page.)
    expect(title).toBe('Queries');
    expect(kinds(body)).toEqual(['h1 and', 'paragraph', 'code', 'h1 page', 'paragraph', 'figure']);
    expect(JSON.stringify(body)).not.toMatch(/BEGIN_|created-at|\{\{|height 406/);
  });
});
