// What reader 64 showed on fresh notes, by class: "x = 0 lub x = 2" set its second x as a times
// sign; a story's single quotes all printed as closing quotes; an environment file's lines
// ("DB_POOL_MAX=5") set as a formula with nested subscripts, its "# file.env" comment a section.
// Each rule is shown beside a note it must not change.
import { describe, expect, it } from 'vitest';
import { generate } from './index.js';
import { bodyLatex } from './test-support/generated.js';

const body = bodyLatex;

describe('an x that a relation follows is the unknown, never a times sign', () => {
  it('"x = 0 lub x = 2" keeps both x', () => {
    const tex = body('Zadanie\n\npunkty przecięcia: x^2 = 2x  =>  x(x - 2) = 0  =>  x = 0 lub x = 2\n');
    expect(tex).toContain('x = 0 \\text{ lub } x = 2');
    expect(tex).not.toContain('\\times');
  });

  it('"1/2 x tax x change in quantity" still multiplies', () => {
    expect(body('Welfare\n\nDWL = 1/2 x tax x change in quantity\n')).toContain('\\times');
  });
});

describe("single quotes around speech open and close", () => {
  it("'Well, …,' he said opens with ‘ and closes with ’; a quotation closed on a later line opens before its capital", () => {
    const tex = body("Memoir\n\nMy father said, 'Well, they'll have trains there same as here,' and smiled.\n\n'Such as?'\n\nHe said, 'Not the bit they\nteach you in the book.'\n", 'book');
    expect(tex).toContain("said, `Well, they'll have trains there same as here,' and");
    expect(tex).toContain("`Such as?'");
    expect(tex).toContain('`Not the bit they');
  });

  it("elisions and apostrophes stay: the '90s, get 'em, the students' books, O'Brien", () => {
    const tex = body("Notes\n\nIn the '90s we would get 'em all. The students' books belong to O'Brien.\n");
    expect(tex).not.toContain('`');
  });
});

