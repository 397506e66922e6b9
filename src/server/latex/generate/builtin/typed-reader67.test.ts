// What reader 66 showed on fresh notes, by class, fixed this stop: a writer's reminders to
// themselves ("[check this figure …]", "[draft 3 – …]") printed; a chat answer's opening and closing
// dropped although they said what the text is for; lone commands ("source ~/.bashrc") and commands
// of a program no list knows ("pyenv local env") set as prose; dot leaders ("pousada ....... R$ 3.840")
// left ragged instead of a table; a talk's occasion line ("Vortrag VHS Freiburg – …") taken as the
// title over the cover slide's title; a school's header over a lab report's title block taken as the
// title; an indexed symbol of the formulas ("VFT_it", "t_śr") printed with its underscore in the
// text. Each rule is shown beside a note it must not change.
import { describe, expect, it } from 'vitest';
import { bodyLatex, fullLatex } from './test-support/generated.js';

const body = bodyLatex;
/** The title page's commands (before \maketitle or the title frame). */
const front = (tex: string): string => tex.slice(tex.indexOf('\\begin{document}'), Math.max(tex.indexOf('\\maketitle'), tex.indexOf('\\titlepage')));

describe('reminders the writer left for themselves are comments in the LaTeX, on no page', () => {
  it('a bracketed reminder inside a sentence leaves the sentence whole and becomes a comment', () => {
    const tex = body('The press spread fast.\n\nBy 1520 Luther wrote a third of all German printing [check this figure - Edwards ch. 1?]. Others followed.\n');
    expect(tex).toContain('a third of all German printing. Others followed.');
    expect(tex).toMatch(/^% \[check this figure - Edwards ch\. 1\?\]$/m);
    expect(tex.replace(/^%.*$/gm, '')).not.toContain('check this figure');
  });

  it('a reminder on a line of its own goes, in any of the languages notes are typed in', () => {
    for (const line of ['[note to self: ask in office hours why the absolute value goes]', '[draft 3 - for Thursday writing group, be gentle pls]', '[TODO: add the graph]', '[revisar la cifra]', '[prüfen: Quelle]', '[à vérifier]']) {
      const tex = body(`Lab notes\n\nWe measured the period.\n${line}\nThe mean was 1.57 s.\n`);
      expect(tex.replace(/^%.*$/gm, ''), line).not.toContain(line.slice(1, 8));
      expect(tex, line).toContain(`% ${line}`);
      expect(tex).toContain('The mean was 1.57 s.');
    }
  });

  it('a reminder after inline code leaves that line and the next apart', () => {
    const tex = body('Notes\n\nUse `ls` [check this]\nnext line\n');
    expect(tex).toMatch(/Use \\texttt\{ls\}\\\\\nnext line/);
  });

  it('in basic notes (a plan, a checklist) a reminder is the content and stays printed (reader 68)', () => {
    const tex = body('wyjazd Zakopane\n\nczwartek: Morskie Oko\n[sprawdzić prognozę i komunikaty TOPR przed Morskim Okiem]\n', 'basic');
    expect(tex).toContain('sprawdzić prognozę');
    expect(tex).not.toContain('Notes the writer left');
  });

  it('brackets for the reader stay: an editor\'s note, [sic], a checkbox, a link, a reference, code', () => {
    const note = 'Notes\n\n[Note: this applies to 2024 only.]\nHe wrote "teh" [sic].\n[ ] check the oil\n[x] add water\nSee [check the docs](https://example.org).\n\n```\nif [ check ]; then echo ok; fi\n[todo list]\n```\n';
    const tex = body(note);
    expect(tex).toContain('[Note: this applies to 2024 only.]'.replace(/\[/g, '{[}').replace(/\]/g, '{]}'));
    expect(tex).toMatch(/\[sic\]|\{\[\}sic\{\]\}/);
    expect(tex).toContain('check the oil');
    expect(tex).toContain('add water');
    expect(tex).toContain('check the docs');
    expect(tex).toContain('[todo list]');
    expect(tex).not.toContain('Notes the writer left');
  });
});

