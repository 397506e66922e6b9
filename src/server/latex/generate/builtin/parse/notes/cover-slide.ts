// A deck's cover slide ("Folie 1 – Titel", "Diapositiva 1: Portada") under the note's first lines:
// which of them names the talk, and the slide's byline beside the one the note gave.
import type { NoteMeta } from '../../tree.js';

/**
 * A first line that names the occasion, not the talk: where it is given ("Vortrag VHS Freiburg – …",
 * "Grado en Economía, Universidad de Málaga", a conference), a defence ("Defensa TFG – …"), or what
 * the document is after its subject ("photosynthesis - class presentation"). A
 * class's talk on its subject ("Referat Biologie: Die Fotosynthese") names the talk.
 */
const OCCASION =
  /^(?:verteidigung|defen[cs]e|viva|defensa|soutenance|defesa|obrona|защита|savunma)(?!\p{L})|(?<!\p{L})(?:universit(?:y|ät|at|é|à|ad|ade|eit)|hochschule|vhs|volkshochschule|college|institut[eo]?|conference|kongress|congreso|colloque|tagung|symposium|meetup|webinar|politechnika|uniwersytet|университет)(?!\p{L})|\s[-–—:]\s*(?:(?:class|group|final|short|team)\s+)?(?:presentation|talk|slides|slide deck|deck|vortrag|referat|präsentation|exposé|présentation|presentación|exposición|apresentação|presentazione|prezentacja)\s*$/iu;

/** A cover slide's point naming the title ("título: Recicla tu Insti"). */
export const TITLE_LABEL = /^(?:title|t[ií]tulo|titre|titel|titolo|tytuł|название|заголовок|标题|タイトル|제목|başlık)[ \t]*[:：][ \t]*(?=\S)/iu;

/** A byline on a title slide: a name after its title, or a course's code ("group 4, ENVS 105, Prof. Lindgren"). */
export const BYLINE = /\b(?:Prof|Dr|Dra|Profa)\.\s*\p{Lu}|^(?:by|von|par|por|di|de)\s+\p{Lu}|\b[A-Z]{2,5}\s?\d{2,4}\b.*,|,.*\b[A-Z]{2,5}\s?\d{2,4}\b/u;

type Meta = Partial<NoteMeta> & { extra: NoteMeta['extra'] };

/**
 * The deck's title: the cover slide's (`slideTitle`, when it says more than the first line) when the
 * first line names the occasion; the occasion then opens the lines under the byline, in place of the
 * slide's title there.
 */
export function coverTitle(meta: Meta, first: string, slideTitle: string | undefined): string {
  if (slideTitle === undefined) return first;
  // (The slide's lines under the byline: the author's name they open with is said already.)
  meta.extra = meta.extra.map((e) => (e.key === '' ? { ...e, value: bylineRest(meta.author, e.value) } : e)).filter((e) => e.value !== '');
  if (!OCCASION.test(first)) return first;
  if (meta.subtitle === slideTitle) delete meta.subtitle;
  meta.extra = meta.extra.filter((e) => !(e.key === '' && e.value === slideTitle));
  meta.extra.unshift({ key: '', value: first });
  return slideTitle.replace(/^["“„«»'‘]+|["”“«»'’]+$/gu, '').trim();
}

/** What a byline under the author's name adds ("Markus Brenner, Energieberater" under "Dipl.-Ing. Markus Brenner": "Energieberater"); the byline when it is someone else's. */
function bylineRest(author: string | undefined, byline: string): string {
  const name = author?.trim();
  if (!name) return byline;
  if (name === byline.trim()) return '';
  const said = /^(\p{L}[\p{L}.'’-]*(?:\s+\p{L}[\p{L}.'’-]*){1,3})\s*(?:,|\s[–—-]{1,2}\s|\()\s*/u.exec(byline);
  if (!said || !name.endsWith(said[1] ?? '\u0000')) return byline;
  const rest = byline.slice(said[0].length).trim();
  return said[0].includes('(') ? rest.replace(/\)$/u, '') : rest;
}

/** The cover slide's byline under the note's: what it adds, nothing when it says the same. */
export function slideByline(meta: Meta, byline: string | undefined): void {
  const rest = byline === undefined ? '' : bylineRest(meta.author, byline);
  if (rest !== '') meta.extra.push({ key: '', value: rest });
}

/** The cover slide's lines under the byline: the author's name they open with is said already. */
export function coverLines(meta: Meta, lines: string[]): string[] {
  return lines.map((l) => bylineRest(meta.author, l)).filter((l) => l !== '');
}
