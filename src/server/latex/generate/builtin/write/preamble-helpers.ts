// The generator's own commands, for what no standard command does; a document defines one only
// when its body calls it, once, under a comment saying what it is for. Named \lg… so that they
// never clash with a user's macro names. The precompiled format defines them all (unused
// definitions change nothing), and undefines those a document does not define.
import { lines, undefine, type Slot } from './slot.js';

interface Helper {
  id: string;
  /** Commands (and environments) it defines: a body that names one needs the helper. */
  commands: readonly string[];
  environments?: readonly string[];
  text: string;
}

export const HELPERS: readonly Helper[] = [
  {
    id: 'placeholder',
    commands: ['lgplaceholder'],
    text: lines(
      '% A framed box standing in for a figure the note describes but has no file for',
      '\\newcommand{\\lgplaceholder}[1]{\\fbox{\\begin{minipage}{0.8\\linewidth}\\centering\\vspace{1.5em}\\small\\itshape #1\\par\\vspace{1.5em}\\end{minipage}}}',
    ),
  },
  {
    id: 'image',
    commands: ['lgimage'],
    // A name too long for one line runs on as text in brackets; before a frame, a ragged break point.
    text: lines(
      "% An image's name in a frame, where the note names an image that was not uploaded",
      '\\newsavebox{\\lgimagebox}',
      '\\newcommand{\\lgimage}[1]{\\sbox{\\lgimagebox}{\\small\\itshape #1}\\ifdim\\wd\\lgimagebox>\\dimexpr0.8\\linewidth\\relax{\\small\\itshape[#1]}\\else\\hskip0pt plus.5\\linewidth\\penalty0\\hskip0pt plus-.5\\linewidth\\relax\\fbox{\\usebox{\\lgimagebox}}\\fi}',
    ),
  },
  { id: 'task-open', commands: ['lgtaskopen'], text: lines('% An open task of a task list', '\\newcommand{\\lgtaskopen}{$\\square$}') },
  { id: 'task-done', commands: ['lgtaskdone'], text: lines('% A done task of a task list', '\\newcommand{\\lgtaskdone}{$\\boxtimes$}') },
  {
    id: 'struck',
    commands: ['lgso'],
    // Word by word (text/struck.ts), so that struck text breaks across lines in any script.
    text: lines(
      '% Struck-out text: each word in a box with a rule through it',
      '\\newsavebox{\\lgsobox}',
      '\\DeclareRobustCommand{\\lgso}[1]{\\leavevmode\\sbox{\\lgsobox}{#1}\\hbox{\\rlap{\\rule[0.5ex]{\\wd\\lgsobox}{0.4pt}}\\usebox{\\lgsobox}}}',
      '\\pdfstringdefDisableCommands{\\def\\lgso#1{#1}}',
    ),
  },
  {
    id: 'struck-space',
    commands: ['lgsosp'],
    text: lines(
      '% A space in struck-out text: ruled, and it goes at a line break',
      '\\DeclareRobustCommand{\\lgsosp}{\\leaders\\hrule height\\dimexpr0.5ex+0.4pt\\relax depth-0.5ex\\hskip\\fontdimen2\\font plus\\fontdimen3\\font minus\\fontdimen4\\font\\relax}',
      '\\pdfstringdefDisableCommands{\\def\\lgsosp{ }}',
    ),
  },
  {
    id: 'struck-break',
    commands: ['lgsobr'],
    text: lines(
      '% A break point in struck-out text of a script without spaces',
      '\\DeclareRobustCommand{\\lgsobr}{\\leaders\\hrule height\\dimexpr0.5ex+0.4pt\\relax depth-0.5ex\\hskip0pt plus0.2em\\relax}',
      '\\pdfstringdefDisableCommands{\\def\\lgsobr{}}',
    ),
  },
  { id: 'rule', commands: ['lgrule'], text: lines('% A horizontal rule across the text', '\\newcommand{\\lgrule}{\\par\\medskip\\noindent\\rule{\\linewidth}{0.4pt}\\par\\medskip}') },
  {
    id: 'heading',
    commands: ['lgheading'],
    text: lines('% A heading in a document without sections', '\\newcommand{\\lgheading}[1]{\\par\\medskip\\noindent\\textbf{#1}\\par\\nopagebreak\\smallskip}'),
  },
  {
    id: 'figure',
    commands: ['lgcaption'],
    environments: ['lgfigure'],
    // Not a float, the way capt-of does it: a note may hold more figures in a row than LaTeX's
    // float queue takes, and a figure may sit inside a list.
    text: lines(
      '% A figure that stays where it is in the text (not a float)',
      '\\makeatletter',
      '\\newenvironment{lgfigure}{\\par\\medskip\\begin{center}\\def\\@captype{figure}}{\\end{center}\\par\\medskip}',
      '\\makeatother',
      '\\newcommand{\\lgcaption}[1]{\\par\\caption{#1}}',
    ),
  },
  {
    id: 'actualtext',
    commands: ['lgat'],
    text: lines(
      '% A word whose glyphs do not read back as its letters, with the typed text (UTF-16) for copying',
      '\\DeclareRobustCommand{\\lgat}[2]{\\leavevmode\\special{pdf:literal direct /Span<</ActualText<FEFF#1>>>BDC}\\hbox{#2}\\special{pdf:literal direct EMC}}',
      '\\pdfstringdefDisableCommands{\\def\\lgat#1#2{#2}}',
    ),
  },
  {
    id: 'runfont',
    commands: [],
    text: lines(
      '% A run of another script: its typewriter font inside code, else its serif one',
      '\\makeatletter',
      '\\newcommand{\\lgrunfont}[2]{\\edef\\lg@family{\\f@family}\\edef\\lg@tt{\\ttdefault}\\ifx\\lg@family\\lg@tt#2\\else#1\\fi}',
      '\\makeatother',
    ),
  },
];

export function helperSlots(): Slot[] {
  return HELPERS.map((h) => ({
    format: h.text,
    variants: [{ id: `helper:${h.id}`, text: h.text, kind: 'format' as const }],
    absent: undefine(h.id === 'runfont' ? ['lgrunfont'] : h.commands, h.environments ?? []),
  }));
}
