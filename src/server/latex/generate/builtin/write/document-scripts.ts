// Per-document script set-up: from a note's letters, the TeX program, the main language, the fonts
// (lines after the fixed preamble's \endofdump, so the precompiled format still applies), the
// language switch after \begin{document}, and how text runs of other scripts are wrapped.
import type { DocumentType } from '../../../../../shared/document-types.js';
import type { TexProgram } from '../../../../../shared/tex-program.js';
import { BABEL_NAME, PDFLATEX_LANGUAGES, detectLanguage, languageOfScript, mainScript, type Language } from '../text/language.js';
import { cjkFontLines, KOREAN_FACES, type CjkLanguage } from './cjk-fonts.js';
import { fontFamilyLines } from './preambles.js';
import { fontGaps } from '../text/font-gaps.js';
import { isOtherScript, otherScriptBreakLocale } from '../text/other-scripts.js';
import { proseOf } from '../text/prose.js';
import {
  CMU_SANS,
  countScripts,
  directionOf,
  runScriptOf,
  RUN_MACRO,
  SCRIPT_FONTS,
  SCRIPT_MONO,
  type Direction,
  type RunScript,
  type Script,
  type ScriptCounts,
  type TextScripts,
} from '../text/scripts.js';

export interface DocumentScripts {
  program: TexProgram;
  language: Language;
  /** Lines right after the fixed preamble (fonts); empty for pdfLaTeX. */
  fontLines: string[];
  /** Lines right after \begin{document} (language switch). */
  bodyLines: string[];
  /** Set for XeLaTeX documents. */
  text: TextScripts | null;
}

function cjkLanguage(language: Language, counts: ScriptCounts, content: string): CjkLanguage {
  if (language === 'ja' || language === 'ko' || language === 'zh') return language;
  if (counts.hangul > 0) return 'ko';
  for (let i = 0; i < content.length; i++) {
    const c = content.charCodeAt(i);
    if (c >= 0x3040 && c <= 0x30ff) return 'ja';
  }
  return 'zh';
}

function hasPolytonic(content: string): boolean {
  for (let i = 0; i < content.length; i++) {
    const c = content.charCodeAt(i);
    if (c >= 0x1f00 && c <= 0x1fff) return true;
  }
  return false;
}

function babelName(language: Language, content: string): string {
  return language === 'el' && hasPolytonic(content) ? 'polytonicgreek' : BABEL_NAME[language];
}

/** Whether pdfLaTeX can set every letter (the escaper handles symbols and accented Latin). */
function pdflatexCan(counts: ScriptCounts, language: Language, needsUnicodeLetters: boolean): boolean {
  if (!PDFLATEX_LANGUAGES.has(language) || needsUnicodeLetters) return false;
  return (Object.entries(counts) as Array<[Script, number]>).every(([s, n]) => n === 0 || s === 'latin' || s === 'greek');
}

/**
 * \\lgArab{…} and friends: a run of a script the main font lacks, in its font, hyphenation and
 * direction. babel's \\foreignlanguage only where the direction changes (under XeTeX it refuses a
 * second direction setting in one group, which a font change of another script triggers).
 */
function runMacro(run: RunScript, content: string, direction: Direction): string {
  const macro = RUN_MACRO[run];
  // The other scripts have no babel set-up here: their runs take English rules (no patterns touch
  // their letters), or Arabic's where they run right to left.
  const other = isOtherScript(run);
  const language =
    run === 'latin' ? 'english' : other ? (directionOf(run) === 'rtl' ? 'arabic' : 'english') : babelName(languageOfScript(run, content) ?? 'en', content);
  if (directionOf(run) !== direction) {
    return `\\DeclareRobustCommand{\\lg${macro}}[1]{\\foreignlanguage{${language}}{\\lgfont${macro}#1}}`;
  }
  // Thai, Lao, Khmer and Myanmar have no spaces between words: ICU finds the line breaks.
  const locale = run === 'thai' ? 'th' : other ? otherScriptBreakLocale(run) : undefined;
  const breaks = locale ? `\\XeTeXlinebreaklocale "${locale}"\\XeTeXlinebreakskip=0pt plus 1pt\\relax ` : '';
  return `\\DeclareRobustCommand{\\lg${macro}}[1]{{\\lgfont${macro}\\hyphenrules{${language}}${breaks}#1}}`;
}

/**
 * The set-up for a note. `needsUnicodeLetters` is the escaper's verdict that some letter has no
 * pdfLaTeX form (for example Greek words, or Latin letters beyond T1). `chosen` is the editor's
 * language setting, when there is one.
 */
