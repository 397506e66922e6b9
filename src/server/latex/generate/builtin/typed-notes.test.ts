// Notes typed the way people type them (reader 40's classes): each rule is shown on the kind of
// note that needs it and on one that must not change.
import { describe, expect, it } from 'vitest';
import { generate } from './index.js';
import { isBareCode } from './parse/notes/code.js';
import { unitNumber } from './parse/notes/markers.js';
import type { DocumentType } from '../../../../shared/document-types.js';

const latexOf = (content: string, documentType: DocumentType): string => generate({ content, documentType }).latex;
const body = (content: string, documentType: DocumentType): string => {
  const latex = latexOf(content, documentType);
  return latex.slice(latex.indexOf('\\begin{document}'));
};
const lines = (text: string) => text.split('\n').map((l) => ({ text: l.trim(), indent: l.length - l.trimStart().length }));

describe('chapters the note numbered by a marker', () => {
  it('an introduction before "Chapter 1 - …" is unnumbered, and chapter 1 stays chapter 1', () => {
    const b = body('The Keeper\n\nIntroduction\n\nWhy I wrote this story for my grandmother, a long time ago.\n\nChapter 1 - The Storm\n\nThe wind came in from the west that night.\n\nChapter 2 - Morning\n\nBy morning the sea was flat and grey again.', 'book');
    expect(b).toContain('\\chapter*{Introduction}');
    expect(b).toMatch(/\\chapter\{The Storm\}[\s\S]*\\chapter\{Morning\}/);
    expect(b).not.toContain('setcounter');
  });

  it('a chapter numbered out of order keeps the note\'s number', () => {
    expect(body('Excerpt\n\nChapter 3 - The Visitor\n\nThe man did not speak for two days.\n\nChapter 4 - Leaving\n\nHe left on the Friday boat.', 'book')).toContain('\\setcounter{chapter}{2}\\chapter{The Visitor}');
  });

  it('reads the numbers people give units', () => {
    expect([unitNumber('12'), unitNumber('XIV'), unitNumber('iv'), unitNumber('three'), unitNumber('十二'), unitNumber('三'), unitNumber('x1')]).toEqual([12, 14, 4, 3, 12, 3, undefined]);
  });

  it('a book whose chapters have only numbers has no contents of bare numbers', () => {
    const b = body('Title\nby A. Writer\n\nChapter 1\n\nThe lamp was lit at four o\'clock in December.\n\nChapter 2\n\nThe boat came on a Tuesday, which was wrong.', 'book');
    expect(b).not.toContain('\\tableofcontents');
    expect(body('Title\n\nChapter 1 - Spring\n\nThe ground is still too cold.\n\nChapter 2 - Summer\n\nBeans up the canes.', 'book')).toContain('\\tableofcontents');
  });

  it('poems under chapters are not numbered 1.1, 1.2', () => {
    const b = body('Poems\nby G. W.\n\nChapter 1: Spring\n\nMarch\nthe ground is still too cold to dig\nso I stand here with my tea\n\nSeed Potatoes\nlaid out on egg boxes by the window\nchitting, my mother called it\n\nChapter 2: Summer\n\nDrought, July 2022\nI carried water from the trough\ntwo cans at a time, forty trips', 'book');
    expect(b).toContain('\\section*{March}');
    expect(b).toContain('\\section*{Drought, July 2022}');
    expect(b).toContain('\\chapter{Spring}');
  });
});

