// What reader 55 still showed, by class: lines of one kind at different levels ("DAY 3" a heading,
// "DAY 2" text; "Pour la garniture :" a heading, "Pour la pâte brisée :" text; 【小説】 text beside a
// heading "メモ"); title-block lines pushed into the body or made headings ("7/20 作成", "last
// updated 9/22", "(for the workshop)", "Notes: Kenji"); points not nested under their item; lines
// of an item run together; math half converted ("lim (x->0)", a bare ∫, "5.06% w/v", "sp3", ">>",
// H2O in a sentence); code between code blocks set as prose. Each rule is shown beside a note it
// must not change.
import { describe, expect, it } from 'vitest';
import { generate } from './index.js';

const body = (content: string, documentType: 'article' | 'basic' | 'presentation' = 'article'): string => {
  const latex = generate({ content, documentType }).latex;
  return latex.slice(latex.indexOf('\\begin{document}'));
};
const lines = (text: string): string => body(`Notes\n\nSome words to start with.\n\n${text}\n`);

describe('reader 55: lines of one kind get one level', () => {
  it('makes every day of an itinerary a heading when one is, its arrows a list', () => {
    const trip = 'Road trip\n\nBEFORE WE GO\n-> book the car\n-> midge spray\n\nDAY 1 fri 16 – Edinburgh -> Pitlochry (1h30)\n-> lunch in Dunkeld\n-> night in a B&B\n\nDAY 2 sat 17 – Glencoe\n-> hike\n-> dinner at the inn\n\nDAY 3 sun 18 – Skye -> Portree (3h)\n-> Old Man of Storr\n';
    const out = body(trip, 'basic');
    for (const day of ['DAY 1 fri 16', 'DAY 2 sat 17', 'DAY 3 sun 18']) expect(out).toMatch(new RegExp(`section\\*\\{${day}`));
    expect(out).toContain('\\item lunch in Dunkeld');
    expect(out).not.toContain('\\ensuremath{\\rightarrow} lunch');
    // A sentence about a day, and a lone arrow after a formula, stay as typed.
    expect(lines('Day 2 was the best of the trip.\n\nx = 2\n-> so y = 4')).not.toMatch(/section\*\{Day 2|\\item so/);
  });

  it('heads both labels of a recipe alike, without their colons', () => {
    const out = body('Tarte\n\nINGRÉDIENTS\n\nPour la pâte brisée :\n* 250 g de farine\n* 125 g de beurre froid\n* 1 pincée de sel\n\nPour la garniture :\n* 4 poireaux moyens\n* 30 g de beurre\n* 3 oeufs\n* 20 cl de crème\n* 80 g de comté râpé\n\nPRÉPARATION\n\n1. Mélanger.\n2. Cuire.\n\nAstuces :\n- se congèle très bien\n- version végé : des noix\n', 'basic');
    expect(out).toContain('\\subsection*{Pour la pâte brisée}');
    expect(out).toContain('\\subsection*{Pour la garniture}');
    // Two short lists under two plain labels stay alike too.
    const short = body('Tarte\n\nINGRÉDIENTS\n\nPour la pâte :\n* farine\n\nPour la garniture :\n* poireaux\n', 'basic');
    expect(short.includes('section*{Pour la pâte}')).toBe(short.includes('section*{Pour la garniture}'));
  });

  it('heads a category in lenticular brackets; a number in them is still a slide', () => {
    const out = body('読書リスト\n\n【小説】\n・こころ\n・銀河鉄道の夜\n\n【英語で読む（多読用）】\n・Holes\n\nメモ\n- 1日30ページ\n', 'basic');
    expect(out).toContain('section*{小説}');
    expect(out).toContain('section*{英語で読む（多読用）}');
  });

  it('heads a Roman-numbered part whose table is indented under it', () => {
    const out = body('Lecture\n\nI. Big picture\n  - one\n  - two\n\nII. Summary table\n  substrate | SN2 | SN1\n  methyl | yes | no\n  3° | no | yes\n', 'article');
    expect(out).toContain('\\section*{II. Summary table}');
  });
});

describe('reader 55: the title block keeps its lines', () => {
  it('takes a date without its year, a remark in brackets and the note-taker into the title block', () => {
    expect(body('2024年 夏休み 読書リスト\n鈴木ひな（高2）\n7/20 作成・随時更新\n\n目標：10冊\n', 'basic')).not.toMatch(/section\*\{7\/20/);
    const tutorial = body('Quick tutorial: counting words\nwritten for the coding club - Hamid\nlast updated 9/22\n\nwhat you need\n- python 3.8\n');
    expect(tutorial).toContain('\\date{last updated 9/22}');
    const essay = body('The Year I Stopped Being Afraid of Left Turns\nan essay — Corinne Albrecht\n(for the creative nonfiction workshop, spring term)\n\nI got my license at thirty-four.\n');
    expect(essay).toContain('\\author{Corinne Albrecht');
    expect(essay).toMatch(/\\maketitle\n\nI got my license/);
    const minutes = body('Minutes – Weekly Sync\nDate: Tue 11 June 2024\nPresent: Rachel, Dev, Kenji\nNotes: Kenji\n\n1) Release status\n - QA found 3 blockers\n', 'basic');
    expect(minutes).not.toMatch(/section\*\{Notes/);
    expect(minutes).toContain('Kenji');
  });

  it('takes a quoted title after a working header as the talk\'s, and a name with its department as one author', () => {
    const deck = body('Talk outline - "Why our city gets hotter at night"\nRiverside Library science evening\n\nSlide 1: Title\n- Why Our City Gets Hotter at Night\n- Samuel Achebe, Dept. of Geography, community outreach series\n\nSlide 2: Question\n- who has noticed it?\n\nnotes to self: keep slide 2 short\n', 'presentation');
    expect(deck).toContain('\\title{Why our city gets hotter at night}');
    expect(deck).toContain('\\subtitle{Riverside Library science evening}');
    expect(deck).not.toContain('\\and');
    expect(deck).toContain('\\note{keep slide 2 short}');
    expect(deck).not.toMatch(/frame\}[^\n]*\{Title\}/);
  });
});

describe('reader 55: lists as typed', () => {
  it('nests points typed a space under an item of another kind, and marked points under unmarked lines', () => {
    const out = lines('1) Release status\n - QA found 3 blockers\n - fix by Thu\n2) Survey results\n - 412 responses');
    expect(out).toMatch(/\\item Release status\n\n\\begin\{itemize\}\n\\item QA found 3 blockers\n\\item fix by Thu\n\\end\{itemize\}\n\\item Survey results/);
    const outline = body('复习提纲\n\n一、学习理论\n1. 经典条件反射\n   定义：中性刺激\n   代表人物：巴甫洛夫\n2. 操作性条件反射\n   定义：行为的后果\n   代表人物：斯金纳\n   - 正强化：给予愉快刺激\n   - 负强化：移除厌恶刺激\n   ⚠ 负强化 ≠ 惩罚\n\n二、记忆\n1. 多重存储模型\n');
    expect(outline).toMatch(/\\item 代表人物：斯金纳\n\n\\begin\{itemize\}\n\\item 正强化：给予愉快刺激\n\\item 负强化：移除厌恶刺激\n\\end\{itemize\}\n\\item [^\n]*负强化/);
    // Siblings typed a space apart stay siblings.
    expect(lines('- one\n - two\n- three')).not.toMatch(/itemize\}[\s\S]*begin\{itemize\}/);
  });

  it("keeps an item's equation lines and lines in Chinese apart; prose wrapped by hand is still one line", () => {
    expect(lines('- example: price goes up\n  x = 20/110 = 18\n  y = 0.50/2.25 = 22\n  so inelastic')).toMatch(/price goes up\\\\\n\$x = [^\n]*\$\\\\\n\$y = [^\n]*\$\\\\\nso inelastic/);
    expect(lines('1. 多重存储模型：感觉记忆\n2. 短时记忆容量：7±2 个组块\n3. 前摄干扰 vs 倒摄干扰\n   前摄：旧的干扰新的\n   倒摄：新的干扰旧的')).toMatch(/倒摄干扰\\\\\n前摄：旧的干扰新的\\\\\n倒摄/);
    expect(lines('1. The committee discussed the new parking rules for the visitors of the\n   building and agreed to write.\n2. Other business.')).toContain('visitors of the building');
    // In Markdown too: an item's equation lines are Markdown's soft breaks.
    expect(body('# Notes\n\n- **example**: coffee\n  %dQ = -20/110 = -18.2%\n  %dP = 0.50/2.25 = 22.2%\n- next')).toMatch(/coffee\\\\\n[^\n]*d Q[^\n]*\\\\\n[^\n]*d P/);
  });

  it('keeps a web address under a contact line on its own line', () => {
    expect(lines('Manchester, UK  •  +44 7700 900412  •  aarav.mehta@gmail.com\nlinkedin.com/in/aaravmehta-eng')).toMatch(/com\\\\\nlinkedin/);
  });
});

describe('reader 55: math and chemistry as typed', () => {
  it('sets a limit typed with its approach in brackets, an evaluated bracket, and "int =" as a name', () => {
    expect(lines('lim (x->0) sin(3x)/x = 3')).toContain('\\lim_{x \\to 0}');
    const parts = lines('int = [-x cos x] from 0 to pi + int_0^pi cos x dx');
    expect(parts).toContain('\\mathrm{int} = [-x \\cos x]_{0}^{\\pi}');
    expect(parts).toContain('\\int_{0}^{\\pi} \\cos x');
  });

  it('sets a share\'s basis, a hybrid orbital, much-greater signs and water as typed', () => {
    expect(lines('The mean was 50.6 g/L = 5.06% w/v here.')).toContain('\\mathrm{w/v}');
    expect(lines('The mean was 50.6 g/L = 5.06% w/v here.')).not.toContain('\\frac{w}{v}');
    expect(lines('an sp3 carbon, planar (sp2), sp3d2 in SF6; a wasp2 is none')).toMatch(/\$\\mathrm\{sp\}\^\{3\}\$ carbon[\s\S]*\\mathrm\{sp\}\^\{3\}\\mathrm\{d\}\^\{2\}[\s\S]*wasp2/);
    expect(lines('- good LG = weak base. I- > Br- > Cl- >> F-\n- methyl > 1° > 2° >> 3°')).toMatch(/\\gg/);
    expect(lines('Water is H2O and brine is NaCl in water.')).toContain('$\\ce{H2O}$');
    // A grade among grades is no starred quantity; an equilibrium price is.
    expect(lines('Maths (A*), Physics (A), Geography (A)')).not.toContain('^{*}');
    expect(lines('At P > P* demand falls; (P*) is the price.')).toContain('(P^{*})');
  });

  it('sets code between code blocks as code in a note that holds code', () => {
    const note = 'Tutorial\n\nStep 1 - open\n\nwith open("a.txt") as f:\n    text = f.read()\n\nThe with part closes the file.\n\nStep 2 - split\n\nwords = text.lower().split()\nprint(words[:20])\n\nThat splits on spaces.\n';
    expect(body(note)).toMatch(/begin\{lstlisting\}[^\n]*\nwords = text\.lower\(\)\.split\(\)\nprint\(words\[:20\]\)/);
    // Two formulas in a note without code stay math.
    expect(lines('x = 2\ny = 3')).not.toContain('lstlisting');
  });
});

describe('reader 55: levels, title lines, tables and text in formulas', () => {
  it('heads a lower-case line over a list in a note read as Markdown, at the level of the capitals after it', () => {
    const plan = body('4 WEEK PLAN\nfor: Leila\nstart date - Mon 2 Sept\n\ngeneral rules\n• 3 days a week\n• warm up 5-10 min\n\nDAY A\n• Goblet squat\t3 x 10\n\nweekly schedule\nMon - Day A\nWed - Day B\n\nprogression\nweek 1: learn the movements, light weights\nweek 2: +1 set on squats\nweek 3: go up in weight ~5-10%\n', 'basic');
    for (const head of ['general rules', 'DAY A', 'weekly schedule', 'progression']) expect(plan).toContain(`\\section*{${head}}`);
    // The line typed above the date stays above it.
    expect(plan).toMatch(/\{\\small For: Leila\\\\start date/);
    // Under a line in capitals first, short heads are its parts.
    expect(body('Notes\n\nDERIVATIVES\n\nPower rule\n- x^n -> n x^(n-1)\n- constants vanish\n\nChain rule\n- outer times inner\n', 'basic')).toContain('\\subsection*{Power rule}');
  });

  it('keeps a line aligned under a label\'s value, and an equation line, on lines of their own', () => {
    const out = lines('Examples: cT = tropical continental, hot and dry air over the Sahara in summer\n          mP = polar maritime, cold and wet air over the North Atlantic');
    expect(out).toMatch(/Sahara in summer\\\\\n\$?m ?P/);
    expect(out).not.toContain('\\item');
  });

  it('joins short words and a phrase in a formula into one text; sets a column of figures with dashes flush right', () => {
    expect(lines('[acid] in diluted sample = 8.43e-4 mol / 0.01000 L = 0.0843 M')).toContain('\\text{ in diluted sample}');
    const table = lines('Item\tQtd\tUnit price\tTotal\nSoil\t40\t18,00\t720,00\nSeeds\t—\t—\t350,00\nWood\t12\t45,00\t540,00');
    expect(table).toContain('\\begin{tabular}{lrrr}');
  });

  it("heads a CV's job typed with its dates after tabs, the dates set apart; the name over the contact lines ranks no section", () => {
    const cv = body('CURRICULUM VITAE\n\nAarav Mehta\nManchester, UK  •  +44 7700 900412\n\nPROFILE\nCivil engineer with 5 yrs experience.\n\nEXPERIENCE\n\nCivil Engineer, Hartwell & Price Consulting, Manchester\t\tSep 2021 – present\n- lead designer on 11 schemes\n- mentor two graduates\n\nEDUCATION\nMEng Civil Engineering, University of Sheffield\t\t2015–2019\n  First Class Honours\n', 'basic');
    expect(cv).toContain('\\subsection*{Civil Engineer, Hartwell \\& Price Consulting, Manchester\\quad{}Sep 2021 -- present}');
    expect(cv).toMatch(/\\subsection\*\{MEng Civil Engineering/);
    // A job line over its lines keeps its dates apart, once.
    expect(lines('Stripe, Dublin\t\tMar 2021 – present\nBuilt the payments API.\nLed a team of four.')).toMatch(/Dublin(?:\\quad\{\}|\\hfill )Mar 2021/);
    // A label and its value after a tab stay as typed.
    expect(lines('Name:\tJohn Smith\nRoom:\t204')).not.toContain('hfill');
  });
});

