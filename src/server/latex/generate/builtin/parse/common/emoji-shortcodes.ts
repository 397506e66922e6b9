// Emoji shortcodes (`:fire:`, `:white_check_mark:`, `:+1:`) as the emoji they name, the way
// GitHub, Docusaurus, Jekyll, Marp and MkDocs show them. The names come from GitHub's own table
// (the maintained `gemoji` package), never from a list of ours. Icon-font shortcodes
// (`:fa-check:`, `:fontawesome-solid-house:`, `:material-check:`, `:octicons-alert-16:`) name an
// icon, not a character: the emoji of the same name or description where there is one, else
// nothing (an icon has no words). A word between colons that names nothing stays as written.
// One regex pass with bounded names: linear.
import { gemoji } from 'gemoji';

let byName: Map<string, string> | null = null;
let byDescription: Map<string, string> | null = null;

function tables(): { names: Map<string, string>; descriptions: Map<string, string> } {
  if (!byName || !byDescription) {
    byName = new Map();
    byDescription = new Map();
    for (const e of gemoji) {
      for (const n of e.names) byName.set(n, e.emoji);
      if (!byDescription.has(e.description)) byDescription.set(e.description, e.emoji);
    }
  }
  return { names: byName, descriptions: byDescription };
}

const ICON_PACK = /^(?:fa[srbl]?|fontawesome-(?:solid|regular|brands)|material|octicons|simple|fas-fa|far-fa|fab-fa)-([a-z0-9-]{1,40}?)(?:-(?:16|24))?$/;

/** The emoji a shortcode's name stands for; '' for an icon-font icon without one; null when the name is no shortcode. */
export function shortcodeEmoji(name: string): string | null {
  const { names, descriptions } = tables();
  const direct = names.get(name);
  if (direct) return direct;
  const icon = ICON_PACK.exec(name);
  if (!icon) return null;
  const words = (icon[1] ?? '').replace(/-/g, ' ');
  return names.get(words.replace(/ /g, '_')) ?? descriptions.get(words) ?? descriptions.get(`${words} mark`) ?? '';
}

const SHORTCODE = /(^|[^\p{L}\p{N}:/])(:[a-z0-9_+-][a-z0-9_+-]{0,60}:)(?![\p{L}\p{N}:])/gu;

/** Text with every emoji shortcode replaced by its emoji. */
export function replaceEmojiShortcodes(text: string): string {
  if (!text.includes(':')) return text;
  return text.replace(SHORTCODE, (whole, before: string, code: string) => {
    const emoji = shortcodeEmoji(code.slice(1, -1));
    return emoji === null ? whole : `${before}${emoji}`;
  });
}