describe('CVs, agendas and outlines', () => {
  const CV = 'JONAS WEBER\nBerlin | jonas@example.org\n\nProfile\nBackend developer with five years of experience.\n\nExperience\n\nSenior Backend Engineer, Lieferkette GmbH, Berlin\nMar 2022 - present\n- lead a team of 4\n- cut latency\n\nBackend Developer, Stadtwerk Digital, Leipzig\nSep 2019 - Feb 2022\n- built the billing API\n- mentored 2 students\n\nEducation\nM.Sc. Computer Science, 2019\n\nSkills\nGo, Python, SQL';

  it('a CV\'s sections are unnumbered and each job is an entry under Experience', () => {
    const b = body(CV, 'article');
    expect(b).toContain('\\section*{Experience}');
    expect(b).toContain('\\subsection*{Senior Backend Engineer, Lieferkette GmbH, Berlin}');
    expect(b).toContain('\\subsection*{Backend Developer, Stadtwerk Digital, Leipzig}');
    expect(b).not.toMatch(/\\section\{/);
  });

  it('an agenda\'s time lines are lines, none of them a heading', () => {
    const b = body('Weekly meeting\n\n10:00 welcome + quick round (5 min)\n10:05 Q1 campaign results - Priya\n   * click through rate up 12%\n   * email open rate flat\n10:25 spring launch timeline - Marco\n   * print deadline is 22 March\n10:50 budget - Sofia\n11:10 AOB', 'basic');
    expect(b).not.toMatch(/section\*?\{10:/);
    expect(b).toContain('10:25 spring launch timeline -- Marco');
  });

  it('numbered items with their points indented under them are one list', () => {
    const b = body('Apuntes\n\nEtapas\n1. Monarquía constitucional (1789-1792)\n   - toma de la Bastilla\n   - primera constitución\n2. República democrática (1792-1794)\n   - el Terror\n3. Directorio (1795-1799)\n   - golpe de Napoleón', 'article');
    expect(b).not.toMatch(/section\{Monarquía/);
    expect(b.match(/\\begin\{enumerate\}/g)).toHaveLength(1);
  });

  it('lines kept one per line stand flush', () => {
    const b = body('Notes\n\nCausas\n- crisis económica\n- malas cosechas\n\nConsecuencias\nfin del Antiguo Régimen\ndifusión de las ideas liberales\nnacionalismo\nascenso de la burguesía', 'article');
    // (Every paragraph of such a document stands flush: the preamble sets no indent.)
    expect(b).toContain('\nfin del Antiguo Régimen\\\\');
    expect(latexOf('Referat\n\nEinleitung\nDer Klimawandel ist real und betrifft uns alle.\n\nFolgen:\n- Hitze\n- Dürre', 'article')).toContain('\\setlength{\\parindent}{0pt}');
    // In a list the lines are an item's: no \\noindent there.
    expect(b).toContain('\\item crisis económica');
  });
});

describe('titles, letters and slides', () => {
  it('a date inside the title\'s words stays in the title', () => {
    const b = body('Reading list – Sleep and memory (for the seminar on 21 Nov)\ncompiled by Dr. A. Novak\n\nCore readings\n1. Walker (2006). Sleep and memory.\n2. Rasch (2013). About sleep.', 'article');
    expect(b).toContain('(for the seminar on 21 Nov)}');
    expect(body('Team minutes 3 March 2025\n\nWe met and decided things about the launch.', 'article')).toContain('\\date{3 March 2025}');
  });

  it('a letter\'s subject typed without its label before the salutation', () => {
    const b = body('Markus Hoffmann\nLindenstraße 14\n50674 Köln\n\nElektro Schneider GmbH\nHauptstraße 88\n50667 Köln\n\nKöln, 3. Juni 2025\n\nBeschwerde – defekte Waschmaschine, Bestellnr. 2025-44817\n\nSehr geehrte Damen und Herren,\n\ndie Maschine ist defekt.\n\nMit freundlichen Grüßen\n\nMarkus Hoffmann', 'letter');
    expect(b).toContain('50667 Köln}');
    expect(b).toContain('\\opening{\\textbf{Beschwerde -- defekte Waschmaschine, Bestellnr. 2025-44817}');
  });

  it('an Arabic letter: a Levantine date after its place, the closing in the last sentence, no closing added', () => {
    const b = body('عمّان في 15 أيار 2025\n\nالسيد مدير الشركة المحترم\nعمّان – الأردن\n\nالموضوع: طلب إجازة\n\nتحية طيبة وبعد،\n\nأتقدم إليكم بهذا الطلب.\n\nشاكراً لكم حسن تعاونكم، وتفضلوا بقبول فائق الاحترام والتقدير.\n\nمقدم الطلب\nأحمد العلي', 'letter');
    // (Set in its language: the letter class sets the date, the addresses and the signature in a table's cells, left to right.)
    expect(b).toContain('\\date{\\foreignlanguage{arabic}{عمّان في 15 أيار 2025}}');
    expect(b).toContain('\\closing{شاكراً لكم حسن تعاونكم، وتفضلوا بقبول فائق الاحترام والتقدير.}');
    expect(b.match(/\\closing/g)).toHaveLength(1);
    expect(b).toContain('\\signature{\\foreignlanguage{arabic}{مقدم الطلب}\\\\\n\\foreignlanguage{arabic}{أحمد العلي}}');
  });

  it('Chinese slide markers and the presenter\'s label', () => {
    const b = body('第1页 中国茶文化简介\n汇报人：王小明\n2025年3月\n\n第2页 茶的起源\n- 神农氏发现了茶\n\n第3页 谢谢大家！\n欢迎提问', 'presentation');
    expect(b).toContain('\\title{中国茶文化简介}');
    expect(b).toContain('\\author{王小明}');
    expect(b).toContain('{茶的起源}');
    expect(b).toContain('{谢谢大家！}');
    expect(b).not.toContain('第2页');
  });
});

describe('math typed in notes', () => {
  it('keeps the meaning of limits, ratios of indexed quantities and sums of fractions', () => {
    const b = body('Homework\n\nProblem 3\nlim as x -> 0 of sin(3x)/x\n= 3 * lim sin(3x)/(3x) = 3\n\nNotes\nCarnot efficiency e = 1 - Tc/Th (kelvin!!)\nthe series 1 + 1/2 + 1/4 + 1/8 + ... converges\nsin theta = cos theta in [0, pi/2]', 'article');
    expect(b).toContain('\\lim \\frac{\\sin(3 x)}{3 x}');
    expect(b).toContain('$e = 1 - \\frac{T_{c}}{T_{h}}$');
    expect(b).toContain('$1 + \\frac{1}{2} + \\frac{1}{4} + \\frac{1}{8} + \\ldots$');
    expect(b).toContain('$\\sin \\theta = \\cos \\theta$');
  });

  it('a line of words with formulas in it is a sentence, not a display', () => {
    const b = body('Lecture\n\nheat capacities\nCv at const volume, Cp at const pressure\nCp - Cv = R for ideal gas\nmonatomic gamma = 5/3, diatomic approx 7/5', 'basic');
    expect(b).toContain('monatomic $\\gamma = \\frac{5}{3}$');
    expect(b).not.toContain('\\text{monatomic}');
  });
});

describe('code pasted without fences', () => {
  it('a shell script, a YAML file and a Python function', () => {
    expect(isBareCode(lines('#!/bin/sh\n# lint staged files\nFILES=$(git diff --cached --name-only | grep py)\nif [ -z "$FILES" ]; then\n    exit 0\nfi\nflake8 $FILES || exit 1'))).toBe(true);
    expect(isBareCode(lines('repos:\n  - repo: https://github.com/psf/black\n    rev: 24.3.0\n    hooks:\n      - id: black'))).toBe(true);
    expect(isBareCode(lines('def main(paths):\n    bad = 0\n    for p in paths:\n        bad += 1\n    return bad'))).toBe(true);
  });

  it('not prose, labels, math or markup', () => {
    expect(isBareCode(lines('from the start we knew\nimport data from the survey'))).toBe(false);
    expect(isBareCode(lines('Name: Anna\nDate: 3 May\nCourse: Physics'))).toBe(false);
    expect(isBareCode(lines('(2) begins with 2\n(3) and now 3'))).toBe(false);
    expect(isBareCode(lines('> $(AB)^T = B^T A^T$\n> $(A+B)^T = A^T + B^T$'))).toBe(false);
  });

  it('blocks of one program separated by blank lines are one listing', () => {
    const b = body('Notes\n\nthe check we added:\n\nimport sys\nimport re\n\ndef main(paths):\n    bad = 0\n    return bad\n\nif __name__ == "__main__":\n    sys.exit(main(sys.argv[1:]))\n\nthat is all.', 'article');
    expect(b.match(/\\begin\{lstlisting\}/g)).toHaveLength(1);
    expect(b).toContain('import re\n\ndef main(paths):');
  });
});

describe('reader 41: closings, bare chapter words, tables and addresses', () => {
  it('a closing line in words no list holds, ending with a comma above the name, is the closing', () => {
    const b = body('Querida tia,\n\nMuito obrigada pelo presente.\n\nUm beijinho grande e mais uma vez obrigada por tudo,\n\nBeatriz', 'letter');
    // Longer than the right half of the page: the closing takes the whole width, on one line.
    expect(b).toContain('\\setlength{\\longindentation}{0pt}\\setlength{\\indentedwidth}{\\textwidth}\n\\closing{Um beijinho grande e mais uma vez obrigada por tudo,}');
    expect(body('Dear Sam,\n\nThanks for the book.\n\nBest wishes,\n\nAnn', 'letter')).not.toContain('longindentation');
    expect(b).toContain('\\signature{Beatriz}');
    expect(b.match(/\\closing/g)).toHaveLength(1);
  });

  it('"Chapter One" alone is chapter 1, not "Chapter 1: Chapter One"', () => {
    const b = body('The Fox\n\nChapter One\n\nOnce there was a fox who lived by the river.\n\nChapter Two\n\nOne winter the river froze over.', 'book');
    expect(b.match(/\\chapter\{\}/g)).toHaveLength(2);
    expect(b).not.toContain('Chapter One');
  });

  it('figures flush right and a rule above the total; an e-mail address shown as itself has no footnote', () => {
    const b = body('Budget\n\nCategory\tBudget\tSpent\nStaff\t120,000\t74,500\nTesting\t8,000\t2,100\nTools\t1,500\t900\nTotal\t129,500\t77,500\n\nWrite to ann@example.org with questions.', 'article');
    expect(b).toMatch(/\{l(?:rr)\}/);
    expect(b).toContain('\\midrule\nTotal & 129,500');
    expect(b).not.toContain('\\footnote');
  });

  it('the other lines of a title block follow its one author, one row each', () => {
    expect(body('Zen\nAuthor: Tim Peters\nStatus: Active\nType: Informational\n\nAbstract\nBeautiful is better than ugly.\n\nText\nSimple is better than complex.', 'article')).toContain('\\author{Tim Peters\\\\[1ex]{\\small Status: Active}\\\\{\\small Type: Informational}}');
  });
});

describe('reader 41: SQL, slides numbered in order, short tables, a signed title line', () => {
  it('SQL pasted without fences is one listing, the headings after it stay sections', () => {
    const b = body('Report\n\nBackground\nFinance asked for a monthly report of revenue per region.\n\nThe query\n\nSELECT\n    r.region_name,\n    SUM(o.total_amount) AS revenue\nFROM orders o\nJOIN regions r ON r.region_id = o.region_id\nWHERE o.status = \'completed\'\n  AND o.order_date >= DATE \'2025-01-01\'\nGROUP BY r.region_name;\n\nNext steps\nAutomate it.', 'article');
    expect(b.match(/\\begin\{lstlisting\}/g)).toHaveLength(1);
    expect(b).toContain('\\section{Next steps}');
    expect(b).not.toMatch(/section\{SELECT/);
  });

  it('slides numbered in order lose their numbers, the last one alone is a slide, two sentences stay a paragraph', () => {
    const b = body('1. 日本の食文化\n発表者：山田 花子\n\n2. 和食とは\n・季節の食材\n・一汁三菜\n\n3. まとめ\n和食は健康的です。ぜひ食べてみてください！\n\n4. ご清聴ありがとうございました', 'presentation');
    expect(b).toContain('\\title{日本の食文化}');
    expect(b).toContain('\\author{山田\\ 花子}');
    expect(b).toContain('{和食とは}');
    expect(b).toContain('\\textbf{ご清聴ありがとうございました}');
    expect(b).toContain('和食は健康的です。ぜひ食べてみてください！');
    expect(b).not.toContain('2. 和食');
  });

  it('a short table is never split across pages; a long one may be', () => {
    const rows = (n: number) => Array.from({ length: n }, (_, k) => `Row ${k}\t${k}\t${k * 2}`).join('\n');
    expect(body(`Data\n\nName\tA\tB\n${rows(4)}\n\nEnd.`, 'report')).toContain('\\begin{center}\\setlength{\\tabcolsep}{4pt}\n\\begin{tabular}');
    expect(body(`Data\n\nName\tA\tB\n${rows(20)}\n\nEnd.`, 'report')).toContain('\\begin{longtable}');
  });

  it('a name then words about the writing under the title is the author', () => {
    const b = body('Coal Dust\nmemories of a childhood\nArthur Lowes, written down for my grandchildren, 2024\n\nCHAPTER 1 - Number 14\nI was born in 1941 in the front bedroom.\n\nCHAPTER 2 - School\nThe school had one stove.', 'book');
    expect(b).toContain('\\author{Arthur Lowes\\\\[1ex]{\\small written down for my grandchildren, 2024}}');
    expect(b).not.toContain('\\chapter*{Arthur');
  });
});

describe('reader 41: a French CV', () => {
  it('a date of birth is no date of the note, the lines keep their order, dated entries are entries alike', () => {
    const b = body('CV - Julien Marchand\n12 rue des Tanneurs, 69001 Lyon\n06 12 34 56 78 | julien@mail.fr\nNé le 5 mai 1998\n\nPROFIL\nDéveloppeur web junior.\n\nEXPÉRIENCE PROFESSIONNELLE\n2023 - aujourd\'hui : Développeur web, Agence Pixelis, Lyon\n• sites WordPress\n• maquettes Figma\n\n2022 (6 mois) : Stage développeur, Decathlon Digital, Villeneuve-d\'Ascq\n• composants React\n• tests avec Jest\n\nFORMATION\n2022 : Licence professionnelle', 'basic');
    expect(b).toContain('06 12 34 56 78 \\textbar{} julien@mail.fr\\\\Né le 5 mai 1998');
    expect(b).toContain('\\subsection*{2023 -- aujourd\'hui : Développeur web, Agence Pixelis, Lyon}');
    expect(b).toContain('\\subsection*{2022 (6 mois) : Stage développeur, Decathlon Digital, Villeneuve-d\'Ascq}');
  });
});


describe('reader 42: minutes, verse and short documents', () => {
  const agenda = 'Minutes - monthly meeting\nDate: 9 April 2024\n\n1. Minutes of last meeting\napproved without changes.\n\n2. Parking on Elm Road\nR. Singh reported that the council will consult on a parking zone.\n\n3. AOB\n- fly tipping behind the shops\n\nAction items\n- [ ] D. Kerr: draft the survey\n- [ ] M. Duarte: send the complaint\n';

  it('numbered agenda items with their text under them are sections, in a Markdown-looking note too', () => {
    const b = body(agenda, 'report');
    expect(b).toMatch(/\\section\{Minutes of last meeting\}\s+approved without changes\./);
    expect(b).toContain('\\section{Parking on Elm Road}');
    expect(b).not.toContain('\\begin{enumerate}');
    // Steps with no text under them stay a list.
    expect(body('Method\n\n1. Heat the oven\n2. Mash the bananas\n3. Bake for an hour\n\n- note: use ripe ones\n', 'basic')).toContain('\\begin{enumerate}');
  });

  it('a short report has its title above its text and no contents lines', () => {
    const latex = generate({ content: agenda, documentType: 'report' }).latex;
    expect(latex).toContain('\\documentclass[11pt,a4paper,notitlepage]{report}');
    expect(latex).not.toContain('addcontentsline');
    const long = `Annual Report\n\n${['Introduction', 'Methods', 'Results'].map((h) => `${h}\n\n${'The measured values agree with the model in every case we ran this year. '.repeat(40)}`).join('\n\n')}`;
    expect(generate({ content: long, documentType: 'report' }).latex).toContain('\\documentclass[11pt,a4paper]{report}');
  });

  it('keeps a poem\'s short lines in Markdown, and a collection of poems names its poems without chapter numbers', () => {
    const poems = '# Small Weather\npoems by Idris Kamara\n\n## Morning\n\nthe frost has written\nsomething on the car\nin a language\nonly the sun can read\n\n## Bus Stop\n\nThree strangers and a pigeon\nshare one square metre.\nNobody speaks.\n\n## Last Poem\n\nif you have read this far\nthank you\ngo outside\n';
    const b = body(poems, 'book');
    expect(b).toContain('the frost has written\\\\\nsomething on the car\\\\');
    expect(b).toContain('\\author{Idris Kamara}');
    expect(b).toContain('\\chapter*{Morning}');
    expect(b).not.toMatch(/\\chapter\{/);
    // Text wrapped narrow is still one paragraph, and "Chapter 1 - …" chapters keep their numbers.
    expect(body('# Note\n\nBecause a hard-wrapped line in the\nmiddle of a paragraph looked like a\nlist item, it was read as one.\n', 'article')).not.toContain('\\\\');
    expect(body('The Keeper\n\nChapter 1 - The Letter\n\nIt came on a Monday.\n\nChapter 2 - The Storm\n\nThe wind rose.\n\nChapter 3 - Morning\n\nAll was calm.\n', 'book')).toContain('\\chapter{The Letter}');
  });

  it('"The End" closing a story is set apart, and one line after a list is not indented as a new paragraph', () => {
    expect(body('The Keeper\n\nChapter 1 - The Storm\n\nThe wind came in from the west that night and did not stop.\n\nThe End', 'book')).toContain('\\begin{center}\nThe End\n\\end{center}');
    expect(body('Notes\n\nWe agreed:\n\n- buy paint\n- fix the gate\n\nNeed a DBS check for two volunteers.\n', 'article')).toMatch(/\\end\{itemize\}\nNeed a DBS check/);
  });

  it("a basic note's headings keep the levels it typed: '#' above its '##'", () => {
    const b = body('# Banana Bread\n\nMakes 1 loaf.\n\n## Ingredients\n\n- 3 bananas\n', 'basic');
    expect(b).toContain('\\section*{Banana Bread}');
    expect(b).toContain('\\subsection*{Ingredients}');
  });
});

describe('reader 42: code, lines of units, forms and math as typed', () => {
  it('a cheat sheet of commands with their descriptions aligned is code under its headings; a labelled one-liner too', () => {
    const note = 'shell cheat sheet\n\nfiles\nls -lah                  list everything\ndu -sh * | sort -h       folder sizes\ntar -czvf b.tar.gz ~/p   compress a folder\n\nprocesses\nps aux | grep python\nkill -9 <PID>            force kill\nhtop\n\nhandy one-liner: for f in *.jpg; do convert "$f" -resize 50% "small_$f"; done\n';
    const b = body(note, 'basic');
    expect(b).toMatch(/\\section\*\{files\}\s+\\begin\{lstlisting\}/);
    expect(b).toMatch(/\\section\*\{processes\}\s+\\begin\{lstlisting\}/);
    expect(b).toContain('handy one-liner:\n\n\\nopagebreak\n\\begin{lstlisting}');
    expect(b.match(/\\begin\{lstlisting\}/g)).toHaveLength(3);
    // A formula with a remark after two spaces is no command.
    expect(body('limits\nlim x->0 sin(x)/x = 1   (squeeze theorem)\nlim n->inf (1 + 1/n)^n = e\n', 'article')).not.toContain('lstlisting');
  });

  it('"Week 1-2: …" lines one under another are lines, not headings; "Imię i nazwisko:" names the author', () => {
    const b = body('Sprawozdanie z praktyki\nImię i nazwisko: Katarzyna Zielińska\n\n1. Przebieg praktyki\nTydzień 1-2: wdrożenie, konfiguracja środowiska.\nTydzień 3-5: naprawa błędów w module raportów.\nTydzień 9: dokumentacja.\n\n2. Wnioski\nPraktyka była bardzo wartościowa.\n', 'report');
    expect(b).toContain('\\author{Katarzyna Zielińska}');
    expect(b).toContain('Tydzień 1-2: wdrożenie, konfiguracja środowiska.\\\\\nTydzień 3-5');
    expect(b).not.toMatch(/section\*?\{Tydzień/);
  });

  it("a line of its own under a letter's subject stays a line under it", () => {
    const b = body('Camille Lefèvre\n12, rue des Lilas\n69003 Lyon\n\nLyon, le 2 avril 2024\n\nSportPlus Club\n45, boulevard Vivier-Merle\n69003 Lyon\n\nObjet : résiliation de mon abonnement\nLettre recommandée avec accusé de réception\n\nMadame, Monsieur,\n\nJe vous informe de ma décision.\n\nCordialement,\nCamille Lefèvre', 'letter');
    expect(b).toContain('\\textbf{Objet : résiliation de mon abonnement}\\\\\nLettre recommandée avec accusé de réception\\\\[1em]');
  });

  it('times as people type it: 2*pi*sqrt(L/g) is 2π√(L/g), V x I is V × I, and a spelled integral in a sentence is one', () => {
    const b = body('Lab\n\nthe period is T = 2*pi*sqrt(L/g)\nP = V x I\n\nEvaluate the integral from 0 to 1 of x^2 * e^x dx by parts.\nso int x^2 e^x dx = e^x (x^2 - 2x + 2) + C\n', 'article');
    expect(b).toContain('T = 2 \\pi \\sqrt{\\frac{L}{g}}');
    expect(b).toContain('V \\times I');
    expect(b).toContain('Evaluate $\\int_{0}^{1} x^{2} e^{x} \\,dx$ by parts.');
    expect(b).toContain('so $\\int x^{2} e^{x} \\,dx =');
  });

  it('long lines of metadata go under the date, where they wrap; short ones under the one author', () => {
    const long = body('Theorems\nAuthor: Janet Doe\nAffiliation: Department of Mathematics, University of Exampleville, Tennessee, TN 59341\n\nText.', 'article');
    expect(long).toContain('\\author{Janet Doe}');
    expect(body('Lab report\nAuthor: Ana Silva\nPartner: Tom Reed\n\nText.', 'article')).toContain('\\author{Ana Silva\\\\[1ex]{\\small Partner: Tom Reed}}');
  });
});

describe('reader 42, judged again: what still showed on the pages', () => {
  it('a German closing quote after "!" is no ¡, and "Der 9. November" is a heading', () => {
    const b = body('Der Fall der Mauer\n\nEinleitung\nDie Menschen riefen („Wir sind das Volk!") in Leipzig. Das war der Anfang.\n\nDer 9. November\nAuf einer Pressekonferenz verlas Günter Schabowski eine neue Reiseregelung.\n', 'article');
    expect(b).toContain('Volk!{}``');
    expect(b).toContain('\\section{Der 9. November}');
  });

  it("a command group's one-word heading stays its heading; a label before code keeps its code on its page", () => {
    const b = body('cheat sheet\n\nnetworking\ncurl -I https://example.com     headers only\nss -tulpn                      listening ports\n\ngit\ngit log --oneline --graph --all\ngit reset --soft HEAD~1    undo last commit\n\nhandy one-liner: for f in *.jpg; do convert "$f" "small_$f"; done\n', 'basic');
    expect(b).toContain('\\section*{git}');
    expect(b).toContain('handy one-liner:\n\n\\nopagebreak\n\\begin{lstlisting}');
  });

  it("a poem's lines stay lines whatever words they start with, and its stanzas are set apart", () => {
    const b = body('# Small Weather\n\n## Morning\n\nthe frost has written\nsomething on the car\nin a language\n\nby nine o\'clock\nit has read it\nand taken it away\n\n## Last Poem\n\nif you have read this far\nthank you\ngo outside\nthe weather is waiting\n', 'book');
    expect(b).toContain('if you have read this far\\\\\nthank you\\\\');
    expect(b).toContain('in a language\n\n\\medskip\n\\noindent by nine');
  });

  it('chemistry on a slide is set in the slide\'s letters (text mode), in an article in math', () => {
    expect(body('Solar\n\nSlide 1: Why\n- 142 tonnes CO2 a year\n\nSlide 2: Cost\n- 92000 pounds\n', 'presentation')).toContain('tonnes \\ce{CO2} a year');
    expect(body('Notes\n\nWe emit 142 tonnes CO2 a year from the grid.\n', 'article')).toContain('$\\ce{CO2}$');
  });

  it('a short report is compiled as its class line says (no format stands in for notitlepage)', () => {
    expect(generate({ content: 'Minutes\n\n1. Apologies\nnone.\n\n2. Budget\nagreed.\n\n3. AOB\nnone.\n', documentType: 'report' }).latex).toContain('\\documentclass[11pt,a4paper,notitlepage]{report}');
  });

  it('lines under a Markdown title that name the author and a course are its title block, not its first paragraph', () => {
    const b = body('# Can we be responsible?\nPhilosophy 210 - essay 2\nby Daniel Okafor\n\n## Introduction\nHard determinism says every event is caused.\n', 'article');
    expect(b).toContain('\\author{Daniel Okafor}');
    expect(b).toContain('\\large Philosophy 210');
    expect(b.slice(b.indexOf('\\maketitle'))).not.toContain('Okafor');
    // Sentences under a title stay the body's, whatever date they hold.
    expect(body('Next steps\n\nAdd a size guide to all listings (owner: E-commerce, by Oct 31).\nHire 12 seasonal staff, starting November 11.\n', 'article')).toContain('\\date{}');
    expect(body("L'importanza della lettura\nSaggio di italiano - classe 4B\nAutrice: Giulia Ferrante\n\nIntroduzione\n\nOggi leggiamo poco.\n", 'article')).toContain('\\author{Giulia Ferrante}');
  });

  it('commands of one program, SQL clauses in capitals and a shell comment between commands are code', () => {
    const deck = body('# Git for beginners\nLunch & learn\n\n---\n\n## Everyday commands\ngit status\ngit add file.py\ngit push origin main\n\n---\n\n## Branches\ngit switch -c feature/login\n# ... work ...\ngit merge feature/login\n', 'presentation');
    expect(deck).toContain('\\titlepage');
    expect(deck).toContain('\\begin{lstlisting}[escapechar=`]\ngit status\ngit add file.py');
    expect(deck).toContain('git switch -c feature/login\n# ... work ...\ngit merge feature/login');
    const sql = body("SQL cheat sheet\n\nBasics\nSELECT name, email FROM users WHERE active = 1 ORDER BY name;\nSELECT COUNT(*) FROM orders;\n\nFiltering\nWHERE price BETWEEN 10 AND 20\nWHERE name LIKE 'A%'\n", 'basic');
    expect(sql).toContain('\\begin{lstlisting}[escapechar=`]\nSELECT name, email');
    expect(sql).toContain("\\begin{lstlisting}[escapechar=`]\nWHERE price BETWEEN 10 AND 20\nWHERE name LIKE 'A%'");
    // Lines that start with a program's name in a sentence's way stay prose.
    expect(body('Weekend\n\nmake the dough on friday\nmake the sauce on saturday\n', 'basic')).not.toContain('lstlisting');
  });

  it("a typed contents list goes (the document makes its own) and the lines it names are the parts' headings; a verse's run-on lines stay lines", () => {
    const b = body("Small Weathers\npoems by Rosa Lindqvist\n\nContents\n1. March\n2. For my grandmother's hands\n\nMarch\n\nThe snow is going back to water,\nslow, as if it had forgotten how.\nA blackbird tests the air, then tests it further -\nthe hedge is full of almost, and of now.\n\nFor my grandmother's hands\n\nThey kneaded bread on Sundays,\nthey braided my hair too tight.\n", 'book');
    expect(b).not.toContain('{Contents}');
    expect(b.match(/\\tableofcontents/g)).toHaveLength(1);
    expect(b).toMatch(/\\chapter\*?\{For my grandmother's hands\}/);
    expect(b).toContain('The snow is going back to water,\\\\\nslow,');
    expect(b).toContain('tests it further --\\\\');
    // An article that typed its contents gets a table of contents instead.
    expect(body('Guide\n\nContents\n- Setup\n- Usage\n\nSetup\n\nInstall it.\n\nUsage\n\nRun it.\n', 'article')).toContain('\\tableofcontents');
  });

  it('a sentence typed right under a Markdown list of one-line items is the paragraph after the list', () => {
    const b = body('# Essay\n\n## Argument\nIt runs like this:\n1. No one has power over the past.\n2. So no one has power over the present.\nThe argument is valid, but premise 2 is doubtful.\n', 'article');
    expect(b).toMatch(/\\end\{enumerate\}\n\n?The argument is valid/);
  });

  it('reader 44: a slide separated by rules under sentences, its question or label as its title, "1) 2) 3)" as a list', () => {
    const b = body('Beekeeping - club talk\n---\nwhy keep bees? honey, pollination, it\'s calming. mostly\n---\nfirst year: 1) get a colony 2) inspect every week 3) do NOT expect honey\n---\nquestions? tea in the back room\n', 'presentation');
    expect(b).toContain('\\begin{frame}[allowframebreaks]{why keep bees?}\\relax\nhoney, pollination');
    expect(b).toContain('{first year}\\relax\n\\begin{enumerate}\n\\item get a colony\n\\item inspect every week');
    expect(b).toContain('{questions?}\\relax\ntea in the back room');
    expect(b).not.toContain('\\section{');
  });

  it('reader 44: Python pasted with blank lines and # comments is one piece of code under its ■ heading; a Japanese name keeps its family name', () => {
    const b = body('売上メモ\n佐藤 健太\n\n■ コード\nimport pandas as pd\n\ndf = pd.read_csv("sales.csv")\nprint(df.head())\n\n# 月の列を作る\ndf["month"] = df["date"].dt.to_period("M")\n\n■ 結果\n約3秒になりました。\n', 'article');
    expect(b).toMatch(/\\author\{佐藤(?:\\)? 健太\}/);
    expect(b).toMatch(/\\section\*?\{コード\}\n\n\\begin\{lstlisting\}\[escapechar=`\]\nimport pandas as pd\n\ndf = pd.read_csv/);
    expect(b).not.toMatch(/section\*?\{月の列を作る\}/);
  });

  it('reader 44: "Slide 1: Title" is the title slide, an amount of money is no formula, a remark above a pasted answer does not name it, formulas typed one per line in Markdown stay lines', () => {
    const deck = body('Q3 Sales Review\nPresented by: Dana Whitfield\nOct 12, 2023\n\nSlide 1: Title\nQ3 2023 Sales Review\nNortheast Region - internal, do not forward\n\nSlide 2: Numbers\n- Revenue: $4.82M vs target $4.50M -> 107% of target\n', 'presentation');
    expect(deck).not.toContain('{Title}');
    expect(deck).toContain('\\subtitle{Northeast Region');
    expect(deck).not.toContain('$M');
    const answer = body('saving this for the team wiki - answer from the chat assistant, lightly edited by me\n\n# Understanding Database Indexes\n\n## What is an index?\n\nA separate structure.\n', 'article');
    expect(answer).toContain('\\title{Understanding Database Indexes}');
    expect(answer).toContain('\\maketitle\n\nsaving this for the team wiki');
    const brew = body('# Brew day\n\n## The numbers\nOG 1.052, FG 1.012\nABV = (OG - FG) x 131.25 = 5.25%\napparent attenuation = (OG - FG)/(OG - 1) = 77%\nnot great, not terrible.\n', 'article');
    expect(brew).toMatch(/5\.25\{?\\%\}?\$\\\\\napparent attenuation/);
  });

  it('a question standing alone over its answer is a heading; over points indented under it, an outline\'s point', () => {
    const b = body('Microplastics in lakes\n\nMost people picture the ocean when they think about plastic.\n\nWhat counts as a microplastic?\nMicroplastics are usually defined as plastic particles smaller than 5 mm, from many sources.\n\nWhere do they come from?\nMostly from tyres and textiles, washed in by rain and rivers.\n', 'article');
    expect(b).toContain('\\section{What counts as a microplastic?}');
    expect(body('Lecture 1\n\nWhy study this topic?\n  interesting -- hard problems\n  widely used -- big web sites\n\nWhat is hard?\n  partial failure\n  concurrency\n', 'article')).not.toContain('\\section{Why study this topic?}');
  });

  it('a command of a program on a line of its own is code', () => {
    expect(body('Setup notes\n\nFirst install the libraries.\n\npip install pandas openpyxl\n\nThen run the script every month.\n', 'article')).toContain('\\begin{lstlisting}[escapechar=`]\npip install pandas openpyxl\n\\end{lstlisting}');
  });
});


describe('labels and numbered parts over lists (reader 45)', () => {
  it('two labels or more over marked lists ("Suroviny:", "Postup:") head them, their colons gone; a remark after a label is text', () => {
    const b = body('Bramboráky podle babičky\n(asi 12 kusů)\n\nSuroviny:\n• 1 kg brambor\n• 2 vejce\n\nPostup:\n1) Brambory nastrouhat.\n2) Smažit dozlatova.\n\nBabička říkala: první bramborák je vždycky pro kuchaře :)\nPodávat hned, teplé.', 'basic');
    expect(b).toMatch(/\\section\*\{Suroviny\}[\s\S]*\\section\*\{Postup\}/);
    expect(b).not.toMatch(/section\*?\{Babi/);
    // One label over its list is the list's lead-in; an outline's labels over indented points are points.
    expect(body('Referat\n\nEinleitung\nDer Klimawandel ist real.\n\nFolgen:\n- Hitze\n- Dürre', 'article')).toContain('\nFolgen:');
    expect(body('Course\n\nCourse staff:\n  Frans, lecturer\n  Kenneth, TA\n\nLectures:\n  big ideas\n  papers', 'article')).not.toMatch(/section\*?\{(?:Course staff|Lectures)\}/);
  });

  it('"8. Saran" over a list of its own ("1) …") is the next numbered section, not an item', () => {
    const b = body('Laporan\n\n7. Kesimpulan\nKondisi perairan mendukung pertumbuhan mangrove.\n\n8. Saran\n1) monitoring bibit setiap bulan\n2) membuat alat pemecah ombak', 'report');
    expect(b).toMatch(/\\(?:section|chapter)\{Saran\}\s*\\begin\{enumerate\}(?:\[[^\]]*\])?\s*\\item monitoring/);
    expect(b).not.toContain('start=8');
  });
});

describe('homework typed as Q1, Q2 … (reader 45)', () => {
  it('"Q1." and "Q5 (bonus) –" open problems, unnumbered by LaTeX; "Q3 sales" is a quarter', () => {
    const b = body('Problem Set 4\n\nQ1. Prove by induction that for all n >= 1,\nsum of i = n(n+1)/2\nBase case: ok.\n\nQ2. How many hands contain one pair?\nTotal hands: C(52,5) = 52!/(5! 47!) = 2,598,960\n\nQ5 (bonus) - how many bit strings have 3 ones?\nC(10,3) = 120', 'article');
    expect(b).toMatch(/\\section\*\{Q1\. Prove by induction that for all \$n \\geq 1\$\}[\s\S]*\\section\*\{Q2\. How many[\s\S]*\\section\*\{Q5 \(bonus\)/);
    expect(b).toContain('$C(52, 5) = \\frac{52!}{5! 47!} = 2{,}598{,}960$');
    expect(body('Review\n\nQ3 sales were up 5% on Q2.\n\nThe team grew.', 'article')).not.toContain('section');
  });
});

describe('R pasted without fences (reader 45)', () => {
  it('library(), <- and %>% make R code one block; a dollar inside a word is no math', () => {
    const b = body('Cadence\n\nI did the analysis in R, mostly to learn ggplot.\n\nlibrary(tidyverse)\nruns <- read_csv("runs.csv") %>%\n  mutate(date = as.Date(date),\n         cadence = steps / duration_min)\n\nruns %>%\n  group_by(month) %>%\n  summarise(mean_cad = mean(cadence))\n\nDoes cadence make me faster?\ncor(runs$cadence, runs$pace_sec_km)\n\nIt does not.', 'article');
    expect(b).toContain('\\begin{lstlisting}[escapechar=`]\nlibrary(tidyverse)\nruns <- read_csv("runs.csv") %>%');
    expect(b).toContain('runs %>%\n  group_by(month) %>%');
    expect(b).not.toMatch(/section\{library|\\leftarrow|\\item mutate/);
    expect(b).toContain('cor(runs\\$cadence, runs\\$pace');
  });
});

describe('reader 46', () => {
  it('"Results" right over "Flame tests" and its table: the table\'s heading is a part of the section', () => {
    const b = body('Lab Report\n\nAim\nTo identify metal ions in unknown salts using flame tests.\n\nResults\nFlame tests\nSalt\tColour\nLiCl\tred\nNaCl\tyellow\n\nDiscussion\nSo X is sodium chloride, and the rest follows from it.', 'article');
    expect(b).toMatch(/\\section\{Results\}\s*\\subsection\{Flame tests\}/);
  });

  it('"Diapositiva 1 - Título" and "स्लाइड 1: शीर्षक" over the talk\'s title: the lines under the marker are the title slide', () => {
    const es = body('Diapositiva 1 - Título\nReciclaje en nuestro instituto\nEquipo 3: Lucía Fernández\n\nDiapositiva 2 - Metodología\n- encuesta\n- pesaje', 'presentation');
    expect(es).toContain('\\title{Reciclaje en nuestro instituto}');
    expect(es).not.toMatch(/\\title\{Título/);
    const hi = body('स्लाइड 1: शीर्षक\nवर्षा जल संचयन\n\nस्लाइड 2: समस्या क्या है?\n- भूजल स्तर नीचे जा रहा है\n\nस्लाइड 3: निष्कर्ष\n- पानी बचाएँ', 'presentation');
    expect(hi).not.toContain('शीर्षक');
    expect(hi.match(/\\begin\{frame\}/g)?.length).toBe(3);
  });
});

describe('numbered parts in a note Markdown reads (reader 46)', () => {
  it('"1. Executive summary" … "6. Priorities" with text, tables and lists under them are sections, not items; "1. eggs / 2. milk" stays a list', () => {
    const b = body('MONTHLY REPORT\n==============\n\n1. Executive summary\nMarch was our busiest month.\n\n2. Ticket volume\n2.1 By category\n| Category | Opened |\n|---|---|\n| MFA | 438 |\n\n3. Risks & issues\n- certificate expiry\n- staffing\n', 'report');
    expect(b).toMatch(/\\section\{Executive summary\}[\s\S]*\\section\{Ticket volume\}[\s\S]*\\section\{Risks \\& issues\}/);
    expect(b).not.toContain('\\item Executive summary');
    expect(body('Shopping\n========\n\n1. eggs\n2. milk\n', 'article')).toMatch(/\\begin\{enumerate\}\s*\\item eggs\s*\\item milk/);
  });
});
