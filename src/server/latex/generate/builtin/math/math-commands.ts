// Command names the math sanitizer knows: safe in math mode with amsmath + amssymb loaded.
// Anything else a user writes in math is dangerous (removed) or goes by what LaTeX and KaTeX
// define (name-use.ts): as itself, defined with KaTeX's meaning, or shown as written.

const SAFE = `
alpha beta gamma delta epsilon varepsilon zeta eta theta vartheta iota kappa varkappa lambda mu nu xi
pi varpi rho varrho sigma varsigma tau upsilon phi varphi chi psi omega Gamma Delta Theta Lambda Xi Pi
Sigma Upsilon Phi Psi Omega varGamma varDelta varTheta varLambda varXi varPi varSigma varUpsilon varPhi
varPsi varOmega digamma
frac dfrac tfrac cfrac binom dbinom tbinom sqrt over atop choose brace brack genfrac
sum prod coprod int iint iiint iiiint idotsint oint bigcup bigcap bigsqcup bigvee bigwedge bigodot
bigotimes bigoplus biguplus lim limsup liminf sup inf max min arg det dim exp gcd hom ker lg ln log
Pr sin cos tan cot sec csc arcsin arccos arctan sinh cosh tanh coth deg injlim projlim varlimsup
varliminf varinjlim varprojlim
limits nolimits displaystyle textstyle scriptstyle scriptscriptstyle
left right middle big Big bigg Bigg bigl bigr Bigl Bigr biggl biggr Biggl Biggr bigm Bigm biggm Biggm
langle rangle lceil rceil lfloor rfloor lvert rvert lVert rVert vert Vert backslash lbrace rbrace
ulcorner urcorner llcorner lrcorner lgroup rgroup lmoustache rmoustache
mathrm mathbf mathit mathsf mathtt mathcal mathbb mathfrak mathnormal boldsymbol pmb text textrm
textbf textit textsf texttt textup textnormal emph mbox operatorname
hat widehat tilde widetilde bar overline underline vec overrightarrow overleftarrow
overleftrightarrow underrightarrow underleftarrow underleftrightarrow dot ddot dddot ddddot breve
check acute grave mathring overbrace underbrace overset underset stackrel xrightarrow xleftarrow
sideset substack boxed
leq le geq ge neq ne leqslant geqslant leqq geqq lesssim gtrsim ll gg lll ggg prec succ preceq
succeq approx approxeq sim simeq cong equiv propto doteq asymp bowtie models perp mid nmid parallel
nparallel smile frown vdash dashv Vdash vDash nvdash nvDash triangleq circeq bumpeq Bumpeq eqsim
subset supset subseteq supseteq subsetneq supsetneq sqsubset sqsupset sqsubseteq sqsupseteq
in ni notin owns setminus smallsetminus cup cap sqcup sqcap uplus vee wedge lor land lnot neg
oplus ominus otimes oslash odot bigcirc circ bullet cdot cdotp ldotp times div pm mp ast star
dagger ddagger amalg wr diamond triangleleft triangleright bigtriangleup bigtriangledown
lhd rhd unlhd unrhd centerdot ltimes rtimes leftthreetimes rightthreetimes curlyvee curlywedge
barwedge doublebarwedge boxplus boxminus boxtimes boxdot divideontimes dotplus intercal
leftarrow rightarrow gets to leftrightarrow Leftarrow Rightarrow Leftrightarrow longleftarrow
longrightarrow longleftrightarrow Longleftarrow Longrightarrow Longleftrightarrow implies impliedby
iff mapsto longmapsto hookleftarrow hookrightarrow leftharpoonup leftharpoondown rightharpoonup
rightharpoondown rightleftharpoons leftrightharpoons uparrow downarrow updownarrow Uparrow Downarrow
Updownarrow nearrow searrow swarrow nwarrow leadsto rightsquigarrow leftrightarrows rightleftarrows
twoheadrightarrow twoheadleftarrow rightarrowtail leftarrowtail circlearrowleft circlearrowright
curvearrowleft curvearrowright upuparrows downdownarrows nleftarrow nrightarrow nLeftarrow
nRightarrow nleftrightarrow nLeftrightarrow Lsh Rsh looparrowleft looparrowright
infty partial nabla forall exists nexists emptyset varnothing aleph beth gimel hbar hslash ell wp
Re Im imath jmath prime backprime top bot angle measuredangle sphericalangle triangle
triangledown square blacksquare lozenge blacklozenge bigstar clubsuit diamondsuit heartsuit
spadesuit flat natural sharp surd checkmark complement mho eth Finv Game Bbbk circledS
ldots cdots vdots ddots dots dotsc dotsb dotsm dotsi dotso colon
quad qquad thinspace medspace thickspace negthinspace enspace space hspace mathstrut phantom
hphantom vphantom smash
not neq ncong nsim nleq ngeq nless ngtr nsubseteq nsupseteq lneq gneq lneqq gneqq
therefore because
S P dag ddag
pmod bmod mod pod
tag notag nonumber
mathop mathbin mathrel mathord mathopen mathclose mathpunct mathinner
ce
hline
`;

