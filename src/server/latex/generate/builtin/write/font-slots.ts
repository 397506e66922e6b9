// The fonts of a XeLaTeX document as a person writes them: fontspec and xeCJK commands naming
// fonts by family (files only where fontconfig does not list them, as ctex names Fandol), for the
// main text, CJK, runs of other scripts, signs and emoji. XeTeX cannot keep loaded fonts in a
// format, so these lines run as written on every compile ('tail'); a waiting XeLaTeX process
// declares the common ones ahead (fontsAhead), and fontspec then reuses those families.
import { fontGaps } from '../text/font-gaps.js';
import { fontspecFace } from '../text/font-names.js';
import { CMU_SANS, EMOJI_FONTS, RUN_MACRO, SCRIPT_FONTS, SCRIPT_MONO, SYMBOL_FONTS, type RunScript } from '../text/scripts.js';
import { isOtherScript, otherScriptBreakLocale } from '../text/other-scripts.js';
import { CJK_FONTS, CJK_PUNCTUATION_FONT, cjkFontLines, KOREAN_FACES, type CjkLanguage } from './cjk-fonts.js';
import type { FontPlan, RunPlan } from './document-scripts.js';
import { lines, type Block, type Slot } from './slot.js';
import { XE_LOCALES } from './preamble-slots.js';

const tail = (id: string, text: string): Block => ({ id, text, kind: 'tail' });

const RUNS = Object.keys(RUN_MACRO) as RunScript[];

/** \\setmainfont, \\setsansfont and \\setmonofont for a main script (slides are set in the sans one). */
function mainFontText(main: RunScript | 'korean'): string {
  const [serif, sans, mono] =
    main === 'korean'
      ? [KOREAN_FACES.serif, KOREAN_FACES.sans, KOREAN_FACES.mono]
      : main === 'latin'
        ? [SCRIPT_FONTS.latin, CMU_SANS, SCRIPT_MONO.latin]
        : [SCRIPT_FONTS[main], SCRIPT_FONTS[main], SCRIPT_MONO[main]];
  return lines(`\\setmainfont${fontspecFace(serif)}`, `\\setsansfont${fontspecFace(sans)}`, `\\setmonofont${fontspecFace(mono)}`);
}

const SCRIPT_WORDS: Partial<Record<RunScript, string>> = {
  latin: 'Latin', arabic: 'Arabic', hebrew: 'Hebrew', devanagari: 'Devanagari', bengali: 'Bengali', thai: 'Thai', georgian: 'Georgian', armenian: 'Armenian',
};

/**
 * \\lgArab{…} and friends: a run of a script the main fonts lack, in its font, hyphenation and
 * direction. babel's \\foreignlanguage only where the direction changes (under XeTeX it refuses a
 * second direction setting in one group, which a font change of another script triggers).
 */
function runText({ run, language, crosses }: RunPlan): string {
  const code = RUN_MACRO[run];
  const macro = `\\lg${code}`;
  const fonts = `\\lgrunfont${macro}font${macro}mono`;
  let body: string;
  if (crosses) {
    body = `\\foreignlanguage{${language}}{${fonts}#1}`;
  } else {
    // Thai, Lao, Khmer and Myanmar have no spaces between words: ICU finds the line breaks.
    const locale = run === 'thai' ? 'th' : isOtherScript(run) ? otherScriptBreakLocale(run) : undefined;
    const breaks = locale ? `\\XeTeXlinebreaklocale "${locale}"\\XeTeXlinebreakskip=0pt plus 1pt\\relax ` : '';
    body = `{${fonts}\\hyphenrules{${language}}${breaks}#1}`;
  }
  return lines(
    `% Words in ${SCRIPT_WORDS[run] ?? code} script: their fonts and ${crosses ? 'direction' : 'hyphenation'}`,
    `\\newfontfamily${macro}font${fontspecFace(SCRIPT_FONTS[run], { ligatures: true })}`,
    `\\newfontfamily${macro}mono${fontspecFace(SCRIPT_MONO[run], { ligatures: true })}`,
    `\\DeclareRobustCommand{${macro}}[1]{${body}}`,
    `\\pdfstringdefDisableCommands{\\def${macro}#1{#1}}`,
  );
}

export const runBlockId = (plan: RunPlan): string => `run:${plan.run}:${plan.language}:${plan.crosses ? 'x' : '='}`;

/** Every run block a document may show: each script in each language, either direction. */
function runSlot(run: RunScript): Slot {
  const languages = ['english', ...XE_LOCALES];
  const variants = languages.flatMap((language) => [true, false].map((crosses) => ({ run, language, crosses })));
  return { format: '', variants: variants.map((plan) => tail(runBlockId(plan), runText(plan))) };
}

export const cjkBlockId = (language: CjkLanguage, hangul: boolean, koreanMain: boolean, western: boolean): string =>
  `cjk:${language}${koreanMain ? '-main' : ''}:${hangul ? 'hangul' : ''}${western ? ':western' : ''}`;

/** Quotes, dashes, ellipsis and middle dot, which xeCJK sets as CJK punctuation (dropping the space after them). */
const WESTERN_PUNCTUATION = '"2018,"2019,"201C,"201D,"2013,"2014,"2025,"2026,"00B7';

