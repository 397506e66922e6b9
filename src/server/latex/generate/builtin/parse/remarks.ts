// Notes a writer leaves for themselves in brackets: "[check this figure – Edwards ch. 1?]",
// "[note to self: ask in office hours …]", "[draft 3 – for Thursday writing group]", "[TODO: add the
// graph]". They are not for the reader: they leave the pages and stay in the LaTeX as comments, so
// nothing typed is lost. An editor's note for readers ("[Note: …]", "[Update: …]", "[sic]") stays.
import { mapOutsideCode } from './code-ranges.js';

// The words a reminder opens with, in the languages of the notes people type. Each is followed by a
// space, a colon or the closing bracket.
const OPENERS = [
  'todo', 'to do', 'to-do', 'tbd', 'tbc', 'fixme', 'xxx', 'wip', 'note to self', 'note to me', 'nts', 'reminder', 'remind me',
  'check', 'double-check', 'double check', 'recheck', 're-check', 'verify', 'confirm', 'look up', 'ask', 'remember',
  'cite', 'citation needed', 'citation', 'source needed', 'source\\?', 'ref\\?', 'ref needed', 'add', 'insert', 'fill in',
  'expand', 'rewrite', 'reword', 'rephrase', 'finish', 'fix', 'placeholder', 'draft', 'first draft', 'rough draft',
  // es, pt
  'revisar', 'comprobar', 'verificar', 'confirmar', 'nota para mí', 'nota para mi', 'nota para mim', 'pendiente', 'borrador',
  'completar', 'añadir', 'agregar', 'falta', 'preguntar', 'conferir', 'rascunho', 'acrescentar', 'perguntar',
  // de, nl
  'prüfen', 'überprüfen', 'nachprüfen', 'nachsehen', 'klären', 'ergänzen', 'entwurf', 'notiz an mich', 'quelle fehlt', 'quelle\\?',
  'controleren', 'nakijken', 'aanvullen',
  // fr, it
  'à vérifier', 'vérifier', 'à compléter', 'compléter', 'brouillon', 'à faire', 'note pour moi', 'source \\?', 'ajouter',
  'controllare', 'verificare', 'bozza', 'completare', 'aggiungere', 'chiedere', 'da fare',
  // pl, ru, uk, tr
  'sprawdzić', 'sprawdzic', 'uzupełnić', 'dopisać', 'szkic', 'zapytać',
  'проверить', 'уточнить', 'дописать', 'черновик', 'добавить', 'спросить', 'перевірити', 'уточнити', 'дописати', 'чернетка',
  'kontrol et', 'kontrol edilecek', 'taslak', 'eklenecek',
  // zh, ja, ko
  '待核实', '待确认', '待补充', '待定', '草稿', '要確認', '下書き', '확인 필요', '초안',
];

// A bracket not after another (a wiki link "[[…]]"), opening with a reminder word, closed on its
// line and not followed by a link's target or a reference's colon.
const REMARK = new RegExp(`(?<!\\[)\\[\\s*(?:${OPENERS.join('|')})(?=[\\s:：,.!?\\]]|$)[^\\[\\]\\n]{0,300}\\](?![(\\[:])`, 'giu');
const ANY = new RegExp(`\\[\\s*(?:${OPENERS.join('|')})`, 'iu');

export interface Remarks {
  /** The note without its reminders. */
  text: string;
  /** Each reminder as typed, brackets and all, in the order of the note. */
  remarks: string[];
}

/** The note's reminders to its writer taken out of its text (not from its code). */
export function takeRemarks(source: string): Remarks {
  if (!ANY.test(source)) return { text: source, remarks: [] };
  const remarks: string[] = [];
  const text = mapOutsideCode(source, (chunk, atLineStart) => dropRemarks(chunk, atLineStart, remarks));
  return { text, remarks };
}

function dropRemarks(part: string, atLineStart: boolean, remarks: string[]): string {
  const lines = part.split('\n');
  return lines
    .flatMap((line, k) => {
      if (!ANY.test(line)) return [line];
      let out = '';
      let from = 0;
      for (const m of line.matchAll(REMARK)) {
        // (A citation's keys, "[cite:@doe2020]", are the reader's.)
        if (m[0].includes('@')) continue;
        remarks.push(m[0]);
        out += line.slice(from, m.index);
        from = m.index + m[0].length;
        // In a sentence the space before it goes when punctuation or the line's end follows.
        let end = out.length;
        while (end > 0 && (out[end - 1] === ' ' || out[end - 1] === '\t')) end--;
        if (end < out.length && (from >= line.length || /[.,;:!?)\s]/u.test(line[from] ?? ''))) out = out.slice(0, end);
      }
      if (from === 0) return [line];
      out += line.slice(from);
      // A whole line that was only the reminder goes (not a piece of one beside code: its line end stays);
      // one that opened with it starts where it did.
      if (out.trim() === '') return (k > 0 || atLineStart) && k < lines.length - 1 ? [] : [''];
      return [/^\s/u.test(line) ? out : out.trimStart()];
    })
    .join('\n');
}

/** LaTeX comment lines holding the reminders (none when there are none). */
export function remarkComments(remarks: readonly string[]): string[] {
  if (remarks.length === 0) return [];
  return ['% Notes the writer left for themselves (not printed):', ...remarks.map((r) => `% ${r.replace(/\s+/g, ' ')}`)];
}
