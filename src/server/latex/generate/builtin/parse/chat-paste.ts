// An answer pasted from a chat assistant ends by offering more ("Would you like me to turn this
// into …?"): not the document's. A quote that is a speaker's note ("> 🗣️ *Speaker note:* …") is
// the speaker's, not the slide's.
import { inlineText, type Block, type Inline } from '../tree.js';

const OFFER = /^(?:would you like me to|do you want me to|want me to|shall i|let me know if you(?:'d| would)? (?:like|want)|if you(?:'d| would) like,? i can)\b/i;
const MAX_CHARS = 300;
/** "Sure! Here's a 6-slide deck on …:", "Claro, aquí tienes …:", "当然！以下是……：": the assistant's answer opening. */
const OPENING = /^(?:(?:sure|certainly|absolutely|of course|okay|ok|great|no problem|happy to help|claro|por supuesto|¡claro|klar|natürlich|gerne|bien sûr|d'accord|certo|certamente|с удовольствием|конечно|当然|好的|もちろん|물론)(?:[!！,，.。:：\s]|$)|(?:here(?:'s| is| are)\s+(?:a|an|the|your|some)|aquí tienes|aquí está|hier ist|hier sind|voici|ecco|aqui está|вот)\s)[^\n]*[:：]$/iu;
/** "Sure! Here's a 7-slide outline for …. Feel free to adjust it.", "물론입니다! 아래는 …": an answer's opening, however it ends. */
const ANSWER_OPENING =
  /^(?:sure|certainly|absolutely|of course|great|okay|ok|claro|por supuesto|¡claro|klar|natürlich|gerne|bien sûr|certo|certamente|конечно|当然|好的|もちろんです|もちろん|물론입니다|물론이죠|물론|네)[!！,，.。]\s*(?:here(?:'s| is| are)|below (?:is|are)|i(?:'ve| have) (?:put together|made|written|drafted|created|prepared)|aquí (?:tienes|está|te dejo)|te dejo|hier (?:ist|sind)|voici|ecco|aqui (?:está|estão)|segue|вот|ниже|아래는|아래에|다음은|以下は|以下に|こちらは|以下是|下面是|这是)/iu;
