// What readers 64 and 65 showed on fresh notes, by class, fixed this stop: labelled facts under
// "Title:" / "Authors:" header lines ("Affiliation: …", "Corresponding author: …") printed as body
// lines; a stack trace, HTML lines and a file's lines named by the sentence above them set as
// prose; a speaker's note right under a pipe table made a row of it; Swedish "Bild N –" slides
// not seen; a reactivity series "K > Na > Ca" set as letters with subscripts (N_a). Each rule is
// shown beside a note it must not change.
import { describe, expect, it } from 'vitest';
import { bodyLatex, fullLatex } from './test-support/generated.js';

const body = bodyLatex;

describe('labelled facts under title and author header lines go to the title page', () => {
  const note = 'Title: Nitrate-N in private wells of three townships\nAuthors: Dana Kowalczyk, Ruben Ortega\nAffiliation: Dept. of Agricultural and Biosystems Engineering, Iowa State University\nDate: 14 March 2024\nCorresponding author: dkowal@iastate.edu\n\nAbstract\nWe sampled 64 private drinking-water wells on four occasions.\n';

  it('the affiliation (without its label), the date and the corresponding author are on the title page, not in the body', () => {
    const tex = fullLatex(note);
    const front = tex.slice(0, tex.indexOf('\\maketitle'));
    expect(front).toContain('\\date{');
    expect(front).toContain('14 March 2024');
    expect(front).toContain('Dept. of Agricultural and Biosystems Engineering');
    expect(front).not.toContain('Affiliation:');
    expect(front).toMatch(/Corresponding author: dkowal@iastate\.edu/);
    const rest = tex.slice(tex.indexOf('\\maketitle'));
    expect(rest).not.toMatch(/Affiliation|Corresponding|14 March 2024/);
  });

  it('a labelled sentence under the header lines, after a blank line, stays the note\'s text', () => {
    const tex = body('Title: Pendulum lab\nAuthor: Sam Lee\n\nResult: the pendulum swung twenty times in a minute.\n');
    expect(tex).toMatch(/Result: the pendulum swung twenty times/);
  });

  it('"Summary:" right under the header lines is the text, never a fact of the title page', () => {
    const tex = fullLatex('Title: Weekly update\nAuthor: Sam Lee\nSummary: shipping moved to Friday\n\nMore below.\n');
    expect(tex.slice(tex.indexOf('\\maketitle'))).toContain('shipping moved to Friday');
  });
});

