// An answer pasted from a chat assistant ends by offering more ("Would you like me to turn this
// into …?"): not the document's. A quote that is a speaker's note ("> 🗣️ *Speaker note:* …") is
// the speaker's, not the slide's.
import { inlineText, type Block } from '../tree.js';

const OFFER = /^(?:would you like(?: me)? to|do you want me to|want me to|shall i|let me know if you(?:'d| would)? (?:like|want)|if you(?:'d| would) like,? i can)\b/i;
const MAX_CHARS = 300;
/** "Sure! Here's a 6-slide deck on …:", "Claro, aquí tienes …:", "当然！以下是……：": the assistant's answer opening. */
const OPENING = /^(?:(?:sure|certainly|absolutely|of course|okay|ok|great|no problem|happy to help|claro|por supuesto|¡claro|klar|natürlich|gerne|bien sûr|d'accord|certo|certamente|с удовольствием|конечно|当然|好的|もちろん|물론)(?:[!！,，.。:：\s]|$)|(?:here(?:'s| is| are)\s+(?:a|an|the|your|some)|aquí tienes|aquí está|hier ist|hier sind|voici|ecco|aqui está|вот)\s)[^\n]*[:：]$/iu;
const SPOKEN = /^[^\p{L}]{0,6}(?:speaker|presenter)(?:'s)?\s+notes?\s*[:：]/iu;

/** The note's blocks without the assistant's closing offer, its quoted speaker notes as notes. */
export function dropChatWrapper(blocks: Block[]): Block[] {
  const last = blocks[blocks.length - 1];
  const said = last?.kind === 'paragraph' ? inlineText(last.inlines).trim() : '';
  // (Only after a document of headings: a remark ending a plain note is the note's.)
  const offer = blocks.length >= 3 && said.length <= MAX_CHARS && /\?$/.test(said) && OFFER.test(said) && blocks.some((b) => b.kind === 'heading');
  const kept = offer ? blocks.slice(0, blocks[blocks.length - 2]?.kind === 'rule' ? -2 : -1) : blocks;
  // The opening, before the first heading or rule of a document of headings.
  const first = kept[0];
  const opened = first?.kind === 'paragraph' ? inlineText(first.inlines).trim() : '';
  const next = kept[1];
  if (opened.length <= MAX_CHARS && !opened.includes('\n') && OPENING.test(opened) && (next?.kind === 'heading' || next?.kind === 'rule') && kept.filter((b) => b.kind === 'heading').length >= 2) {
    kept.splice(0, next.kind === 'rule' ? 2 : 1);
    // An answer of sibling headings has no title: its first is the first of its parts, not the document's name.
    const head = kept.findIndex((b) => b.kind === 'heading');
    const h = kept[head];
    if (h?.kind === 'heading' && kept.some((b, i) => i > head && b.kind === 'heading' && b.depth <= h.depth)) kept[head] = { ...h, fromTag: true };
  }
  return kept.map((b) => (b.kind === 'quote' && SPOKEN.test(b.blocks[0]?.kind === 'paragraph' ? inlineText(b.blocks[0].inlines) : '') ? { kind: 'speakerNotes', blocks: b.blocks } : b));
}
