// Whether an article's or a report's paragraphs all stand flush left. A note whose lines are kept
// one per line (or whose short lines lead into what follows, "Results:") has paragraphs that an
// indent would mark and lines beside them that it would not: such a document sets no indent and
// puts space between paragraphs instead, the same for every paragraph.
import type { DocumentType } from '../../../../../shared/document-types.js';
import { inlineText, type Block } from '../tree.js';

export function flushParagraphs(type: DocumentType, blocks: Block[]): boolean {
  if (type !== 'article' && type !== 'report') return false;
  return blocks.some((b) => {
    if (b.kind !== 'paragraph') return false;
    if (b.inlines.some((n) => n.kind === 'break')) return true;
    const text = inlineText(b.inlines).trim();
    return text.length <= 80 && /[:：]$/u.test(text);
  });
}