describe('code pasted without a fence', () => {
  it('a Python traceback is one verbatim block, its exception line included', () => {
    const tex = body('Incident notes\n\nThe worker failed:\n\nTraceback (most recent call last):\n  File "/app/billing/workers/pdf.py", line 88, in render_invoice\n    rate = vat_rate_for(account.tax_region, inv.issued_on)\nAttributeError: \'NoneType\' object has no attribute \'upper\'\n\nWe rolled back at 14:39.\n');
    const code = /\\begin\{(?:lstlisting|verbatim)\}[^\n]*\n([\s\S]*?)\\end\{(?:lstlisting|verbatim)\}/.exec(tex)?.[1] ?? '';
    expect(code).toContain('Traceback (most recent call last):');
    expect(code).toContain('  File "/app/billing/workers/pdf.py", line 88, in render_invoice');
    expect(code).toContain("AttributeError: 'NoneType' object has no attribute 'upper'");
    expect(tex).toMatch(/We rolled back at 14:39/);
  });

  it('HTML lines (an embed) are code, their straight quotes kept', () => {
    const tex = body('Newsletter\n\nDave asked for the map on the events page, here is the embed code:\n<iframe src="https://www.google.com/maps/d/embed?mid=abc" width="640" height="480"></iframe>\n<p>Report a sighting: <a href="mailto:s@example.org">s@example.org</a></p>\n\ngood birding,\nLinda\n');
    expect(tex).toMatch(/\\begin\{(?:lstlisting|verbatim)\}[\s\S]*<iframe src="https:\/\/www\.google\.com[^\n]*width="640"[\s\S]*<p>Report a sighting[\s\S]*\\end\{(?:lstlisting|verbatim)\}/);
  });

  it('the lines under "… adding this to ~/.ssh/config:" are the file, verbatim with their indent', () => {
    const tex = body('SSH keys\n\nOn macOS you can keep the passphrase in the Keychain by adding this to ~/.ssh/config:\n\nHost github.com\n  AddKeysToAgent yes\n  UseKeychain yes\n\nThen test the connection.\n');
    expect(tex).toMatch(/\\begin\{(?:lstlisting|verbatim)\}[^\n]*\nHost github\.com\n {2}AddKeysToAgent yes\n {2}UseKeychain yes\n\\end\{(?:lstlisting|verbatim)\}/);
  });

  it('a list of changes under "Changes to settings.py:" stays a list', () => {
    const tex = body('Release notes\n\nChanges to settings.py:\n- raised the pool size\n- dropped the old cache\n\nThat is all.\n');
    expect(tex).toContain('\\begin{itemize}');
    expect(tex).toMatch(/\\item raised the pool size/);
  });
});

describe('a line right under a pipe table is no row of it', () => {
  it('"(say: …)" under a slide\'s table is a speaker note, the table keeps its rows', () => {
    const tex = body('# Pilot\n\n## Results\n\n| | pilot | control |\n|---|---|---|\n| Maize yield (t/ha) | 2.9 | 1.8 |\n(say: difference is significant, but it is ONE season)\n\n## Budget\n\n- sensors\n', 'presentation');
    expect(tex).toContain('\\note{difference is significant, but it is ONE season}');
    expect(tex).not.toMatch(/say:[^\n]*&|& *\(say/);
  });

  it('a source line under an article\'s table is a paragraph after it', () => {
    const tex = body('# Survey\n\n| town | share |\n|---|---|\n| Kisumu | 72% |\n| Ahero | 64% |\nSource: county survey, 2023\n');
    expect(tex).toMatch(/\\end\{tabular\}[\s\S]*Source: county survey, 2023/);
  });
});

describe('Swedish "Bild N –" lines are slides', () => {
  it('each "Bild N – title" is a slide with that title, its prefix gone', () => {
    const tex = body('Brf Lönnen – stämma 2024\nKarin Lindqvist\n\nBild 1 – Varför ska vi göra något?\n• fjärrvärmekostnaden har ökat\n• värme är 31 % av driftkostnaderna\n\nBild 2 – Nuläge\n• 48 lägenheter, byggår 1962\n', 'presentation');
    expect(tex).toMatch(/\\begin\{frame\}(?:\[[^\]]*\])?\{Varför ska vi göra något\?\}/);
    expect(tex).toMatch(/\\begin\{frame\}(?:\[[^\]]*\])?\{Nuläge\}/);
    expect(tex).not.toMatch(/Bild [12]/);
  });
});

describe('a series of elements ranked by a sign keeps its symbols', () => {
  it('"K > Na > Ca > Mg > Al" is set upright, never N_a', () => {
    const tex = body('Metals\n\nreactivity series: K > Na > Ca > Mg > Al > Zn > Fe > Pb > H > Cu > Hg > Ag > Au\n');
    expect(tex).toContain('\\mathrm{K} > \\mathrm{Na} > \\mathrm{Ca} > \\mathrm{Mg}');
    expect(tex).not.toMatch(/N_\{?a/);
  });

  it('variables ranked by a sign stay a formula of letters: "a > b > c"', () => {
    const tex = body('Order\n\nWe know that a > b > c holds here.\n');
    expect(tex).not.toContain('\\mathrm{a}');
  });
});

describe('the title slide and the title block keep their own lines', () => {
  const deck = 'LOOP Refill Pods — Launch Plan\nBrightwell Home Co. | Marketing + Ops\nprepared by Jess Amari, 9 Sept 2024\ninternal – do not forward\n\nSlide 1: Title\nLOOP by Brightwell\nConcentrated laundry pods. Plastic-free tin. Refills by mail.\nNotes: open with the tin already on the table.\n\nSlide 2: The problem\n- avg household runs 300 loads a year\n';

  it('"Slide 1: Title" makes no slide titled "Title": its lines and tagline go to the title page, its notes stay its', () => {
    const tex = fullLatex(deck, 'presentation');
    expect(tex).not.toMatch(/\\begin\{frame\}(?:\[[^\]]*\])?\{Title\}/);
    const front = tex.slice(tex.indexOf('\\title{'), tex.indexOf('\\titlepage'));
    expect(front).toContain('LOOP by Brightwell\\\\Concentrated laundry pods. Plastic-free tin. Refills by mail.');
    expect(tex).toMatch(/\\titlepage\n\\note\{open with the tin/);
  });

  it('a short remark ending the title block ("internal – do not forward") is the title page\'s, not an empty slide', () => {
    const tex = fullLatex(deck, 'presentation');
    expect(tex.slice(0, tex.indexOf('\\titlepage'))).toMatch(/internal \S+ do not forward/);
    expect(tex).not.toMatch(/\\begin\{frame\}(?:\[[^\]]*\])?\{\}\\relax\ninternal/);
  });

  it('a sentence under the byline is the text', () => {
    const tex = body('Pendulum lab\nby Sam Lee\nWe measured g with a pendulum of 1.2 m.\n\nResults follow.\n');
    expect(tex.slice(tex.indexOf('\\maketitle'))).toContain('We measured');
  });
});

