// Attack documents for the hostile-input suite: each tries to read a canary file or the server's
// environment, write outside its job directory, run a program, or exhaust time, memory or disk.
// Paths are filled in per test run, because the canary lives in a fresh temporary directory.

export interface HostilePaths {
  /** Absolute path of a text file holding the file canary (also present with a .tex suffix). */
  canaryTxt: string;
  /** The same canary as a .tex file; `canaryTexStem` is it without the suffix (for \include). */
  canaryTex: string;
  canaryTexStem: string;
  /** A one-page PDF showing the canary, for \includegraphics and \pdfximage. */
  canaryPdf: string;
  /** Relative path from a job directory to the canary .tex file (through ../). */
  relativeCanary: string;
  /** Relative path from a job directory to a dotfile with the canary, next to the job dirs. */
  relativeDotfile: string;
  /** Relative path from a job directory to a symlink (next to the job dirs) pointing at the canary. */
  relativeSymlink: string;
  /** Directory that must stay untouched, for absolute-path writes. */
  outsideDir: string;
  /** Marker put in the names of files the documents try to create outside their job dir. */
  pwned: string;
}

export interface HostileDocument {
  name: string;
  /** What the attack tries. */
  attack: 'read' | 'write' | 'exec' | 'exhaust' | 'engine';
  latex: (p: HostilePaths) => string;
  /** Loops that only the time limit can stop. */
  expectTimeout?: boolean;
}

const doc = (preamble: string, body: string) =>
  `\\documentclass{article}\n${preamble}\n\\begin{document}\nStart.\n${body}\n\nEnd.\n\\end{document}\n`;
const xedoc = (body: string) => `% !TEX program = xelatex\n${doc('', body)}`;