describe('a chat answer\'s opening that says what the text does is its first paragraph', () => {
  const answer = (opening: string) =>
    `${opening}\n\n1. Install the dependencies\nYou need a few packages first.\n\n2. Install pyenv\nRun the installer.\n\n3. Configure your shell\nAdd the lines to your shell file.\n\nLet me know if you want me to show the same with uv or Poetry!\n`;

  it('a long opening keeps its words, without "Sure!", and the closing line stays with it', () => {
    const tex = body(answer('Sure! Here\'s a step-by-step guide to installing pyenv, managing several Python versions, and using virtual environments so you stop getting ModuleNotFoundError when you run your scripts.'));
    expect(tex).toMatch(/Here.s a step-by-step guide to installing pyenv/);
    expect(tex).not.toContain('Sure!');
    expect(tex).toContain('Let me know if you want me to show the same with uv or Poetry!');
  });

  it('an opening that only announces the answer ("Sure! Here is the guide:") still goes, and its closing wish with it', () => {
    const tex = body(answer('Sure! Here is the guide:'));
    expect(tex).not.toMatch(/Sure|Here is the guide/);
    expect(tex).not.toContain('Let me know');
  });

  it('an opening about the asker\'s task goes, however long ("… you can use for your class")', () => {
    const tex = body(answer('Sure! Here\'s a short article on installing Python with pyenv and virtual environments that you can use for your class on Thursday morning.'));
    expect(tex).not.toMatch(/Sure|you can use for your class/);
  });
});

describe('commands on lines of their own are code', () => {
  it('a lone shell command with a path after a sentence is code, its tilde as typed', () => {
    const tex = body('Shell set-up\n\nAdd the lines to ~/.bashrc, then reload it (or just open a new terminal):\n\nsource ~/.bashrc\n\nThat is all.\n');
    expect(tex).toMatch(/\\begin\{lstlisting\}[^\n]*\nsource ~\/\.bashrc\n\\end\{lstlisting\}/);
  });

  it('commands of a program no list knows, run twice beside a known one, are one code block', () => {
    const tex = body('Project environment\n\nCreate the environment:\n\ncd ~/projects/weather-dashboard\npyenv virtualenv 3.12.4 weather-env\npyenv local weather-env\n\nThe last command writes a .python-version file.\n');
    expect(tex).toMatch(/\\begin\{lstlisting\}[^\n]*\ncd ~\/projects\/weather-dashboard\npyenv virtualenv 3\.12\.4 weather-env\npyenv local weather-env\n\\end\{lstlisting\}/);
  });

  it('lines that open with the same word but are sentences stay prose', () => {
    const tex = body('Trip\n\nsource of the river is high up\nsource of the lake is a spring\n\nWe walked.\n');
    expect(tex).not.toContain('lstlisting');
    const alone = body('Notes\n\ncd player broken again.\n');
    expect(alone).not.toContain('lstlisting');
  });
});

describe('dot leaders between labels and values are a table of two columns', () => {
  it('a budget with leaders is a table, the amounts on the right, the total under a rule', () => {
    const tex = body('ORÇAMENTO\npousada 8 noites .......... R$ 3.840,00\ncarro alugado 7 dias ...... R$ 1.120,00\ncomida / restaurantes ..... R$ 2.000,00\nTOTAL ..................... R$ 7.320,00\n', 'basic');
    expect(tex).toContain('\\begin{tabular}{lr}');
    expect(tex).toContain('pousada 8 noites & R\\$ 3.840,00 \\\\');
    expect(tex).not.toContain('....');
  });

  it('short leaders between spaces (" .. ") count, and the rows are data, not a header', () => {
    const tex = body('Contrast\n\nNormal text ........................ 4.5:1\nLarge text (24px, or 18.66px bold) .. 3:1\nUI components & focus rings ........ 3:1\n');
    expect(tex).toContain('\\begin{tabular}{lr}');
    expect(tex).not.toMatch(/\\textbf\{Normal text\}/);
  });

  it('an ellipsis in a sentence and a lone leader line stay text', () => {
    const tex = body('Story\n\nShe waited... and waited.\nThen he came... late.\n\nTotal .......... 12 €\n');
    expect(tex).not.toContain('tabular');
  });
});