describe("a paper's byline with affiliation marks", () => {
  it('"Aisha Rahman (1), Daniel Cho (1), Marisol Vega (2)" over "(1) …" and "(2) …": authors, affiliations above the date', () => {
    const tex = fullLatex('Cooling Potential of Green Roofs in Phoenix\n\nAisha Rahman (1), Daniel Cho (1), Marisol Vega (2)\n(1) School of Sustainable Engineering, Arizona State University, Tempe, AZ\n(2) School of Landscape Architecture, University of Arizona, Tucson, AZ\nCorresponding author: a.rahman@asu.example.edu\nDate: November 2024\n\nAbstract\nWe compared three roof types on one building.\n');
    expect(tex).toContain('\\author{Aisha Rahman (1) \\and Daniel Cho (1) \\and Marisol Vega (2)}');
    expect(tex).toMatch(/\\date\{\{\\small \(1\) School of Sustainable Engineering[^\n]*\(2\) School of Landscape[^\n]*\}\\\\\[1ex\]November 2024/);
    const rest = tex.slice(tex.indexOf('\\maketitle'));
    expect(rest).not.toMatch(/Aisha|School of|enumerate|Corresponding/);
  });

  it('marks typed as superscripts, in a Markdown note, are set as superscripts', () => {
    const tex = fullLatex('# Green roofs\n\nAisha Rahman¹, Daniel Cho²\n¹ Arizona State University\n² University of Arizona\n\n## Intro\n\nText here.\n');
    expect(tex).toContain('\\author{Aisha Rahman\\textsuperscript{1} \\and Daniel Cho\\textsuperscript{2}}');
    expect(tex).toContain('\\textsuperscript{1} Arizona State University');
  });

  it('names with no marks over a numbered list stay the text', () => {
    const tex = body('Team notes\n\nAisha Rahman, Daniel Cho\n1 apple each\n2 pears each\n\nDone.\n');
    expect(tex.slice(tex.indexOf('\\maketitle'))).toContain('Aisha Rahman');
  });
});

describe('a deck numbered as a list ("1. Titel", "2. Aanleiding") with bracketed asides', () => {
  const deck = 'Presentatie MT-overleg: pilot 4-daagse werkweek\nDoor: Sanne de Vries\nDatum: donderdag 3 april 2025\n\n1. Titel\nPilot: 4 dagen werken, 100% salaris?\n(zeg: dank voor jullie tijd)\n\n2. Aanleiding\n- Ziekteverzuim 2024: 7,8%\n- 3 vacatures open\n(zeg: dit is geen luxeprobleem)\n\n3. Mijn vraag\nGaan jullie akkoord?\n(zeg: pauze laten vallen)\n';

  it('"1. Titel" is the title slide: its line is the subtitle, its aside the title page\'s note; "Door:" names the author', () => {
    const tex = fullLatex(deck, 'presentation');
    expect(tex).not.toMatch(/\\begin\{frame\}(?:\[[^\]]*\])?\{Titel\}/);
    expect(tex).toContain('\\author{Sanne de Vries}');
    expect(tex).toMatch(/\\titlepage\n\\note\{dank voor jullie tijd\}/);
  });

  it('an aside on the last line of a slide\'s text is a note, the text stays', () => {
    const tex = fullLatex(deck, 'presentation');
    expect(tex).toMatch(/Gaan jullie akkoord\?\n\n\\note\{pauze laten vallen\}/);
    expect(tex).not.toContain('(zeg:');
  });

  it('"Notizen: (sagen: …)" is a note without the brackets and the label', () => {
    const tex = fullLatex('Wärmepumpe im Altbau\nMarkus Brenner\n\nFolie 1 – JAZ\n- JAZ ≥ 3,0 ist gut\nNotizen: (sagen: der COP ist ein Laborwert)\n\nFolie 2 – Kosten\n- 9 kW\n', 'presentation');
    expect(tex).toContain('\\note{der COP ist ein Laborwert}');
  });
});