function cjkText(language: CjkLanguage, hangul: boolean, koreanMain: boolean, western: boolean): string {
  const text = [`% ${{ zh: 'Chinese', ja: 'Japanese', ko: 'Korean' }[language]} in ${CJK_FONTS[language].serif.font.replace(/-Regular\.otf$/, '')}, with Noto CJK for what it lacks`, ...cjkFontLines(language)];
  // Korean separates words with spaces; xeCJK drops spaces between CJK characters otherwise.
  if (hangul) text.push('\\xeCJKsetup{CJKspace=true}');
  // Korean lines break between words, not between syllables: Hangul leaves xeCJK's classes and is
  // set by the main font, Nanum (it has Latin letters too).
  if (koreanMain) text.push('\\xeCJKDeclareCharClass{Default}{"1100->"11FF,"3130->"318F,"A960->"A97F,"AC00->"D7AF,"D7B0->"D7FF}');
  // In Western or Korean prose, words are separated by spaces: “quotes” and dashes are the text's own
  // (xeCJK's CJK punctuation dropped the space after them: “hello”to me).
  if (western) text.push(`\\xeCJKDeclareCharClass{Default}{${WESTERN_PUNCTUATION}}`);
  return lines(...text);
}

function cjkSlot(): Slot {
  const variants: Block[] = [];
  for (const language of ['zh', 'ja', 'ko'] as const) {
    for (const hangul of [false, true]) {
      for (const western of [false, true]) {
        variants.push(tail(cjkBlockId(language, hangul, false, western), cjkText(language, hangul, false, western)));
        if (language === 'ko') variants.push(tail(cjkBlockId(language, hangul, true, western), cjkText(language, hangul, true, western)));
      }
    }
  }
  return { format: '', variants };
}

const SYMBOL_NAMES = SYMBOL_FONTS.map((_, i) => `\\lgsym${String.fromCharCode(65 + i)}`);

/**
 * \\lgsym{c}: the character from the current font when it has a glyph for it, else from the first
 * symbol font that has one (the last sets it regardless, so that a glyph no font has is still
 * reported missing). \\lgsymc sets the character of a code (\\ ^ ~, whose control symbols are an
 * accent or a line break). List bullets go the same way: some scripts' fonts have none.
 */
function symbolText(): string {
  const fallback = (set: string, test = '#1') => {
    const has = `\\iffontchar\\font\`${test}\\relax${set}\\else`;
    const last = SYMBOL_NAMES.length - 1;
    const chain = SYMBOL_NAMES.reduceRight((rest, name, i) => `${name}${i === last ? set : `${has}${rest}\\fi`}`, '');
    return `${has}{${chain}}\\fi`;
  };
  return lines(
    '% Signs the text fonts lack, from the first of these fonts that has them',
    ...SYMBOL_FONTS.map((face, i) => `\\newfontfamily${SYMBOL_NAMES[i] ?? ''}${fontspecFace(face)}`),
    `\\DeclareRobustCommand{\\lgsym}[1]{${fallback('#1')}}`,
    `\\DeclareRobustCommand{\\lgsymc}[1]{${fallback('\\char`#1\\relax')}}`,
    // \\lgmark{a}{<U+0310>}: a letter and a combining mark the text font lacks, both from the first
    // of these fonts that has the mark (a mark set apart from its letter does not sit on it).
    `\\DeclareRobustCommand{\\lgmark}[2]{${fallback('#1#2', '#2')}}`,
    '\\UndeclareTextCommand{\\textbullet}{TU}',
    '\\DeclareTextCommand{\\textbullet}{TU}{\\lgsym{\u2022}}',
    '\\pdfstringdefDisableCommands{\\def\\lgsym#1{#1}\\def\\lgsymc#1{#1}\\def\\lgmark#1#2{#1#2}}',
  );
}

const LATIN_MONO = fontspecFace(SCRIPT_MONO.latin);

/** The suffixes of the emoji font families' macros (\\lgemojifonta, \\lgemojifontb). */
const EMOJI_NAMES = ['a', 'b'];