export const SAFE_MATH_COMMANDS: ReadonlySet<string> = new Set(SAFE.split(/\s+/).filter(Boolean));

/**
 * Font commands a note writes for \mathbf and its kin: plain TeX's and KaTeX's names (\Bbb R,
 * \bold{v}), fonts from packages the documents do not load (\mathds{1}), and the old switches
 * written with an argument (\bf{v} means a bold v, not everything after it in bold).
 */
export const FONT_ALIASES: Readonly<Record<string, string>> = {
  Bbb: 'mathbb', bbb: 'mathbb', mathds: 'mathbb', mathbbm: 'mathbb', bbold: 'mathbb', bold: 'mathbf',
  Bold: 'mathbf', frak: 'mathfrak', mathbold: 'mathbf', mathbfit: 'boldsymbol', bm: 'boldsymbol',
  // KaTeX's script letters (mathrsfs in LaTeX, which the documents do not load): the calligraphic ones.
  mathscr: 'mathcal',
};
/** The old switches (\bf v, {\rm d}x), which LaTeX's classes and KaTeX both keep for math. */
export const OLD_FONT_SWITCHES: Readonly<Record<string, string>> = {
  bf: 'mathbf', it: 'mathit', rm: 'mathrm', sf: 'mathsf', tt: 'mathtt', cal: 'mathcal',
};

/** Removed outright: file access, category codes, definitions, and other engine primitives. */
export const DANGEROUS_COMMANDS: ReadonlySet<string> = new Set(
  `input include includeonly InputIfFileExists IfFileExists openin openout closein closeout read
  readline write immediate message errmessage catcode lccode uccode sfcode mathcode delcode csname
  endcsname def edef gdef xdef let futurelet expandafter noexpand afterassignment aftergroup
  newcommand renewcommand providecommand DeclareRobustCommand newenvironment renewenvironment
  DeclareMathOperator DeclareMathSymbol usepackage RequirePackage documentclass special write18
  loop repeat uppercase lowercase count countdef dimen dimendef skip toks toksdef chardef
  mathchardef newcount newdimen newtoks newif newlength setlength addtolength setcounter addtocounter
  jobname shipout output everypar everymath everydisplay everyhbox everyvbox everycr everyjob
  show showbox showthe showlists directlua luaexec luadirect pdfprimitive primitive scantokens detokenize unexpanded endinput cr crcr
  begingroup endgroup globaldefs global long outer protected string meaning number romannumeral
  halign valign vbox vtop hbox vcenter vsplit lastbox box copy setbox wd ht dp unhbox unvbox
  unhcopy unvcopy raise lower moveleft moveright vskip vfill vfil vss hss hfil hfill kern mkern
  mskip penalty insert vadjust mark topmark firstmark botmark splitfirstmark splitbotmark
  pdfobj pdfliteral pdfannot pdfoutput pdfcompresslevel pdfstartlink pdfendlink pdffilesize
  pdffiledump pdfmdfivesum pdfshellescape input@path makeatletter makeatother verb url href
  nolinkurl hyperref hyperlink hypertarget includegraphics label ref eqref pageref cite nocite
  newline linebreak pagebreak newpage clearpage cleardoublepage par item section subsection
  subsubsection chapter part paragraph subparagraph maketitle tableofcontents footnote caption
  centering raggedright raggedleft noindent indent vspace multicolumn lstset
  selectlanguage foreignlanguage title author date thanks color textcolor colorbox fcolorbox
  pagecolor definecolor`.split(/\s+/).filter(Boolean),
);

/** Environments accepted inside user math (amsmath), and those that are display-level. */
export const INNER_ENVIRONMENTS: ReadonlySet<string> = new Set([
  'matrix', 'pmatrix', 'bmatrix', 'Bmatrix', 'vmatrix', 'Vmatrix', 'smallmatrix', 'cases', 'array',
  'aligned', 'alignedat', 'gathered', 'split', 'subarray',
]);
export const DISPLAY_ENVIRONMENTS: ReadonlySet<string> = new Set([
  'align', 'align*', 'gather', 'gather*', 'equation', 'equation*', 'multline', 'multline*',
  'alignat', 'alignat*', 'flalign', 'flalign*',
]);

// Names LaTeX already defines as text-only commands: \providecommand would keep them and they
// fail in math. In math they are set as text when KaTeX takes them there (\TeX), else shown as
// written (name-use.ts); a note's own macro of the name is renamed (macros.ts).
export const TEXT_ONLY_NAMES: ReadonlySet<string> = new Set(
  `H L l O o AA aa AE ae OE oe ss SS i j b c d t u v r k TeX LaTeX LaTeXe today textbackslash
  textasciitilde textasciicircum ldots textbullet textless textgreater lq rq slash relax
  protect empty null leavevmode ignorespaces unskip hfuzz vfuzz lgplaceholder lgimage lgtaskopen
  lgtaskdone lgso lgsobox lgsobr lgsosp lgrule lgheading copyright pounds textdollar textcircled
  textcopyright textregistered th`.split(/\s+/).filter(Boolean),
);