export const HOSTILE_DOCUMENTS: HostileDocument[] = [
  // ---- reads through TeX's own file primitives
  { name: 'input absolute canary', attack: 'read', latex: (p) => doc('', `\\input{${p.canaryTxt}}`) },
  { name: 'input /etc/passwd', attack: 'read', latex: () => doc('', '\\input{/etc/passwd}') },
  { name: 'input /proc/self/environ', attack: 'read', latex: () => doc('', '\\input{/proc/self/environ}') },
  { name: 'include absolute canary', attack: 'read', latex: (p) => doc('', `\\include{${p.canaryTexStem}}`) },
  {
    name: 'openin and read canary',
    attack: 'read',
    latex: (p) => doc('', `\\newread\\r\\immediate\\openin\\r=${p.canaryTxt} \\ifeof\\r closed\\else\\read\\r to\\x \\x\\fi`),
  },
  {
    name: 'openin and readline /proc/self/environ',
    attack: 'read',
    latex: () => doc('', '\\newread\\r\\immediate\\openin\\r=/proc/self/environ \\ifeof\\r closed\\else\\readline\\r to\\x \\texttt{\\detokenize\\expandafter{\\x}}\\fi'),
  },
  { name: 'verbatiminput canary', attack: 'read', latex: (p) => doc('\\usepackage{verbatim}', `\\verbatiminput{${p.canaryTxt}}`) },
  { name: 'verbatiminput /proc/self/environ', attack: 'read', latex: () => doc('\\usepackage{verbatim}', '\\verbatiminput{/proc/self/environ}') },
  { name: 'lstinputlisting canary', attack: 'read', latex: (p) => doc('\\usepackage{listings}', `\\lstinputlisting{${p.canaryTxt}}`) },
  { name: 'lstinputlisting /proc/self/environ', attack: 'read', latex: () => doc('\\usepackage{listings}', '\\lstinputlisting{/proc/self/environ}') },
  {
    name: 'caret-caret encoded path',
    attack: 'read',
    // ^^2f is "/": the path never appears literally in the source.
    latex: (p) => doc('', `\\input{${p.canaryTxt.replace(/\//g, '^^2f')}}`),
  },
  {
    name: 'catcode trick on the path',
    attack: 'read',
    latex: (p) => doc('', `{\\catcode\`\\|=0 \\catcode\`\\/=12 |input{${p.canaryTxt}}}`),
  },
  {
    name: 'csname-built path',
    attack: 'read',
    latex: (p) => doc('', `\\expandafter\\def\\csname evilpath\\endcsname{${p.canaryTxt}}\\input{\\csname evilpath\\endcsname}`),
  },
  {
    name: 'pdfobj stream file canary',
    attack: 'read',
    latex: (p) => doc('\\pdfcompresslevel=0 \\pdfobjcompresslevel=0', `\\immediate\\pdfobj stream file {${p.canaryTxt}}\\pdfcatalog{/Leak \\the\\pdflastobj\\space 0 R}`),
  },
  {
    name: 'pdfobj stream file /etc/passwd',
    attack: 'read',
    latex: () => doc('\\pdfcompresslevel=0 \\pdfobjcompresslevel=0', '\\immediate\\pdfobj stream file {/etc/passwd}\\pdfcatalog{/Leak \\the\\pdflastobj\\space 0 R}'),
  },
  { name: 'pdfmapfile canary', attack: 'read', latex: (p) => doc(`\\pdfmapfile{+${p.canaryTxt}}`, 'x') },
  { name: 'pdfmapfile /etc/passwd', attack: 'read', latex: () => doc('\\pdfmapfile{=/etc/passwd}', 'x') },
  {
    name: 'pdffiledump canary',
    attack: 'read',
    latex: (p) => doc('', `\\edef\\x{\\pdffiledump offset 0 length 200 {${p.canaryTxt}}}\\texttt{\\x}\\typeout{DUMP:\\x}`),
  },
  {
    name: 'pdffiledump /proc/self/environ',
    attack: 'read',
    latex: () => doc('', '\\edef\\x{\\pdffiledump offset 0 length 4000 {/proc/self/environ}}\\texttt{\\x}\\typeout{DUMP:\\x}'),
  },
  {
    name: 'pdfmdfivesum of canary',
    attack: 'read',
    latex: (p) => doc('', `\\edef\\x{\\pdfmdfivesum file {${p.canaryTxt}}}\\texttt{\\x}\\typeout{MD5:\\x}`),
  },
  { name: 'includegraphics absolute canary', attack: 'read', latex: (p) => doc('\\usepackage{graphicx}', `\\includegraphics{${p.canaryPdf}}`) },
  {
    name: 'includegraphics through ../',
    attack: 'read',
    latex: (p) => doc('\\usepackage{graphicx}', `\\includegraphics{${p.relativeCanary.replace(/secret\.tex$/, 'secret.pdf')}}`),
  },
  { name: 'pdfximage absolute canary', attack: 'read', latex: (p) => doc('', `\\pdfximage{${p.canaryPdf}}\\pdfrefximage\\pdflastximage`) },
  { name: 'input through ../', attack: 'read', latex: (p) => doc('', `\\input{${p.relativeCanary}}`) },
  { name: 'input a dotfile', attack: 'read', latex: (p) => doc('', `\\input{${p.relativeDotfile}}`) },
  { name: 'input through a symlink', attack: 'read', latex: (p) => doc('', `\\input{${p.relativeSymlink}}`) },
  { name: 'input through /proc/1/root', attack: 'read', latex: (p) => doc('', `\\input{/proc/1/root${p.canaryTxt}}`) },
  { name: 'input home dotfile', attack: 'read', latex: () => doc('', '\\input{~/.bashrc}\\input{/root/.bashrc}') },
  {
    name: 'xelatex dvipdfmx fstream special',
    attack: 'read',
    latex: (p) => xedoc(`\\special{pdf:fstream @leak (${p.canaryTxt})}\\special{pdf:put @catalog << /Leak @leak >>}`),
  },
  { name: 'xelatex input /proc/self/environ', attack: 'read', latex: () => xedoc('\\input{/proc/self/environ}') },
  // ---- writes outside the job directory
  {
    name: 'openout absolute path',
    attack: 'write',
    latex: (p) => doc('', `\\newwrite\\w\\immediate\\openout\\w=${p.outsideDir}/${p.pwned}-abs.tex \\immediate\\write\\w{owned}\\immediate\\closeout\\w`),
  },
  {
    name: 'openout /tmp',
    attack: 'write',
    latex: (p) => doc('', `\\newwrite\\w\\immediate\\openout\\w=/tmp/${p.pwned}-tmp.tex \\immediate\\write\\w{owned}\\immediate\\closeout\\w`),
  },
  {
    name: 'openout parent directory',
    attack: 'write',
    latex: (p) => doc('', `\\newwrite\\w\\immediate\\openout\\w=../${p.pwned}-parent.tex \\immediate\\write\\w{owned}\\immediate\\closeout\\w`),
  },
  {
    name: 'openout dotfile',
    attack: 'write',
    latex: (p) => doc('', `\\newwrite\\w\\immediate\\openout\\w=.${p.pwned}-dot \\immediate\\write\\w{owned}\\immediate\\closeout\\w`),
  },
  {
    name: 'openout .latexmkrc',
    attack: 'write',
    latex: () => doc('', '\\newwrite\\w\\immediate\\openout\\w=.latexmkrc \\immediate\\write\\w{system("id")}\\immediate\\closeout\\w'),
  },
  {
    name: 'openout latexmkrc in the job dir',
    attack: 'write',
    latex: () => doc('', '\\newwrite\\w\\immediate\\openout\\w=latexmkrc \\immediate\\write\\w{system("id")}\\immediate\\closeout\\w'),
  },
  // ---- running programs
  { name: 'write18 shell escape', attack: 'exec', latex: (p) => doc('', `\\immediate\\write18{cat ${p.canaryTxt} > leak.tex; touch /tmp/${p.pwned}-w18}\\input{leak}`) },
  { name: 'input pipe', attack: 'exec', latex: (p) => doc('', `\\input|"cat ${p.canaryTxt}" `) },
  { name: 'shellesc package', attack: 'exec', latex: (p) => doc('\\usepackage{shellesc}', `\\ShellEscape{touch /tmp/${p.pwned}-shellesc}`) },
  { name: 'openin pipe', attack: 'exec', latex: () => doc('', '\\newread\\r\\immediate\\openin\\r="|env" \\ifeof\\r closed\\else\\read\\r to\\x \\x\\fi') },
  { name: 'first-line format switch', attack: 'engine', latex: (p) => `%&${p.canaryTexStem} --translate-file=${p.canaryTxt}\n${doc('', 'x')}` },
  { name: 'directlua', attack: 'engine', latex: () => doc('', '\\directlua{tex.print(os.getenv("HOME"))}') },
  { name: 'lualatex magic comment', attack: 'engine', latex: () => `% !TEX program = lualatex\n${doc('', '\\directlua{tex.print(io.open("/etc/passwd"):read("a"))}')}` },
  // ---- exhaustion
  { name: 'endless macro loop', attack: 'exhaust', latex: () => doc('', '\\def\\x{\\x}\\x'), expectTimeout: true },
  { name: 'endless \\loop', attack: 'exhaust', latex: () => doc('', '\\loop\\iftrue\\repeat'), expectTimeout: true },
  { name: 'memory bomb (token doubling)', attack: 'exhaust', latex: () => doc('', '\\def\\b#1{\\b{#1#1}}\\b{x}') },
  { name: 'memory bomb (recursive expansion)', attack: 'exhaust', latex: () => doc('', '\\def\\a{\\a\\a}\\a') },
  { name: 'page bomb', attack: 'exhaust', latex: () => doc('', '\\loop\\null\\newpage\\iftrue\\repeat') },
  {
    name: 'log bomb',
    attack: 'exhaust',
    latex: () => doc('', '\\def\\s{xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx}\\loop\\immediate\\write-1{\\s\\s\\s\\s\\s\\s\\s\\s}\\iftrue\\repeat'),
  },
];