describe("an environment file's lines are code", () => {
  it('"# k8s/base/payments-gateway.env" over "DB_POOL_MAX=5" lines is one listing with its comment', () => {
    const tex = body('Incident\n\nThe value was set in the shared base file instead of the staging overlay:\n\n# k8s/base/payments-gateway.env\nDB_POOL_MAX=5\nDB_POOL_TIMEOUT_MS=2000\n\nWhy it was not caught: staging runs at two requests a second.\n');
    expect(tex).toMatch(/\\begin\{lstlisting\}[^\n]*\n# k8s\/base\/payments-gateway\.env\nDB_POOL_MAX=5\nDB_POOL_TIMEOUT_MS=2000\n\\end\{lstlisting\}/);
    expect(tex).not.toMatch(/\\section\{k8s|mathrm\{DB\}/);
  });

  it('one formula in capitals with a subscript is still math: V_MAX = 5 V', () => {
    expect(body('Circuit\n\nThe limit is V_MAX = 5 V for this input.\n')).toContain('$');
  });
});

describe("a deck's speaker notes in Indonesian and Korean stay off the slides", () => {
  it('"Catatan:" and "(bilang: …)" are notes; "(말할 것: …)" too', () => {
    const tex = body('Pitch Koperasi Kopi\nBudi Santoso\n\nSlide 1 - Masalah\n- harga kopi turun\n- petani rugi\nCatatan: sebut bahwa 40% petani muda\n\nSlide 2 - Solusi\n- mesin roasting sendiri\n(bilang: teknologi ini murah)\n\nSlide 3 - 결론\n- 랜덤 포레스트가 더 낫다\n(말할 것: 숲이라서 안정적이다)\n', 'presentation');
    expect(tex).toContain('\\note{sebut bahwa 40\\% petani muda}');
    expect(tex).toContain('\\note{teknologi ini murah}');
    expect(tex).toMatch(/\\note\{[^}]*숲이라서/);
    expect(tex).not.toMatch(/\\item[^\n]*(?:bilang|Catatan|말할)/);
  });
});

describe('a slide that goes on says so in the deck\'s language', () => {
  it('a Korean slide split over two frames is marked (계속), an English one (cont.)', () => {
    const code = Array.from({ length: 40 }, (_, k) => `print("줄 ${k}")`).join('\n');
    const ko = body(`머신러닝 스터디\n\n## 실습 코드\n\`\`\`python\n${code}\n\`\`\`\n`, 'presentation');
    expect(ko).toContain('실습 코드 (계속)');
    expect(ko).not.toContain('(cont.)');
    const en = body(`Study group\n\n## Lab code\n\`\`\`python\n${code.replace(/줄/g, 'line')}\n\`\`\`\n`, 'presentation');
    expect(en).toContain('Lab code (cont.)');
  });
});

describe("a book's scene break", () => {
  it('"* * *" between a chapter\'s paragraphs is three centred asterisks, not a rule across the page', () => {
    const tex = body('The Salt House\nby Ann Lee\n\nChapter 1: Sea\n\nIt was cold that night on the rock.\n\n* * *\n\nMorning came grey and slow over the water.\n\nChapter 2: Land\n\nThey walked to the village.\n', 'book');
    expect(tex).toContain('\\begin{center}*\\quad*\\quad*\\end{center}');
    expect(tex).not.toContain('\\lgrule');
  });

  it('an article keeps its rule, with space around it', () => {
    const latex = generate({ content: 'Notes\n\nFirst part of the notes here.\n\n---\n\nSecond part of the notes here.\n', documentType: 'article' }).latex;
    expect(latex).toContain('\\newcommand{\\lgrule}{\\par\\medskip\\noindent\\rule{\\linewidth}{0.4pt}\\par\\medskip}');
    expect(latex).toContain('\\lgrule');
  });
});

describe('a sentence that opens with an ordinal is no list', () => {
  it('"29. haftadaki artışın … bildirildi." under a table stays a paragraph with its number', () => {
    const tex = body('Staj Raporu\n\nHafta       Toplam test   Hatalı\n27. hafta   41.260        318\n28. hafta   42.105        287\n\n29. haftadaki artışın yeni bir motor tedarikçisinden gelen partiyle ilgili olduğu anlaşıldı.\n', 'report');
    expect(tex).toContain('\n29. haftadaki artışın');
    expect(tex).not.toMatch(/\\begin\{enumerate\}\[start=29\]/);
  });

  it('an item that goes on from the list above keeps its number in a list', () => {
    const tex = body('Steps\n\n1. open the box and take out the parts one by one.\n\nThen rest a minute.\n\n2. fit the legs to the frame with the four long screws.\n');
    expect(tex).toMatch(/\\begin\{enumerate\}(?:\[start=2\])?\s*\n\\item fit the legs/);
  });
});

describe('double brackets in code are an index, not a wiki link', () => {
  it('df[["Pclass", "Sex"]] and lst[[1]] keep their brackets; [[Page One]] is still a link\'s text', () => {
    const tex = body('# Lab\n\nSee [[Page One]] and [[Notes|the notes]].\n\nX = pd.get_dummies(df[["Pclass", "Sex"]])\ny = lst[[1]]\n');
    expect(tex).toContain('X = pd.get_dummies(df[["Pclass", "Sex"]])');
    expect(tex).toContain('y = lst[[1]]');
    expect(tex).toContain('See Page One and the notes.');
  });
});

const PERSIAN_LETTER = "بسمه تعالی\n\nتاریخ: ۱۴۰۳/۰۲/۱۵\nپیوست: دارد\n\nجناب آقای دکتر محمدرضا کریمی\nمدیر محترم گروه مهندسی عمران\nدانشکده فنی، دانشگاه تهران\n\nموضوع: درخواست تمدید مهلت دفاع از پایان‌نامه کارشناسی ارشد\n\nبا سلام و احترام،\n\nاحتراماً، اینجانب سارا احمدی، دانشجوی کارشناسی ارشد رشته مهندسی سازه به شماره دانشجویی ۸۱۰۱۰۰۴۲۷، به استحضار می‌رساند که پایان‌نامه اینجانب با عنوان «بررسی رفتار لرزه‌ای قاب‌های فولادی مجهز به میراگر ویسکوز» تحت راهنمایی جناب آقای دکتر حسین رضایی در حال انجام است.\n\nبا توجه به اینکه بخش آزمایشگاهی پژوهش به دلیل تعمیر میز لرزان (shake table) آزمایشگاه سازه حدود دو ماه (از ۱۰ دی تا ۵ اسفند ۱۴۰۲) متوقف بود، انجام آزمایش‌های نهایی با تأخیر مواجه شده است. در حال حاضر:\n- فصل‌های ۱ تا ۳ پایان‌نامه نوشته شده و به تأیید استاد راهنما رسیده است؛\n- تحلیل‌های عددی در نرم‌افزار OpenSees به پایان رسیده است؛\n- از ۱۲ نمونه آزمایشگاهی، ۸ نمونه آزمایش شده و ۴ نمونه باقی مانده است.\n\nلذا خواهشمند است با تمدید مهلت دفاع اینجانب به مدت یک نیمسال تحصیلی (تا پایان شهریور ۱۴۰۳) موافقت فرمایید. نامه تأیید استاد راهنما و گزارش پیشرفت کار به پیوست تقدیم می‌گردد.\n\nپیشاپیش از حسن توجه جنابعالی سپاسگزارم.\n\nبا تشکر و احترام\nسارا احمدی\nدانشجوی کارشناسی ارشد مهندسی سازه\nتلفن همراه: ۰۹۱۲۳۴۵۶۷۸۹\nایمیل: sara.ahmadi@ut.ac.ir\n\nرونوشت:\n- استاد راهنما، جناب آقای دکتر حسین رضایی\n- اداره تحصیلات تکمیلی دانشکده\n";

describe("a letter's own closing in more languages", () => {
  it('a Persian letter closed "با تشکر و احترام" gets no second closing "با احترام،"', () => {
    const latex = generate({ content: PERSIAN_LETTER, documentType: 'letter' }).latex;
    expect(latex).not.toContain('\\closing{با احترام،}');
    expect(latex).toContain('\\closing{با تشکر و احترام}');
  });

  it('an Indonesian "Hal:" line is the subject', () => {
    const latex = generate({ content: 'Jakarta, 3 Mei 2024\n\nKepada Yth.\nBapak Kepala Sekolah\n\nHal: Permohonan izin tidak masuk\n\nDengan hormat,\n\nSaya mohon izin tidak masuk sekolah pada hari Senin karena sakit.\n\nHormat saya,\nBudi\n', documentType: 'letter' }).latex;
    expect(latex).toMatch(/\\textbf\{Permohonan izin tidak masuk\}|Hal: \\textbf|subject|Permohonan izin tidak masuk/);
    expect(latex).not.toContain('Hal: Permohonan izin tidak masuk\\\\');
  });
});
