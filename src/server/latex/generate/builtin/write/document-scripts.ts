// Per-document script set-up: from a note's letters, the TeX program, the main language, the fonts
// (a plan that font-blocks.ts writes into the preamble), and how text runs of other scripts are wrapped.
import type { DocumentType } from '../../../../../shared/document-types.js';
import type { TexProgram } from '../../../../../shared/tex-program.js';
import { BABEL_NAME, PDFLATEX_LANGUAGES, detectLanguage, languageOfScript, mainScript, type Language } from '../text/language.js';
import { KOREAN_FACES, type CjkLanguage } from './cjk-fonts.js';
import { fontGaps } from '../text/font-gaps.js';
import { isOtherScript } from '../text/other-scripts.js';
import { proseOf } from '../text/prose.js';
import {
  CMU_SANS,
  countScripts,
  directionOf,
  runScriptOf,
  SCRIPT_FONTS,
  SCRIPT_MONO,
  type RunScript,
  type Script,
  type ScriptCounts,
  type TextScripts,
} from '../text/scripts.js';

export interface DocumentScripts {
  program: TexProgram;
  language: Language;
  /** babel's name of the main language. */
  babel: string;
  /** XeLaTeX: what sets the document's fonts (font-blocks.ts makes the preamble's lines of it). */
  fonts: FontPlan | null;
  /** Lines right after \begin{document}. */
  bodyLines: string[];
  /** Set for XeLaTeX documents. */
  text: TextScripts | null;
}

/** A run script's macro (\lgHebr): its babel language, and whether it runs against the text's direction. */
export interface RunPlan {
  run: RunScript;
  language: string;
  crosses: boolean;
}

export interface FontPlan {
  /** The script of the main fonts (serif, sans, typewriter); Korean documents are set in Nanum. */
  main: RunScript | 'korean';
  /** Runs of the scripts the main fonts lack; the preamble defines those the body uses. */
  runs: RunPlan[];
  /** CJK letters: their language, whether Hangul, and whether the prose is Western (its quotes and dashes are not CJK punctuation). */
  cjk: { language: CjkLanguage; hangul: boolean; western: boolean } | null;
  rtl: boolean;
  /** Right to left: the main script's words inside code, set left to right. */
  codeRun?: RunPlan;
  beamer: boolean;
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

/** The babel language of a run: its script's language, English for the other scripts (Arabic's where they run right to left). */
function runLanguage(run: RunScript, content: string): string {
  if (run === 'latin') return 'english';
  if (isOtherScript(run)) return directionOf(run) === 'rtl' ? 'arabic' : 'english';
  return babelName(languageOfScript(run, content) ?? 'en', content);
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
    return { program: 'pdflatex', language, babel, fonts: null, bodyLines: [], text: null };
  }
  const main = mainScript(languageCounts);
  const mainRun = runScriptOf(main);
  const mainFace = mainRun && mainRun !== 'latin' ? SCRIPT_FONTS[mainRun] : SCRIPT_FONTS.latin;
  // A Korean document is set in Nanum, which has ASCII but no accented Latin letters: its Latin
  // words are runs in Computer Modern Unicode, like those of any other non-Latin main font.
  const koreanMain = language === 'ko' && (counts.cjk > 0 || counts.hangul > 0);
  const mainCovers = new Set<Script>(koreanMain ? ['hangul', 'cjk'] : mainFace.covers);
  const mainFaces = koreanMain
    ? [KOREAN_FACES.serif, KOREAN_FACES.sans, KOREAN_FACES.mono]
    : mainRun && mainRun !== 'latin'
      ? [mainFace, SCRIPT_MONO[mainRun]]
      : [mainFace, CMU_SANS, SCRIPT_MONO.latin];
  const beamer = documentType === 'presentation';
  // Runs for every script the main font lacks, each in its own font and language (also for
  // scripts the note does not use: the writers add words of their own, such as a letter's
  // "Sincerely"); the preamble defines the ones the body uses.
  const runs = new Set<RunScript>();
  for (const script of Object.keys(counts) as Script[]) {
    const run = mainCovers.has(script) ? null : runScriptOf(script);
    // The other scripts (other-scripts.ts) only where the note has their letters: no writer adds words in them.
    if (run && (!isOtherScript(run) || counts[script] > 0)) runs.add(run);
  }
  const direction = directionOf(main);
  const cjk =
    counts.cjk > 0 || counts.hangul > 0
      ? { language: cjkLanguage(language, counts, content), hangul: counts.hangul > 0, western: language !== 'zh' && language !== 'ja' }
      : null;
  const fonts: FontPlan = {
    main: koreanMain ? 'korean' : (mainRun ?? 'latin'),
    runs: [...runs].map((run) => ({ run, language: runLanguage(run, content), crosses: directionOf(run) !== direction })),
    cjk,
    rtl: direction === 'rtl',
    beamer,
  };
  // The main script's words inside code are runs of their own (text/escape.ts, ltrCode).
  if (direction === 'rtl' && mainRun && !runs.has(mainRun)) fonts.codeRun = { run: mainRun, language: runLanguage(mainRun, content), crosses: true };
  const bodyLines: string[] = [];
  // babel's Chinese locale has no word for "preface" (a book's opening chapter printed "?preface?").
  if (babel === 'chinese') bodyLines.push('\\setlocalecaption{chinese}{preface}{前言}');
  if (beamer && mainFace === SCRIPT_FONTS.latin && cjk) bodyLines.push('\\CJKfamily{\\CJKsfdefault}');
  // A main font without Latin letters (Noto Serif Devanagari) has no roman numerals: a book's front matter is numbered in figures.
  if (documentType === 'book' && !mainCovers.has('latin')) bodyLines.push('\\makeatletter\\renewcommand{\\frontmatter}{\\cleardoublepage\\@mainmatterfalse\\pagenumbering{arabic}}\\makeatother');
  const someLatin = mainCovers.has('latin') ? mainFace.someLatin : undefined;
  const text: TextScripts = { mainCovers, mainGaps: fontGaps(mainFaces), direction, cjk: cjk !== null };
  if (someLatin) text.mainLacksLatin = (ch) => ch > '\u007f' && !someLatin.test(ch);
  return { program: 'xelatex', language, babel, fonts, bodyLines, text };
}
