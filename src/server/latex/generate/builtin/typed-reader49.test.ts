// What reader 49's pages showed, by class: a chat assistant's deck (its opening, "Slide N —"
// headings, a "Title" slide), … Each rule is shown beside a note it must not change.
import { describe, expect, it } from 'vitest';
import { generate } from './index.js';
import type { DocumentType } from '../../../../shared/document-types.js';

const body = (content: string, documentType: DocumentType): string => {
  const latex = generate({ content, documentType }).latex;
  return latex.slice(latex.indexOf('\\begin{document}'));
};

describe('reader 49: a deck pasted from a chat assistant', () => {
  it('drops the opening, takes the numbers off "Slide N —" headings and makes the "Title" slide the title page', () => {
    const note = 'Sure! Here is a short deck on recycling:\n\n## Slide 1 — Title\n**Recycling at Home**\nby Ana Ruiz\n\n## Slide 2 — Why it matters\n- less waste\n- saves energy\n\n## Slide 3 — What to do\n- sort paper\n- rinse cans\n\nWould you like me to add speaker notes?\n';
    const b = body(note, 'presentation');
    expect(b).toContain('\\title{Recycling at Home}');
    expect(b).toContain('\\author{Ana Ruiz}');
    expect(b).toContain('{Why it matters}');
    expect(b).toContain('{What to do}');
    expect(b).not.toMatch(/Sure!|Slide \d|Would you like/);
  });
  it('keeps numbered slides as slides and an answer of sibling headings untitled', () => {
    const deck = body('Sure! Here is a 3-slide deck:\n\n# Slide 1: Intro\nRecycling saves energy.\n\n# Slide 2: How\n- sort\n- rinse\n', 'presentation');
    expect(deck).not.toContain('\\titlepage');
    expect(deck).toContain('{Intro}');
    const outline = body('Here is your outline:\n\n## Background\nSome text here.\n\n## Method\nMore text.\n', 'article');
    expect(outline).not.toContain('\\maketitle');
    expect(outline).toContain('\\section{Background}');
    expect(outline).not.toContain('Here is your outline');
    // The answer's own title heading still names it; a note's own first line ending in a colon stays.
    expect(body('Sure! Here is the essay:\n\n# Causes of WWI\n\n## Intro\nText.\n\n## Causes\nMore.\n', 'article')).toContain('\\title{Causes of WWI}');
    expect(body('Here are my notes from Monday:\n\n## Budget\nText.\n\n## Staff\nMore.\n', 'article')).toContain('Here are my notes from Monday');
  });
});

describe('reader 49: labels, units and short reports', () => {
  it('keeps a thing named by a letter and number as words, and sets molar M upright after a figure', () => {
    const b = body('Results\n\nAbsorbance of sample B7 = 0.42\nc = n / V = 0.025 mol / 0.250 L = 0.10 M\n', 'article');
    expect(b).toContain('sample B7');
    expect(b).not.toContain('B_{7}');
    expect(b).toContain('0.10\\,\\mathrm{M}');
    // An indexed quantity stays one, and a mass after a figure times another is no unit.
    expect(body('Work\n\nx1 + x2 = 5\nE = 2 M c^2\n', 'article')).toMatch(/x_\{1\} \+ x_\{2\}[\s\S]*2 M c\^\{2\}/);
  });
});