describe('the title slide names the talk; the occasion line goes under it', () => {
  const deck = 'Vortrag VHS Freiburg – Wärmepumpe im Altbau: lohnt sich das?\nReferent: Dipl.-Ing. Markus Brenner\nDatum: 12.03.2025, 19:00 Uhr, Raum 2.04\n\nFolie 1 – Titel\nWärmepumpe im Altbau – Mythen, Zahlen, Erfahrungen\nMarkus Brenner, Energieberater\n\nFolie 2 – Worum geht es?\n- Wie funktioniert eine Wärmepumpe?\n- Was kostet sie?\n';

  it('the cover slide\'s title is the title, the occasion and the role under the byline, the hours with the date', () => {
    const tex = front(fullLatex(deck, 'presentation'));
    expect(tex).toMatch(/\\title\{Wärmepumpe im Altbau \S+ Mythen, Zahlen, Erfahrungen\}/);
    expect(tex).toMatch(/\\institute\{Vortrag VHS Freiburg/);
    expect(tex).toContain('Energieberater');
    expect(tex).not.toMatch(/Markus Brenner, Energieberater/);
    expect(tex).toContain('\\date{12.03.2025, 19:00 Uhr}');
    expect(tex).toContain('Raum 2.04');
  });

  it('a first line that is the talk\'s own title keeps it over a cover slide that words it again', () => {
    const tex = front(fullLatex('Heat pumps in old houses\nby Markus Brenner\n\nSlide 1: Title\nHeat pumps in old houses: myths and numbers\n\nSlide 2: Why\n- costs\n- comfort\n', 'presentation'));
    expect(tex).toMatch(/\\title\{Heat pumps in old houses\}/);
  });
});

describe('a school\'s header over a report\'s title block', () => {
  const report = 'POLITECHNIKA WROCŁAWSKA\nWydział Podstawowych Problemów Techniki\nLaboratorium Fizyki 1\n\nSPRAWOZDANIE Z ĆWICZENIA NR 3\nWyznaczanie przyspieszenia ziemskiego za pomocą wahadła\n\nImię i nazwisko: Kacper Wiśniewski\nGrupa: wtorek 11:15, zespół 4\nProwadzący: dr inż. Anna Zielińska\n\n1. Cel ćwiczenia\nCelem ćwiczenia było wyznaczenie g.\n\n2. Wyniki\nOtrzymano g = 9,82 m/s^2.\n';

  it('the report\'s title and topic are the title, the header and the fields on the title page, none in the body', () => {
    const tex = fullLatex(report, 'report');
    const page = front(tex);
    expect(page).toMatch(/\\title\{SPRAWOZDANIE Z ĆWICZENIA NR 3/);
    expect(page).toContain('Wyznaczanie przyspieszenia');
    expect(page).toContain('POLITECHNIKA WROCŁAWSKA');
    expect(page).toContain('Kacper Wiśniewski');
    expect(page).toContain('Grupa: wtorek 11:15');
    const rest = tex.slice(tex.indexOf('\\maketitle'));
    expect(rest).not.toMatch(/POLITECHNIKA|SPRAWOZDANIE|Imię i nazwisko|Grupa:/);
  });

  it('a first line that names a university inside a sentence-like title is still the title', () => {
    const tex = front(fullLatex('Life at the University of Leeds\nby Sam Lee\n\nI moved to Leeds in 2023.\n'));
    expect(tex).toContain('\\title{Life at the University of Leeds}');
  });
});

describe('an indexed symbol of the note\'s formulas is the same symbol in its text', () => {
  it('"VFT_it" after the model\'s formula, and "t_śr" in a table\'s header, are set as the formulas set them', () => {
    const model = body('Modelo\n\nln(P_it) = alpha_i + delta_t + beta · VFT_it + gamma · X_it + e_it\ndonde VFT_it = viviendas turísticas por cada 100 viviendas\n');
    expect(model).not.toContain('VFT\\_it');
    expect(model).toMatch(/donde \$\\mathrm\{VFT\}_\{i ?t\}\$/);
    const lab = body('Wyniki\n\nl [m]\tt1 [s]\tt_śr [s]\n0,5\t14,1\t14,2\n0,6\t15,5\t15,4\n\nt_śr = (14,1 + 14,3) / 2 = 14,2 s\n');
    expect(lab).not.toContain('t\\_śr');
    expect(lab).toContain('t_{\\text{śr}}');
  });

  it('a program\'s names stay as typed when no formula uses them ("user_id", "my_file")', () => {
    const tex = body('Notes\n\ntotal = price * qty\nThe user_id column and my_file.txt hold X_it too.\n');
    expect(tex).toContain('user\\_id');
    expect(tex).toContain('my\\_file');
  });
});

describe('a table of natural width in a right-to-left document runs right to left', () => {
  it('its columns start on the right and each cell is in the document\'s language (a box keeps its words left to right otherwise)', () => {
    const tex = body('עלויות הטיול\n\nעלויות:\nצימר 3 לילות           2,850 ₪\nכניסה לגנים ושמורות    0 ₪ (יש לנו מנוי)\nדלק                    450 ₪\nסה"כ                   3,300 ₪\n', 'basic');
    expect(tex).toMatch(/\\begin\{tabular\}\{r[rl]\}/);
    expect(tex).toContain('\\foreignlanguage{hebrew}{צימר 3 לילות}');
  });

  it('a left-to-right document\'s table is as before', () => {
    const tex = body('Costs\n\nCosts:\nCabin 3 nights      2,850 €\nFuel                450 €\nTotal               3,300 €\n', 'basic');
    expect(tex).toMatch(/\\begin\{tabular\}\{l[lr]\}/);
    expect(tex).not.toContain('foreignlanguage');
  });
});

describe('a labelled subtitle under the title', () => {
  it('"subtitle: …" is the subtitle, its label not printed, with or without an author line, in slides and articles', () => {
    for (const type of ['presentation', 'article'] as const) {
      for (const note of ['Ocean Tides\nsubtitle: A short tour of the sea\n\n<SLIDE>\ntitle: Why tides happen\ncontent: The moon pulls the water.\n</SLIDE>\n', 'Ocean Tides\nSubtitle: A short tour of the sea\nAuthor: Jo Lee\n\nThe moon pulls the water.\n']) {
        const tex = fullLatex(note, type);
        expect(tex, `${type}: ${note}`).toMatch(/\\subtitle\{A short tour of the sea\}|\\large A short tour of the sea\}/);
        expect(tex, `${type}: ${note}`).not.toMatch(/Subtitle:|subtitle: A short/);
      }
    }
  });
});

describe('reader 67: slides, leaders, units and indices', () => {
  it('a <SLIDE> tag with no fields takes its short first line as the slide\'s title', () => {
    const tex = body('Horta Comunitária\nFernanda Albuquerque\n\n<SLIDE>\nO problema\n- o terreno está abandonado\n- acúmulo de lixo\n</SLIDE>\n\n<SLIDE>\nTransformar o terreno numa horta:\n- 40 canteiros\n</SLIDE>\n', 'presentation');
    expect(tex).toContain('{O problema}');
    expect(tex).not.toMatch(/\\item O problema|^O problema$/m);
    expect(tex).toContain('Transformar o terreno numa horta:');
  });

  it('a row typed with two spaces among leader rows is a row of the table', () => {
    const tex = body('Quanto custa\n\nlimpeza do terreno ...... R$ 3.500\ncerca e portão .......... R$ 6.200\ncaixa d\'água + irrigação  R$ 4.800\nTOTAL ................... R$ 14.500\n', 'basic');
    expect(tex).toMatch(/caixa d.*água \+ irrigação & R\\\$ 4\.800/);
  });

  it('an ALL-CAPS heading with a long aside in brackets is a slide\'s title', () => {
    const tex = body('SPRINT 14 REVIEW\nteam Kestrel\n\nWHAT WE SHIPPED\n* new signup\n* dark mode\n\nMETRICS (first 7 days after release vs. 7 days before)\n- signups up 17 points\n- tickets down 61%\n', 'presentation');
    expect(tex).toContain('{METRICS (first 7 days after release vs. 7 days before)}');
  });

  it('a first line naming what the document is ("… - class presentation") gives way to the cover slide\'s title', () => {
    const tex = front(fullLatex('photosynthesis - class presentation\nBio 110\n\nSlide 1 - Title\nPhotosynthesis: how plants make food from light\n\nSlide 2 - what is it\n- light to sugar\n', 'presentation'));
    expect(tex).toContain('\\title{Photosynthesis: how plants make food from light}');
  });

  it('a unit the formula measures in stays with its figure in the denominator; a lone letter over variables is still a variable', () => {
    expect(body('c(HCl) = (0.1000 mol/L x 0.02116 L) / 0.02500 L = 0.08464 mol/L\n')).toContain('{0.02500\\,\\mathrm{L}}');
    expect(body('h = v0^2 sin^2 theta / (2 g)\n')).toContain('\\frac{v_{0}^{2} \\sin^{2} \\theta}{2 g}');
  });

  it('"Av = λv" is A times v, while Cp and Cv are indexed; "λ1 … λn" are indexed, 2πn is a product', () => {
    expect(body('Av = λv ⇔ (A − λI)v = 0\n')).toMatch(/A v = \\lambda v/);
    expect(body('Cp = Cv + R\n')).toContain('C_{p} = C_{v} + R');
    expect(body('A^k = P diag(λ1^k, ..., λn^k) P^-1\n')).toContain('\\lambda_{1}^{k}, \\ldots, \\lambda_{n}^{k}');
    expect(body('f = e^(2πn x)\n')).toContain('2 \\pi n x');
  });

  it('a <MATHEQ> formula\'s indexed names ("E_{irt}", "Treat_r") are set the same in the sentence under it', () => {
    const tex = body('Model\n\n<MATHEQ>E_{irt} = α + β (Treat_r × Post_t) + ε_{irt}</MATHEQ>\nwhere E_irt equals 1 if employed, Treat_r equals 1 for treated regions.\n');
    expect(tex).toContain('where $E_{irt}$ equals 1');
    expect(tex).toContain('$Treat_{r}$ equals 1');
    expect(tex).not.toContain('Treat\\_r');
  });
});

describe('reader 67: bylines and problem headings', () => {
  it('"Rédigé par : Claire Fontaine" gives the author without the colon', () => {
    expect(front(fullLatex('COMPTE RENDU DE RÉUNION\nAssociation des parents d\'élèves\nRédigé par : Claire Fontaine (secrétaire)\n\nOrdre du jour\n1. Budget\n', 'report'))).toContain('\\author{Claire Fontaine (secrétaire)');
  });

  it('a group with its members in brackets is one byline, not authors torn at the commas', () => {
    const tex = front(fullLatex('PROJECT PROPOSAL\nReducing Food Waste\nPrepared by: Student Sustainability Society (Owen Achterberg, Lucía Ferreira, Kwame Asante)\nDate: 28 February 2025\n\n1. Summary\nWe waste less.\n', 'report'));
    expect(tex).toContain('Student Sustainability Society (Owen Achterberg, Lucía Ferreira, Kwame Asante)');
    expect(tex).not.toContain('\\and');
    expect(front(fullLatex('Trip report\nby Ana Ruiz, Ben Ode and Cy Lee\n\nWe went.\n'))).toContain('\\and');
  });

  it('fields on one line set apart by a full-width slash are two fields, no slash left alone', () => {
    const tex = front(fullLatex('線形代数学II　第5回　講義ノート\n固有値と固有ベクトル\n担当：山口先生　／　記録：佐藤 美咲\n2024年10月28日\n\n1. 定義\n本文。\n'));
    expect(tex).not.toMatch(/\{\\small ／\}|\\\\／/);
    expect(tex).toContain('担当：山口先生');
  });

  it('a starred problem ("Задача 6 (*).") is a problem heading like the others', () => {
    const tex = body('ДЗ\n\nЗадача 5. Найти предел.\nРешение: 1.\n\nЗадача 6 (*). Вычислить интеграл.\nРешение: 2.\n');
    expect(tex).toMatch(/\\section\*?\{Задача 6 \(\*\)\. Вычислить интеграл\.?\}/);
  });
});

describe('reader 68: units, stars and tildes', () => {
  it('a side measured in units keeps the unit of its denominator\'s figure ("… mol / 0.02500 L")', () => {
    expect(body('[HCl] = 2.352 x 10^-3 mol / 0.02500 L = 0.0941 M\n')).toContain('{0.02500\\,\\mathrm{L}}');
  });

  it('a rating of stars keeps its white star (★★★★☆ is four of five, not five \\star)', () => {
    const tex = body('Review\n\nRating: ★★★★☆ (4/5)\n\nGood book.\n');
    expect(tex).toContain('☆');
    expect(tex).not.toContain('\\star');
  });

  it('a spaced tilde between words is the sign ∼; a path\'s tilde stays as typed', () => {
    const tex = body('Limits\n\nsinx ~ x, tanx ~ x when x is small\nsource ~/.bashrc then go\n');
    expect(tex).toContain('sinx \\ensuremath{\\sim} x');
    expect(tex).toContain('source \\textasciitilde{}/.bashrc');
  });

  it('an ALL-CAPS line over a numbered list, after an ALL-CAPS heading\'s lines, is the next heading ("INGREDIENTS" … "STEPS")', () => {
    const tex = body('banana bread\n\nINGREDIENTS\n3 ripe bananas\n1 egg\ncinnamon, about 1/2 tsp\nSTEPS\n1. preheat oven\n2. mash bananas\n', 'basic');
    expect(tex).toMatch(/\\section\*\{STEPS\}/);
    expect(tex).not.toMatch(/cinnamon, about 1\/2 tsp\\\\\nSTEPS/);
  });
});
