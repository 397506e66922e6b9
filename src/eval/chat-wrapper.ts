// An answer pasted from a chat assistant opens with "Sure! Here's …" and ends by offering more
// ("Would you like me to …? 😊"): the document leaves both out (parse/chat-paste.ts), and a reader
// does not look for their words in it. Only in a note of two headings or more, as the generator
// decides. Line scans only.
import { isChatOffer, isChatOpening } from '../server/latex/generate/builtin/parse/chat-paste.js';

/** The note without an assistant's opening line and closing offer. */
export function withoutChatWrapper(note: string): string {
  const paragraphs = note.split(/\n[ \t]*\n/);
  if (paragraphs.filter((p) => /^#{1,6}[ \t]/m.test(p)).length < 2) return note;
  const first = paragraphs[0]?.trim() ?? '';
  const last = paragraphs[paragraphs.length - 1]?.trim() ?? '';
  const start = isChatOpening(first) ? 1 : 0;
  const end = paragraphs.length > start + 1 && isChatOffer(last) ? paragraphs.length - 1 : paragraphs.length;
  return paragraphs.slice(start, end).join('\n\n');
}
