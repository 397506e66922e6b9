// What reader 63 showed on fresh notes, by class: placeholders typed in angle brackets
// ("git checkout <hash> -- file.py", "push origin <branch>") were taken for HTML tags and vanished;
// a command in a table cell printed "--" as a dash in the body font; a form's fields lined up at
// their colons ("Nama              : Rizky Pratama") became a table with a data row as its header,
// or values pushed to the right margin, and never the title block; a decimal comma in brackets
// ("(R^2 = 0,9999)", "(95 %, t = 3,18)") was set as a list. Each rule is shown beside a note it
// must not change.
import { describe, expect, it } from 'vitest';
import { bodyLatex, fullLatex } from './test-support/generated.js';

const full = fullLatex;
const body = bodyLatex;

describe('a placeholder in angle brackets is text the person typed, not an HTML tag', () => {
  it('keeps <hash>, <branch>, <branch-name> and List<T> in Markdown prose and table cells', () => {
    const tex = body('# Git\n\n| task | command |\n|---|---|\n| old file | git checkout <hash> -- file.py |\n\nUse <branch> here, or git push origin <branch-name>. A List<T> holds items.\n');
    expect(tex).toContain('Use \\textless{}branch\\textgreater{} here');
    expect(tex).toContain('origin \\textless{}branch-name\\textgreater{}');
    expect(tex).toContain('List\\textless{}T\\textgreater{}');
    expect(tex).toContain('\\textless{}hash\\textgreater{}');
  });

  it('still drops real markup: <b>, <span style=…>, a self-closing unknown element', () => {
    const tex = body('# Notes\n\nThis is <b>bold</b> and <span style="color:red">red</span> text <icon name="x"/> here.\n');
    expect(tex).toContain('\\textbf{bold}');
    expect(tex).not.toMatch(/textless|span|icon/);
  });
});

describe('a shell command alone in a table cell is code', () => {
  it('sets "git checkout <hash> -- file.py" and "ls -la" in the code font with their hyphens', () => {
    const tex = body('# Git\n\n| I want to | Command |\n|---|---|\n| get an old file | git checkout <hash> -- file.py |\n| list files | ls -la |\n| undo | git reset --soft HEAD~1 |\n');
    expect(tex).toContain('\\texttt{git\\ checkout\\ \\textless{}hash\\textgreater{}\\ -{}-\\ file.\\allowbreak{}py}');
    expect(tex).toContain('\\texttt{ls\\ -\\allowbreak{}la}');
    expect(tex).toContain('\\texttt{git\\ reset\\ -{}-\\allowbreak{}soft\\ HEAD\\textasciitilde{}1}');
  });

  it('leaves words that only start like a program ("node 5", "make sure", "python is fun") as text', () => {
    const tex = body('# Graph\n\n| item | note |\n|---|---|\n| node 5 | the root |\n| make sure | it holds |\n| python is fun | yes |\n');
    expect(tex).toContain('node 5 & the root');
    expect(tex).toContain('make sure & it holds');
    expect(tex).toContain('python is fun & yes');
    expect(tex).not.toContain('\\texttt');
  });
});