describe('reader 49: place-and-date lines and worked math beside code', () => {
  it('never makes a place and a day a heading, while a title carrying its month stays one', () => {
    const note = 'Verbale assemblea condominiale\n\nSi è riunita l\'assemblea dei condomini.\n\nOrdine del giorno\n1. approvazione bilancio\n2. lavori tetto\n\nTreviso, 12/03/2025\n\nIl presidente\nMario Rossi\n';
    const b = body(note, 'basic');
    expect(b).not.toMatch(/section\*?\{Treviso/);
    expect(b).toContain('Treviso, 12/03/2025');
    expect(body('Field notes\n\nDrought, July 2022\nThe creek was dry.\nNo frogs.\n\nFlood, March 2023\nThe creek was high.\n', 'article')).toContain('\\section{Drought, July 2022}');
  });
  it('sets an update rule with x_(n+1) as math beside Python, and keeps code after a blank line in the listing', () => {
    const note = "Newton's method\n\nWe want to solve f(x) = x^2 - 2 = 0.\nThe update rule is:\n    x_(n+1) = x_n - f(x_n)/f'(x_n)\n\nPython code:\n\ndef newton(f, df, x0, tol=1e-10):\n    x = x0\n    for i in range(50):\n        x_new = x - f(x)/df(x)\n        if abs(x_new - x) < tol:\n            return x_new\n        x = x_new\n    return x\n\nroot = newton(lambda x: x*x - 2, lambda x: 2*x, 1.0)\nprint(root)\n\nThe method converges quadratically.\n";
    const b = body(note, 'article');
    expect(b).toContain('x_{n + 1} = x_{n}');
    expect(b.match(/\\begin\{lstlisting\}/g)).toHaveLength(1);
    expect(b).toMatch(/print\(root\)\n\\end\{lstlisting\}/);
    expect(b).toContain('The method converges quadratically.');
  });
});

describe('reader 49: right to left', () => {
  it('keeps a temperature with its unit one left-to-right quantity in Arabic', () => {
    const b = body('تجربة الحمض\n\nدرجة حرارة المختبر كانت 25°C تقريبا.\nثم ارتفعت.\n', 'article');
    expect(b).toContain('\\lgLTR{25\\lgsym{°}C}');
  });
});

describe('reader 49: a Japanese business letter', () => {
  it('tells the addressee (様) from the sender, opens with 拝啓, closes with 敬具 and sets 記 … 以上 apart', () => {
    const note = '2025年3月10日\n\n株式会社さくら商事\n営業部 田中一郎 様\n\n株式会社みどり工業\n総務部 山本花子\n\n見積書送付のお願い\n\n拝啓　早春の候、貴社ますますご清栄のこととお慶び申し上げます。\nさて、部品の見積書を3月20日までにご送付いただけますでしょうか。\n何卒よろしくお願い申し上げます。\n\n敬具\n\n記\n1. 品名：アルミ部品A-12\n2. 数量：500個\n\n以上\n';
    const b = body(note, 'letter');
    expect(b).toContain('\\address{株式会社みどり工業');
    expect(b).toMatch(/\\begin\{letter\}\{株式会社さくら商事\\\\\n営業部\\ 田中一郎\\ 様\}/);
    expect(b).toContain('拝啓');
    expect(b).toContain('\\closing{\\hfill 敬具}');
    expect(b).toContain('\\signature{}');
    expect(b).toMatch(/\\begin\{center\}\n記\n\\end\{center\}[\s\S]*\\begin\{flushright\}\n以上\n\\end\{flushright\}/);
  });
});

describe('reader 49: numbered units as the first line', () => {
  it('keeps "Chapter 1 - Home" on the first line a chapter, never the title', () => {
    for (const note of ['Chapter 1 - Home\n\nHe came back.\n\nChapter 2 - Away\n\nHe left again.\n', '第1章 - 归乡\n\n他回来了。\n\n第2章 - 离开\n\n他又走了。\n']) {
      const b = body(note, 'book');
      expect(b).not.toContain('\\title');
      expect(b.match(/\\chapter\{/g)).toHaveLength(2);
    }
    // A title and byline over the chapters still name the book.
    expect(body('The Long Road\nby Ana Silva\n\nChapter 1 - Home\n\nHe came back.\n\nChapter 2 - Away\n\nHe left.\n', 'book')).toMatch(/\\title\{The Long Road\}[\s\S]*\\chapter\{Home\}/);
  });
  it('reads "슬라이드 2 - 현황" as a slide titled 현황 and "발표 노트:" as its speaker note', () => {
    const b = body('슬라이드 1 - 캠퍼스 금연 정책\n김민지, 2025년 5월\n\n슬라이드 2 - 현황\n- 흡연 구역 12곳\n- 민원 연 40건\n발표 노트: 민원 수치는 학생처 자료입니다.\n\n슬라이드 3 - 제안\n- 흡연 구역 4곳으로 축소\n', 'presentation');
    expect(b).toContain('\\title{캠퍼스 금연 정책}');
    expect(b).toContain('{현황}');
    expect(b).toContain('\\note{민원 수치는 학생처 자료입니다.}');
    expect(b).not.toContain('{- ');
  });
});

describe('reader 50: chat decks, notation typed in words, headings among lines', () => {
  it('drops an answer opening that ends in a full stop and an offer ending in a smiley; bold "Speaker notes:" are notes', () => {
    const note = "Sure! Here's a 3-slide outline for your talk on bees, with speaker notes. Feel free to adjust it.\n\n---\n\n## Slide 1: Title Slide\n**Why Bees Matter**\nAna Ruiz\n\n## Slide 2: Pollination\n- a third of our food\n\n**Speaker notes:** Start with the almond example.\n\n## Slide 3: Threats\n- pesticides\n\nWould you like me to add images for each slide? 😊\n";
    const b = body(note, 'presentation');
    expect(b).toContain('\\title{Why Bees Matter}');
    expect(b).toContain('\\note{Start with the almond example.}');
    expect(b).not.toMatch(/Sure!|Would you like|Speaker notes/);
  });
  it('sets deltaS as ΔS, t1/2 as a half-life, dQ_rev with its index, and keeps "avec" a word', () => {
    const b = body('Thermo\n\ndeltaG = deltaH - T deltaS\n1st order: t1/2 = 0.693/k\ndefinition: dS = dQ_rev / T\nIntégration par parties avec u = x\n', 'article');
    expect(b).toContain('\\Delta G = \\Delta H - T \\Delta S');
    expect(b).toContain('t_{1/2} = \\frac{0.693}{k}');
    expect(b).toContain('\\frac{dQ_{\\mathrm{rev}}}{T}');
    expect(b).toContain('avec $u = x$');
    expect(body('Halves\n\nx1/2 = 3\n', 'article')).toContain('\\frac{x_{1}}{2}');
  });
  it('heads a chunk\'s next part with a line in capitals among its lines, and leaves a telegram before a chapter in the text', () => {
    const b = body('Thermo lecture\n\nrecap\n- first law: dU = dQ - dW\n2nd LAW\nheat flows from hot to cold\nkelvin-planck: no engine converts heat fully into work\nENTROPY\ndefinition: dS = dQ_rev / T\nfor an isothermal process deltaS = Q/T\n', 'article');
    expect(b).toContain('\\section{ENTROPY}');
    const book = body('Chapter 1: The Island\n\nShe arrived in March. The boat was late.\nThe girl stood blushing while Margaret tapped it out.\nYES STOP OBVIOUSLY STOP\n\nChapter 2: The Weather\n\nIt was old Mrs Campbell who told her.\n', 'book');
    expect(book).not.toMatch(/section\*?\{YES STOP/);
    expect(book).toContain('YES STOP OBVIOUSLY STOP');
  });
});