describe('a form\'s fields over the title', () => {
  it('"Name:" / "Course:" / "Instructor:" / "Date:", then the essay\'s title after a blank line', () => {
    const tex = fullLatex('Name: Jordan Reyes\nCourse: HIST 214 - Europe in the Age of Reformation\nInstructor: Dr. Halvorsen\nDate: March 3, 2025\n\nPrinting, Pamphlets and Protest: Did the Press Cause the Reformation?\n\nHistorians have long argued about whether the press caused the Reformation.\n');
    expect(tex).toContain('\\title{Printing, Pamphlets and Protest: Did the Press Cause the Reformation?}');
    expect(tex).toMatch(/\\author\{Jordan Reyes/);
    expect(tex).toContain('\\date{March 3, 2025}');
    expect(tex).not.toContain('Name: Jordan');
  });

  it('"Name: …" over the assignment\'s line in one block: that line is the title', () => {
    const tex = fullLatex('Name: Priya Natarajan\nMATH 1920 (Calc II) - Homework 6 Solutions\nDue: Fri 2/21/2025\n\nProblem 1\nEvaluate the integral.\n', 'basic');
    expect(tex).toMatch(/MATH 1920 \(Calc II\) -- Homework 6 Solutions/);
    expect(tex).toMatch(/Priya Natarajan/);
    expect(tex).not.toContain('Name: Priya');
  });
});

describe('minutes of a numbered meeting', () => {
  it('"第12回 … 定例会議 議事録" is the title, not chapter 12; "日時：" dates it with its weekday and hours', () => {
    const tex = fullLatex('第12回 新商品開発プロジェクト 定例会議 議事録\n\n日時：2025年3月10日（月）14:00〜15:30\n場所：本社3階 第2会議室\n\n1. 前回議事録の確認\n・特になし\n\n2. 進捗報告\n・順調\n', 'report');
    expect(tex).toMatch(/\\title\{第12回/);
    expect(tex).not.toMatch(/\\chapter\{[^}]*定例会議/);
    expect(tex).toMatch(/\\date\{2025年3月10日（月）14:00〜15:30/);
  });

  it('"第三回 …" in a novel is still its chapter', () => {
    const tex = fullLatex('红楼梦笔记\n\n第一回 甄士隐梦幻识通灵\n\n故事开始于姑苏城。\n\n第二回 贾夫人仙逝扬州城\n\n林黛玉进京。\n', 'book');
    expect(tex).toMatch(/\\chapter\{甄士隐梦幻识通灵\}/);
  });
});

describe('smaller classes of reader 66', () => {
  it('a lone "#" between a story\'s paragraphs is a scene break', () => {
    const tex = body('The Weather Log\nby Maya Okafor\n\nChapter One: March\n\nThe barometer fell all night and nobody slept in the house.\n\n#\n\nIn the morning the sea had come up to the third step of the porch.\n', 'book');
    expect(tex).toContain('\\begin{center}*\\quad*\\quad*\\end{center}');
    expect(tex).not.toMatch(/\n\\?#\n/);
  });

  it('a signature pushed to the right with spaces is no code', () => {
    const pad = ' '.repeat(50);
    const tex = body(`Dekanlığına\n\nMazeret sınavı hakkı tanınmasını saygılarımla arz ederim.\n\n${pad}Elif YILDIRIM\n${pad}(İmza)\n\nEKLER:\n1- Sağlık raporu\n`, 'letter');
    expect(tex).not.toContain('lstlisting');
    expect(tex).toContain('Elif YILDIRIM');
  });

  it('"e", "i" joining words after a quantity stay words: "1,5 m² e l\'intonaco", "9,811 m/s^2 i mieści się"', () => {
    const tex = body("Nota\n\nServe circa 1,5 m² e l'intonaco del soffitto.\n\nWynik: g = 9,811 m/s^2 i mieści się w granicach błędu.\n");
    expect(tex).toContain("$1{,}5\\,\\mathrm{m}^{2}$ e l'intonaco");
    expect(tex).toMatch(/\\mathrm\{s\}\^\{2\}\$ i mieści/);
  });

  it('a product of letters after a figure stays one: "E = 1/2 m v^2"', () => {
    const tex = body('Energy\n\nKinetic energy: E = 1/2 m v^2 for any body.\n');
    expect(tex).toMatch(/\\frac\{1\}\{2\} m v\^\{2\}/);
  });
});