describe("a form's fields lined up at their colons are labels and values", () => {
  const FORM = [
    'LAPORAN PRAKTIKUM FISIKA DASAR I',
    'Percobaan M2 - Bandul Matematis',
    '',
    'Nama              : Rizky Pratama',
    'NIM               : 2210631045',
    'Kelompok          : 4 (shift Senin pagi)',
    'Asisten           : Dewi Lestari',
    'Tgl. praktikum    : 9 Oktober 2023',
    '',
    'BAB I PENDAHULUAN',
    '',
    'Percobaan ini mengukur percepatan gravitasi dengan bandul sederhana di laboratorium.',
  ].join('\n');

  it('under the title they are its title block: the name is the author, the rest beside it', () => {
    const tex = full(FORM, 'report');
    expect(tex).toContain('\\author{Rizky Pratama');
    expect(tex).toContain('NIM: 2210631045');
    expect(tex).toContain('Asisten: Dewi Lestari');
    expect(tex).not.toContain('\\begin{tabular}');
    expect(tex).not.toContain('\\textbf{Nama}');
  });

  it('in the body they stay one field per line, the label beside its value (no table, no right margin)', () => {
    const tex = body('Laporan mingguan\n\nMinggu ini kami mengukur periode bandul untuk lima panjang tali yang berbeda.\n\nAlat              : stopwatch digital\nPanjang tali      : 20 cm sampai 100 cm\nJumlah ayunan     : 10\n\nHasilnya ada di bawah.\n');
    expect(tex).toContain('Alat: stopwatch digital\\\\');
    expect(tex).toContain('Panjang tali: 20 cm sampai 100 cm');
    expect(tex).not.toMatch(/tabular|\\hfill/);
  });

  it('a table whose columns are no fields stays a table with its header', () => {
    const tex = body('Results\n\nsample     mass      volume\nA          12.1 g    10 mL\nB          13.4 g    11 mL\n');
    expect(tex).toContain('\\begin{tabular}');
    expect(tex).toContain('\\textbf{sample}');
  });

  it('a CV line with its dates far right keeps them flush right', () => {
    const tex = body('Jane Doe\n\nEXPERIENCE\n\nStripe, Dublin          Mar 2021 – present\nGoogle, Zurich          2018 – 2021\n');
    expect(tex).toContain('Stripe, Dublin\\hfill');
  });
});

describe('a decimal comma in brackets is one number', () => {
  it('sets "(R^2 = 0,9999)" and "(95 %, t = 3,18)" with {,}', () => {
    const tex = body('Messung\n\nT^2 = 4,038 L + 0,001   (R^2 = 0,9999)\n\nVertrauensbereich (95 %, t = 3,18): c = (0,0987 ± 0,0003) mol/L\n');
    expect(tex).toContain('0{,}9999');
    expect(tex).toContain('3{,}18');
    expect(tex).not.toMatch(/0, 9999|3, 18/);
  });

  it('keeps an argument pair as a pair: C(52,5) and (1,2)', () => {
    const tex = body('Counting\n\nC(52,5) = 2,598,960\n\np = (1,2)\n');
    expect(tex).toContain('C(52, 5) = 2{,}598{,}960');
    expect(tex).toContain('p = (1, 2)');
  });
});

describe('code pasted without a fence stays one piece of code', () => {
  const JS = [
    'Sensor notes',
    '',
    'SAME THING IN THE BROWSER',
    'function median(arr) {',
    '  const s = [...arr].sort((a, b) => a - b);',
    '  const mid = Math.floor(s.length / 2);',
    '  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;',
    '}',
    '',
    'That is all.',
  ].join('\n');

  it('a JavaScript function goes on past its semicolons to its closing brace, each line verbatim', () => {
    const tex = body(JS);
    const listing = /\\begin\{lstlisting\}[^\n]*\n([\s\S]*?)\\end\{lstlisting\}/.exec(tex)?.[1] ?? '';
    expect(listing).toContain('  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;\n}\n');
    expect(listing).toContain('function median(arr) {');
    expect(tex).not.toContain('\\item');
    expect(tex).not.toContain('\\Rightarrow');
  });

  it('a SQL statement still ends at its semicolon, the sentence after it is text', () => {
    const tex = body('Query notes\n\nThe slow query:\nSELECT id, total FROM orders WHERE created_at > now() - interval \'1 day\';\nIt ran for nine seconds on the replica yesterday.\n');
    expect(tex).toMatch(/\\end\{lstlisting\}\s*\n\s*\nIt ran for nine seconds/);
  });
});