/** "I hope this helps!", "이 구성이 도움이 되길 바랍니다!": an answer's closing wish, once the answer opened as one. */
const CLOSING_WISH =
  /^(?:i hope (?:this|that|it) helps|hope (?:this|that|it) helps|feel free to|let me know if|espero que (?:te|le|os|esto)|ich hoffe|j'espère que|spero che|espero que|надеюсь)|도움이 되(?:길|기를|었으면)|말씀해 ?주세요|お役に立て|お気軽に|希望(?:这|以上|对你)|如有需要|如果需要/iu;
/** The interjection an answer opens with ("Sure! ", "물론입니다! "). */
const INTERJECTION = /^(?:sure|certainly|absolutely|of course|great|okay|ok|claro|por supuesto|¡claro|klar|natürlich|gerne|bien sûr|certo|certamente|конечно|当然|好的|もちろんです|もちろん|물론입니다|물론이죠|물론|네)[!！,，.。]\s*/iu;
/** The opening speaks of the asker's task, not the subject: "… you can use for your class", "Feel free to adjust it". */
const ABOUT_THE_ASK = /\b(?:feel free|you can use|for your|to your|adjust|tweak)\b/iu;
/** Past this an opening that ends as a sentence says what the text is about: the text's first paragraph. */
const SUBSTANCE_CHARS = 100;
const SPOKEN = /^[^\p{L}]{0,6}(?:speaker|presenter)(?:'s)?\s+notes?\s*[:：]/iu;

/** A chat assistant's opening of its answer ("Sure! Here's …"), one line of text. */
export function isChatOpening(text: string): boolean {
  return text.length <= MAX_CHARS && !text.includes('\n') && (OPENING.test(text) || ANSWER_OPENING.test(text));
}

/** An opening that tells what the text does ("Here's a step-by-step guide to installing pyenv … so you stop getting …."): kept without its "Sure!". */
function openingWithSubstance(text: string): boolean {
  const said = text.replace(INTERJECTION, '');
  return said.length >= SUBSTANCE_CHARS && !/[:：]$/u.test(said) && !ABOUT_THE_ASK.test(said);
}

/** A chat assistant's closing offer ("Would you like me to …? 😊"), one paragraph of text. */
export function isChatOffer(text: string): boolean {
  const said = text.trim().replace(/(?:\s|\p{Extended_Pictographic}|\u200d|\ufe0f)+$/u, '');
  return said.length <= MAX_CHARS && /\?$/.test(said) && OFFER.test(said);
}

/** The closing wish of an answer ("I hope this helps! Let me know …"), one paragraph of text. */
function isClosingWish(text: string): boolean {
  const said = text.trim();
  return said.length <= MAX_CHARS && CLOSING_WISH.test(said);
}

/** The note's blocks without the assistant's closing offer, its quoted speaker notes as notes. */
export function dropChatWrapper(blocks: Block[]): Block[] {
  const last = blocks[blocks.length - 1];
  const openedWith = blocks[0]?.kind === 'paragraph' ? inlineText(blocks[0].inlines).trim() : '';
  // An opening kept as the text's first paragraph keeps its closing wish too: both are the text's.
  const opening = isChatOpening(openedWith) && !openingWithSubstance(openedWith);
  const lastText = last?.kind === 'paragraph' ? inlineText(last.inlines) : '';
  // (Only after a document of headings: a remark ending a plain note is the note's. Its smiley after the question goes too: "…for each slide? 😊".)
  const offer = blocks.length >= 3 && last?.kind === 'paragraph' && (isChatOffer(lastText) || (opening && isClosingWish(lastText))) && blocks.some((b) => b.kind === 'heading');
  const kept = offer ? blocks.slice(0, blocks[blocks.length - 2]?.kind === 'rule' ? -2 : -1) : [...blocks];
  // The opening, before the first heading or rule of a document of headings.
  // (After a line of the person's own above the paste, "bio article - photosynthesis (due friday …)": that line goes under the answer's title.)
  const own = kept[0]?.kind === 'paragraph' && inlineText(kept[0].inlines).length <= 160 && kept[1]?.kind === 'paragraph' && isChatOpening(inlineText(kept[1].inlines).trim()) && kept[2]?.kind === 'heading';
  if (own) kept.splice(0, 3, kept[2] as Block, kept[0] as Block);
  const first = own ? undefined : kept[0];
  const opened = first?.kind === 'paragraph' ? inlineText(first.inlines).trim() : '';
  const next = kept[1];
  if (first?.kind === 'paragraph' && isChatOpening(opened) && openingWithSubstance(opened)) {
    const lead = first.inlines[0];
    if (lead?.kind === 'text') kept[0] = { ...first, inlines: [{ kind: 'text', value: lead.value.replace(/^\s+/, '').replace(INTERJECTION, '') }, ...first.inlines.slice(1)] };
  } else if (isChatOpening(opened) && (next?.kind === 'heading' || next?.kind === 'rule') && kept.filter((b) => b.kind === 'heading').length >= 2) {
    kept.splice(0, next.kind === 'rule' ? 2 : 1);
    // An answer of sibling headings has no title: its first is the first of its parts, not the document's name.
    const head = kept.findIndex((b) => b.kind === 'heading');
    const h = kept[head];
    if (h?.kind === 'heading' && kept.some((b, i) => i > head && b.kind === 'heading' && b.depth <= h.depth)) kept[head] = { ...h, fromTag: true };
  }
  return kept.map((b): Block => {
    if (b.kind === 'quote' && SPOKEN.test(b.blocks[0]?.kind === 'paragraph' ? inlineText(b.blocks[0].inlines) : '')) return { kind: 'speakerNotes', blocks: b.blocks };
    // "**Speaker notes:** Introduce yourself …" under a slide's points: the speaker's, its label gone.
    const label = b.kind === 'paragraph' && b.inlines[0]?.kind === 'strong' ? SPOKEN.exec(inlineText([b.inlines[0]]).trim()) : null;
    if (b.kind === 'paragraph' && label && label[0].length >= inlineText([b.inlines[0] as Inline]).trim().length) {
      const rest = b.inlines.slice(1);
      const first = rest[0];
      if (first?.kind === 'text') rest[0] = { kind: 'text', value: first.value.replace(/^\s+/, '') };
      return { kind: 'speakerNotes', blocks: [{ kind: 'paragraph', inlines: rest }] };
    }
    return b;
  });
}