/** The slots of XeLaTeX documents' fonts, after every other slot (all run as written). */
export function fontSlots(): Slot[] {
  const one = (id: string, text: string): Slot => ({ format: '', variants: [tail(id, text)] });
  const mains: Array<RunScript | 'korean'> = [...RUNS.filter((r) => !isOtherScript(r)), 'korean'];
  return [
    { format: '', variants: mains.map((main) => tail(`main:${main}`, mainFontText(main))) },
    cjkSlot(),
    ...RUNS.map(runSlot),
    one('symbols', symbolText()),
    one(
      'emoji',
      lines(
        '% Emoji from monochrome fonts; one they lack prints its name',
        ...EMOJI_FONTS.map((file, i) => `\\newfontfamily\\lgemojifont${EMOJI_NAMES[i]}${fontspecFace({ regular: file, bold: file, covers: [] })}`),
        `\\DeclareRobustCommand{\\lgemoji}[2]{{${EMOJI_NAMES.map((n) => `\\lgemojifont${n}\\iffontchar\\font\`#1\\relax#1\\else`).join('')}\\normalfont{[#2]}${'\\fi'.repeat(EMOJI_FONTS.length)}}}`,
        // A keycap (1️⃣, #️⃣): the key's sign under the emoji font's enclosing keycap.
        '\\DeclareRobustCommand{\\lgkeycap}[1]{{\\lgemojifonta#1\u20e3}}',
        '\\pdfstringdefDisableCommands{\\def\\lgemoji#1#2{#1}\\def\\lgkeycap#1{#1}}',
      ),
    ),
    one(
      'cjk-punctuation',
      lines(
        '% CJK punctuation in a document without CJK letters',
        `\\newfontfamily\\lgcjkfont{${CJK_PUNCTUATION_FONT}}[Ligatures=TeX]`,
        '\\DeclareRobustCommand{\\lgcjk}[1]{{\\lgcjkfont#1}}',
        '\\pdfstringdefDisableCommands{\\def\\lgcjk#1{#1}}',
      ),
    ),
    // Latin words and code in a right-to-left document: English, shaped as Latin (Amiri shaped as
    // Arabic swaps "lf": "TU Delft" printed "TU Deflt"; set after \setmonofont, which resets the
    // font's features), in the Latin typewriter font (the main script's one lays out a lone bracket
    // or < right to left, mirrored: print(i) came out print)i().
    one(
      'ltr',
      lines(
        '% Latin words and code inside right-to-left text',
        `\\DeclareRobustCommand{\\lgLTR}[1]{\\foreignlanguage{english}{\\setmonofont${LATIN_MONO}\\addfontfeatures{Script=Latin}#1}}`,
        '\\pdfstringdefDisableCommands{\\def\\lgLTR#1{#1}}',
      ),
    ),
    one(
      'rtl-code',
      lines(
        '% Code blocks read left to right',
        `\\AddToHook{env/lstlisting/before}{\\begin{otherlanguage}{english}\\setmonofont${LATIN_MONO}}`,
        '\\AddToHook{env/lstlisting/after}{\\end{otherlanguage}}',
      ),
    ),
  ];
}

/** The font blocks a document shows, by id: its main fonts, CJK, and what its body calls. */
export function fontBlockIds(plan: FontPlan, calls: (command: string) => boolean, environments: (name: string) => boolean): string[] {
  const ids = [`main:${plan.main}`];
  if (plan.cjk) ids.push(cjkBlockId(plan.cjk.language, plan.cjk.hangul, plan.main === 'korean', plan.cjk.western));
  const runs = plan.codeRun ? [...plan.runs, plan.codeRun] : plan.runs;
  for (const run of runs) if (calls(`lg${RUN_MACRO[run.run]}`)) ids.push(runBlockId(run));
  // List labels are \textbullet, which the symbols block sets from a fallback font when the main font has no bullet (Devanagari, Bengali).
  const bulletGap = plan.main !== 'korean' && environments('itemize') && fontGaps([SCRIPT_FONTS[plan.main]]).lacks.has('\u2022');
  if (calls('lgsym') || calls('lgsymc') || calls('lgmark') || bulletGap) ids.push('symbols');
  if (calls('lgemoji') || calls('lgkeycap')) ids.push('emoji');
  if (calls('lgcjk')) ids.push('cjk-punctuation');
  if (calls('lgLTR')) ids.push('ltr');
  if (plan.rtl && environments('lstlisting')) ids.push('rtl-code');
  return ids;
}

/** Whether a document's blocks need \\lgrunfont (runs of other scripts). */
export function usesRuns(ids: readonly string[]): boolean {
  return ids.some((id) => id.startsWith('run:'));
}

/** Main scripts whose fonts a waiting process declares besides Latin (as the documents of those scripts do). */
const MAINS_AHEAD: ReadonlyArray<RunScript | 'korean'> = ['arabic', 'hebrew', 'devanagari', 'bengali', 'thai', 'georgian', 'korean'];

/**
 * TeX a waiting XeLaTeX process runs before its document: the families most documents declare
 * (the main fonts of Latin and the common scripts, the signs' fonts), created exactly as a document
 * asks for them so that fontspec reuses them, and the Latin body and heading sizes loaded. In
 * groups: the document still declares its own fonts.
 */
export function fontsAhead(): string {
  const group = (text: string) => `\\begingroup${text.replace(/\n/g, '')}\\endgroup`;
  const symbols = SYMBOL_FONTS.map((face, i) => `\\newfontfamily\\lgahead${String.fromCharCode(65 + i)}${fontspecFace(face)}`).join('');
  const sizes = '\\normalfont\\fontsize{10.95}{13}\\selectfont\\fontsize{12}{14}\\selectfont\\fontsize{17.28}{20}\\selectfont\\bfseries\\fontsize{14.4}{17}\\selectfont\\fontsize{12}{14}\\selectfont';
  return `${group(`${mainFontText('latin')}${sizes}`)}${MAINS_AHEAD.map((main) => group(mainFontText(main))).join('')}${symbols}`;
}