describe('title block lines typed with a dash for a colon', () => {
  it('"Author - Jordan Ellis" under the title names the author, without the label', () => {
    const tex = full('Rolling median vs rolling mean\nAuthor - Jordan Ellis\nposted 2024-02-11\n\nTHE PROBLEM\nWe have forty cheap temperature sensors in a greenhouse that log every thirty seconds.\n');
    expect(tex).toContain('\\author{Jordan Ellis}');
    expect(tex).not.toContain('Author --');
    expect(tex).not.toContain('Author \\lgsym');
  });

  it('a subtitle with a dash that is no author label stays the subtitle', () => {
    const tex = full('Workshop notes\nSales - Thursday afternoon session\n\nWe met at two and went through the numbers for the quarter together.\n');
    expect(tex).not.toContain('\\author{Thursday');
  });
});

describe('°C is a unit wherever it stands', () => {
  it('a lone C after ° in prose is no variable, even where a formula of the paragraph has °C', () => {
    const tex = body('Temps\n\nReadings: 85.0 °C (the value) or -127 °C. One reading pushes the mean up by (85 - 22)/10 = 6.3 °C. ok\n');
    expect(tex).toContain('85.0 \\textdegree{}C (the value)');
    expect(tex).not.toContain('$C$');
  });

  it('a C the formulas use as a variable is still set as one in the prose', () => {
    const tex = body('Capacitors\n\nThe charge is Q = C V, so a larger C stores more charge at the same voltage.\n');
    expect(tex).toContain('larger $C$ stores');
  });
});

describe('a numbered subsection right under a list item is a heading, not more of the item', () => {
  it('"2.2 Out of scope" after "- 14 services …" in a note with checkboxes (read as Markdown) ends the list', () => {
    const tex = body('Report\n\n2. Scope\n2.1 In scope\n- orders, customers, invoices schemas\n- 14 services that read these tables\n2.2 Out of scope\n- analytics warehouse\n- legacy reporting jobs\n\n3. Next steps\n- [ ] decommission old replicas\n- [x] update runbooks\n');
    expect(tex).toContain('\\subsection{Out of scope}');
    expect(tex).not.toMatch(/read these tables\s*\n2\.2/);
  });

  it('a decimal figure that goes on a sentence under an item stays the item\'s', () => {
    const tex = body('Notes\n\n- [ ] measure the flow\n- the pump gives\n2.5 litres per minute.\n');
    expect(tex).not.toContain('\\subsection');
  });
});

describe('a labelled subtitle with an arrow between names is part of the title block', () => {
  it('"Database migration: MySQL 5.7 -> PostgreSQL 16" over "Prepared by:" and "Date:" lines', () => {
    const tex = full('Q3 2024 INFRASTRUCTURE REPORT\nDatabase migration: MySQL 5.7 -> PostgreSQL 16\nPrepared by: Tomasz Nowak (Platform team)\nDate: 2024-10-07\n\n1. Summary\nThe migration of the orders database finished on 21 September, two weeks late.\n', 'report');
    expect(tex).toContain('\\author{Tomasz Nowak');
    expect(tex).toContain('\\date{2024-10-07}');
    expect(tex).toContain('MySQL 5.7 \\ensuremath{\\rightarrow} PostgreSQL 16}');
  });

  it('a labelled formula under a title stays content: "Limit: x -> 0"', () => {
    const tex = full('Calculus notes\nLimit: x -> 0 of sin(x)/x\n\nThe limit is one, shown with the squeeze theorem in class today.\n');
    expect(tex).not.toMatch(/\\title\{[^}]*Limit/);
  });
});

describe("a second derivative typed with two primes is one formula", () => {
  it("sets f''(x) = 6x and y''' = 0 with their primes, not a closing quote", () => {
    const tex = body("Newton\n\nThe second derivative f''(x) = 6x is positive, and f'(x) = 3x^2 - 2 and y''' = 0.\n");
    expect(tex).toContain("$f''(x) = 6 x$");
    expect(tex).toContain("$y''' = 0$");
  });

  it("an apostrophe in words stays one: it's, Bob's, the '90s", () => {
    const tex = body("Notes\n\nIt's Bob's car from the '90s, and it's fine.\n");
    expect(tex).not.toContain('$');
  });
});