export function documentScripts(content: string, documentType: DocumentType, needsUnicodeLetters: boolean, chosen?: Language): DocumentScripts {
  const counts = countScripts(content);
  // The language and the main script are the prose's: code, formulas and markup are mostly Latin
  // letters whatever the note is written in (a Chinese note of matrices and code was set as English).
  const proseCounts = countScripts(proseOf(content));
  const hasProse = (Object.entries(proseCounts) as Array<[Script, number]>).some(([s, n]) => s !== 'emoji' && n > 0);
  const languageCounts = hasProse ? proseCounts : counts;
  const language = chosen ?? detectLanguage(content, languageCounts);
  const babel = babelName(language, content);
  if (pdflatexCan(counts, language, needsUnicodeLetters)) {
    return { program: 'pdflatex', language, fontLines: [], bodyLines: babel === 'english' ? [] : [`\\selectlanguage{${babel}}`], text: null };
  }
  const main = mainScript(languageCounts);
  const mainRun = runScriptOf(main);
  const mainFace = mainRun && mainRun !== 'latin' ? SCRIPT_FONTS[mainRun] : SCRIPT_FONTS.latin;
  // A Korean document is set in Nanum, which has ASCII but no accented Latin letters: its Latin
  // words are runs in Computer Modern Unicode, like those of any other non-Latin main font.
  const koreanMain = language === 'ko' && (counts.cjk > 0 || counts.hangul > 0);
  const mainCovers = new Set<Script>(koreanMain ? ['hangul', 'cjk'] : mainFace.covers);
  const mainFaces = koreanMain
    ? [KOREAN_FACES.serif, KOREAN_FACES.sans, SCRIPT_MONO.latin]
    : mainRun && mainRun !== 'latin'
      ? [mainFace, SCRIPT_MONO[mainRun]]
      : [mainFace, CMU_SANS, SCRIPT_MONO.latin];
  const beamer = documentType === 'presentation';
  const fontLines: string[] = [];
  // Computer Modern Unicode is the fixed preamble's default; another script's fonts replace it
  // as the serif, sans (slides are set in sans) and typewriter family.
  if (mainRun && mainRun !== 'latin') {
    // Code in the main script takes that script's typewriter face.
    fontLines.push(
      `\\renewcommand{\\rmdefault}{lg${RUN_MACRO[mainRun]}}`,
      `\\renewcommand{\\sfdefault}{lg${RUN_MACRO[mainRun]}}`,
      `\\renewcommand{\\ttdefault}{lg${RUN_MACRO[mainRun]}Mono}`,
    );
  }
  // Run macros for every script the main font lacks, each in its own font and language (also for
  // scripts the note does not use: the writers add words of their own, such as a letter's
  // "Sincerely"). Their fonts load only when a run uses them.
  const runs = new Set<RunScript>();
  for (const script of Object.keys(counts) as Script[]) {
    const run = mainCovers.has(script) ? null : runScriptOf(script);
    // The other scripts (other-scripts.ts) only where the note has their letters: no writer adds words in them.
    if (run && (!isOtherScript(run) || counts[script] > 0)) runs.add(run);
  }
  const direction = directionOf(main);
  for (const run of runs) fontLines.push(runMacro(run, content, direction));
  if (counts.cjk > 0 || counts.hangul > 0) {
    const cjk = cjkLanguage(language, counts, content);
    fontLines.push(...cjkFontLines(cjk));
    // Korean separates words with spaces; xeCJK drops spaces between CJK characters otherwise.
    if (counts.hangul > 0) fontLines.push('\\xeCJKsetup{CJKspace=true}');
    if (koreanMain) {
      // Korean lines break between words, not between syllables: Hangul leaves xeCJK's classes
      // and is set by the main font, Nanum (it has Latin letters too).
      fontLines.push(
        '\\xeCJKDeclareCharClass{Default}{"1100->"11FF,"3130->"318F,"A960->"A97F,"AC00->"D7AF,"D7B0->"D7FF}',
        ...fontFamilyLines('lgKore', KOREAN_FACES.serif),
        ...fontFamilyLines('lgKoreSans', KOREAN_FACES.sans),
        '\\renewcommand{\\rmdefault}{lgKore}',
        '\\renewcommand{\\sfdefault}{lgKoreSans}',
      );
    }
  }
  // Without CJK text xeCJK would still load its default Fandol fonts (three OpenType files and
  // fontconfig's start-up) at \begin{document}: about 30 ms of every compile.
  if (counts.cjk === 0 && counts.hangul === 0) fontLines.push('\\xeCJKsetup{LoadFandol=false}');
  if (direction === 'rtl') {
    // Code reads left to right whatever the paragraphs around it do, in the Latin typewriter font:
    // listings sets each bracket or sign alone, and the main script's font lays such a lone
    // character out right to left, mirrored (print(i) came out print)i(, i > 1 as i < 1).
    fontLines.push(
      '\\AddToHook{env/lstlisting/before}{\\begin{otherlanguage}{english}\\renewcommand{\\ttdefault}{lgLatnMono}}',
      '\\AddToHook{env/lstlisting/after}{\\end{otherlanguage}}',
    );
    // The main script's words inside code are runs of their own (text/escape.ts, ltrCode).
    if (mainRun && !runs.has(mainRun)) fontLines.push(runMacro(mainRun, content, 'ltr'));
  }
  const bodyLines: string[] = [];
  // babel's Chinese locale has no word for "preface" (a book's opening chapter printed "?preface?").
  if (babel === 'chinese') bodyLines.push('\\setlocalecaption{chinese}{preface}{前言}');
  if (babel !== 'english') bodyLines.push(`\\selectlanguage{${babel}}`);
  if (beamer && mainFace === SCRIPT_FONTS.latin && (counts.cjk > 0 || counts.hangul > 0)) bodyLines.push('\\CJKfamily{\\CJKsfdefault}');
  // Without CJK text xeCJK's per-character hooks are only a cost.
  if (counts.cjk === 0 && counts.hangul === 0) bodyLines.push('\\makexeCJKinactive');
  const someLatin = mainCovers.has('latin') ? mainFace.someLatin : undefined;
  const text: TextScripts = { mainCovers, mainGaps: fontGaps(mainFaces), direction, cjk: counts.cjk > 0 || counts.hangul > 0 };
  if (someLatin) text.mainLacksLatin = (ch) => ch > '\u007f' && !someLatin.test(ch);
  return { program: 'xelatex', language, fontLines, bodyLines, text };
}
