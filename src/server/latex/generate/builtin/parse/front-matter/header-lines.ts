// Header lines at the top of a note — `Title: …`, `Author: …`, `Date: …`, `Subject: …`,
// `From: …`, `To: …` (in the languages the product meets), as in e-mails, memos and letters —
// and pandoc's `% title / % author / % date` block. Only these keys are taken, so a note that
// starts with `Note: …` or `Attendees: …` keeps those lines as text. An indented line after a
// header continues its value (a second address line). Under a title or author header, other
// labelled facts about the document (`Affiliation: …`, `Corresponding author: …`, `Course: …`)
// go with them to the title page.
import { looksLikeLatex } from '../latex/detect.js';
import { isDateLine } from '../notes/dates.js';
import { labelled } from '../notes/people.js';

export type HeaderKey = 'title' | 'subtitle' | 'author' | 'date' | 'subject' | 'from' | 'to' | 'cc' | 'fact';

const KEYS: Record<string, HeaderKey> = {
  title: 'title', titel: 'title', titre: 'title', título: 'title', titulo: 'title', название: 'title',
  subtitle: 'subtitle', untertitel: 'subtitle', subtítulo: 'subtitle', subtitulo: 'subtitle', sottotitolo: 'subtitle', подзаголовок: 'subtitle',
  author: 'author', authors: 'author', by: 'author', autor: 'author', autorin: 'author', auteur: 'author', autora: 'author', автор: 'author',
  date: 'date', datum: 'date', fecha: 'date', дата: 'date', sent: 'date', gesendet: 'date', envoyé: 'date', enviado: 'date',
  subject: 'subject', re: 'subject', betreff: 'subject', objet: 'subject', asunto: 'subject', assunto: 'subject', тема: 'subject',
  from: 'from', von: 'from', de: 'from', от: 'from', sender: 'from', expéditeur: 'from', absender: 'from', remitente: 'from', mittente: 'from',
  to: 'to', an: 'to', para: 'to', кому: 'to', recipient: 'to', à: 'to', destinataire: 'to', empfänger: 'to', destinatario: 'to',
  cc: 'cc',
};

export interface HeaderLines {
  /** `label` is the typed label of a fact ("Corresponding author"). */
  fields: Array<{ key: HeaderKey; lines: string[]; label?: string }>;
  /** The text after the header lines. */
  body: string;
}

const HEADER = /^([\p{L}]{1,12})[ \t]*:[ \t]*(\S.*)$/u;
/** "Empfänger:", "To:" alone on its line: the address follows on the lines under it. */
const BARE_HEADER = /^([\p{L}]{1,12})[ \t]*:[ \t]*$/u;
/** A line of an address: short, no sentence. */
const ADDRESS_LINE = /^[ \t]*\S.{0,59}$/;
const DATE_WITHOUT_COLON = /^(date|datum|fecha|дата)[ \t]+(\S.*)$/iu;

/** The address lines from `start` to the next blank line or header line (six at most), added to `into`; where they end. */
function addressLines(lines: string[], start: number, into: string[]): number {
  let k = start;
  while (k < lines.length && k < start + 6 && ADDRESS_LINE.test(lines[k] ?? '') && !/[.!?]$/.test((lines[k] ?? '').trim()) && !endsAddress(lines[k] ?? '')) {
    into.push((lines[k] ?? '').trim());
    k++;
  }
  return k;
}

/** A labelled line ("Betreff: …", "التاريخ: …") or a date, which ends an address above it ("Tel.: …" and "E-Mail: …" are its lines). */
function endsAddress(line: string): boolean {
  return HEADER.test(line) || BARE_HEADER.test(line) || DATE_WITHOUT_COLON.test(line) || isDateLine(line.trim());
}

/** Labels that open the note's text, never a fact about it: "Abstract: …", "Summary: …". */
const BODY_LABELS = /^(?:abstract|summary|tl;?dr|résumé|resumen|resumo|zusammenfassung|introduction|note|notes|nb|ps|p\.s|question|answer|problem|solution|task|todo|agenda|aim|goal|objective|background|context|update)$/iu;

