// An answer pasted from a chat assistant ends by offering more ("Would you like me to turn this
// into …?"): not the document's. A quote that is a speaker's note ("> 🗣️ *Speaker note:* …") is
// the speaker's, not the slide's.
import { inlineText, type Block } from '../tree.js';

const OFFER = /^(?:would you like(?: me)? to|do you want me to|want me to|shall i|let me know if you(?:'d| would)? (?:like|want)|if you(?:'d| would) like,? i can)\b/i;
const MAX_CHARS = 300;
const SPOKEN = /^[^\p{L}]{0,6}(?:speaker|presenter)(?:'s)?\s+notes?\s*[:：]/iu;

/** The note's blocks without the assistant's closing offer, its quoted speaker notes as notes. */
export function dropChatWrapper(blocks: Block[]): Block[] {
  const last = blocks[blocks.length - 1];
  const said = last?.kind === 'paragraph' ? inlineText(last.inlines).trim() : '';
  // (Only after a document of headings: a remark ending a plain note is the note's.)
  const offer = blocks.length >= 3 && said.length <= MAX_CHARS && /\?$/.test(said) && OFFER.test(said) && blocks.some((b) => b.kind === 'heading');
  const kept = offer ? blocks.slice(0, blocks[blocks.length - 2]?.kind === 'rule' ? -2 : -1) : blocks;
  return kept.map((b) => (b.kind === 'quote' && SPOKEN.test(b.blocks[0]?.kind === 'paragraph' ? inlineText(b.blocks[0].inlines) : '') ? { kind: 'speakerNotes', blocks: b.blocks } : b));
}