/** A labelled fact about the document under its title or author header ("Affiliation: Dept. of …"), or null. */
function factLine(line: string): { label: string; value: string } | null {
  if (line.length > 150 || /^\s/.test(line)) return null;
  const fact = labelled(line.trim());
  if (!fact || BODY_LABELS.test(fact.label)) return null;
  // (A sentence after the label is the note's text: "Result: the pendulum swung 20 times.")
  const sentence = /[;:,]$/.test(fact.value) || /\s\p{Ll}+[.!?]$/u.test(fact.value) || fact.value.split(/\s+/).length > 20;
  return sentence ? null : fact;
}

/** Header lines at the very top of the note (blank lines between them allowed). */
export function headerLines(src: string): HeaderLines {
  const fields: HeaderLines['fields'] = [];
  const lines = src.split('\n', 200);
  let i = 0;
  let end = 0;
  // pandoc's title block: up to three lines starting with `%` (in a LaTeX note, comments).
  if (lines[0]?.startsWith('% ') && !looksLikeLatex(src)) {
    const keys: HeaderKey[] = ['title', 'author', 'date'];
    while (i < 3 && lines[i]?.startsWith('%')) {
      const value = (lines[i] ?? '').slice(1).trim();
      const key = keys[i] as HeaderKey;
      if (value) fields.push({ key, lines: key === 'author' ? value.split(/\s*;\s*/) : [value] });
      i++;
    }
    end = i;
  }
  for (; i < lines.length; i++) {
    const line = lines[i] ?? '';
    if (line.trim() === '') continue;
    // "date 3 march 2025": a date's label without its colon, when a date follows.
    const unlabelled = line.length <= 80 && !line.includes(':') ? DATE_WITHOUT_COLON.exec(line) : null;
    const m = line.length <= 300 ? (HEADER.exec(line) ?? (unlabelled && isDateLine(unlabelled[2] ?? '') ? unlabelled : null)) : null;
    const key = m ? KEYS[(m[1] ?? '').toLowerCase()] : undefined;
    const bare = !m ? BARE_HEADER.exec(line) : null;
    const bareKey = bare ? KEYS[(bare[1] ?? '').toLowerCase()] : undefined;
    if ((bareKey === 'from' || bareKey === 'to') && ADDRESS_LINE.test(lines[i + 1] ?? '')) {
      fields.push({ key: bareKey, lines: [] });
      i = addressLines(lines, i + 1, fields[fields.length - 1]!.lines) - 1;
      end = i + 1;
      continue;
    }
    if (!m || !key) {
      // An indented line right after a header line continues it.
      const last = fields[fields.length - 1];
      if (last && /^[ \t]{2,}\S/.test(line) && i === end) {
        last.lines.push(line.trim());
        end = i + 1;
        continue;
      }
      // (A blank line after the header block ends it: a labelled line below is the note's.)
      const fact = i === end && fields.some((f) => f.key === 'title' || f.key === 'author') ? factLine(line) : null;
      if (fact) {
        fields.push({ key: 'fact', lines: [fact.value], label: fact.label });
        end = i + 1;
        continue;
      }
      break;
    }
    fields.push({ key, lines: [(m[2] ?? '').trim()] });
    // "Absender: Jonas Becker" over "Lindenstraße 14", "50674 Köln": the rest of the address.
    if (key === 'from' || key === 'to') i = addressLines(lines, i + 1, fields[fields.length - 1]!.lines) - 1;
    end = i + 1;
  }
  if (fields.length === 0) return { fields, body: src };
  // Everything up to the end of the last header line goes.
  let offset = 0;
  for (let k = 0; k < end; k++) offset += (lines[k] ?? '').length + 1;
  return { fields, body: src.slice(Math.min(offset, src.length)) };
}
