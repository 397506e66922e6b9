// What reader 51's pages showed, by class: formulas whose factors were read as units (1/2 C V^2),
// Romance languages' math words (sen, "de 0 a 2", an article before an integral), an arrow between
// figures set as math, title blocks (a Korean date, names and a term after a dash, an affiliation
// under the author), slides (a typed contents slide, a Vietnamese speaker's note), headings ("2.2
// Procedure" over a lettered list, "Problema 1." numbered twice) and right-to-left names and
// addresses set in a table's cells. Each rule is shown beside a note it must not change.
import { describe, expect, it } from 'vitest';
import { generate } from './index.js';
import type { DocumentType } from '../../../../shared/document-types.js';

const body = (content: string, documentType: DocumentType = 'article'): string => {
  const latex = generate({ content, documentType }).latex;
  return latex.slice(latex.indexOf('\\begin{document}'));
};
const lines = (text: string): string => body(`Notes\n\nSome words to start with.\n\n${text}\n`);

describe('reader 51: math as typed', () => {
  it('reads letters after a figure that go on with another letter as factors, not units', () => {
    expect(lines('E = 1/2 C V^2')).toContain('\\frac{1}{2} C V^{2}');
    expect(lines('v^2 = v0^2 - 2 g h')).toContain('v_{0}^{2} - 2 g h');
    expect(lines('F = 10 N')).toContain('10\\,\\mathrm{N}');
    expect(lines('tau = 3 N m')).toContain('3\\,\\mathrm{N}\\,\\mathrm{m}');
  });
  it('knows sen as the sine, and the words of Romance math around figures', () => {
    expect(lines('lim x->0 sen x / x = 1')).toContain('\\frac{\\operatorname{sen} x}{x}');
    expect(lines('la integral de 0 a 1 de x al cuadrado dx = 1/3')).toContain('\\text{la } \\int_{0}^{1} x^{2}');
    expect(lines('[x^3 + x] de 0 a 2 = (8 + 2) - 0 = 10')).toContain('\\text{ de } 0 \\text{ a } 2');
    expect(lines('mu = 0.5')).toContain('\\mu = 0.5');
  });
  it('keeps an arrow between figures in the sentence', () => {
    expect(lines('revenue went 12% -> 18% this year')).toContain('12\\% \\ensuremath{\\rightarrow} 18\\%');
    expect(lines('then x -> 0 here')).toContain('$x \\to 0$');
  });
});

describe('reader 51: title blocks and slides', () => {
  it('reads a Korean date, and a deck\'s typed contents slide stays', () => {
    const b = body('스마트폰 사용 시간과 수면의 질\n심리학개론 조별 발표 – 3조\n2024. 12. 05\n\n슬라이드 1: 목차\n- 연구 배경\n- 결론\n\n슬라이드 2: 연구 배경\n- 약 5시간\n\n슬라이드 3: 결론\n- 끝\n', 'presentation');
    expect(b).toContain('\\date{2024. 12. 05}');
    expect(b).toMatch(/\{목차\}/);
  });
  it('takes names and a term after a dash as the authors, never a workshop\'s name', () => {
    const b = body('Nachhaltige Logistik\nReferat im Seminar SCM\nLena Hoffmann, Jonas Weber – WiSe 2024/25\n\nFolie 1: Gliederung\n- Motivation\n\nFolie 2: Motivation\n- Kosten\n', 'presentation');
    expect(b).toContain('\\author{Lena Hoffmann, Jonas Weber}');
    expect(b).not.toMatch(/section\{Lena|textbf\{Lena/);
    expect(body('Git\nWorkshop Vertrieb – Do. 14:00\nStefan Kühn (IT)\n\n---\n\nWarum Git?\n- weil\n\n---\n\nOrte\n- hier\n', 'presentation')).toContain('\\author{Stefan Kühn (IT)}');
  });
  it('sets a line of words under the author as the affiliation, and a course line as the subtitle', () => {
    expect(body('Lab report on pendulums\nby Ana Ruiz\nPhysics department\n\nText here.\n')).toContain('\\author{Ana Ruiz\\\\[1ex]{\\small Physics department}}');
    expect(body('Capstone Plan\nBy Ana Ruiz\nCS 4850 Senior Design – Spring 2025\n\nText here.\n')).toContain('\\large CS 4850 Senior Design');
  });
  it('reads a Vietnamese speaker\'s note', () => {
    const b = body('Điện mặt trời\n\nSlide 1 - Cấu tạo\n* Tấm pin\nGhi chú cho người nói: dùng hình sơ đồ\n\nSlide 2 - Chi phí\n* 60 triệu\n', 'presentation');
    expect(b).toContain('\\note{dùng hình sơ đồ}');
  });
});

describe('reader 51: headings', () => {
  it('makes "2.2 Procedure" over a lettered list the next heading, and numbers no "Problema 1." twice', () => {
    expect(body('Lab\n\n2. Materials and Method\n2.1 Materials\n- 50.0 mL of HCl\n- two cups\n2.2 Procedure\na) Both solutions were left.\nb) The acid was poured.\n', 'report')).toContain('{2.2 Procedure}');
    const hw = body('Lista 3\n\nProblema 1.\nCalcule x.\nSolução:\nx = 2\n\nProblema 2.\nCalcule y.\nSolução:\ny = 3\n');
    expect(hw).toContain('\\section*{Problema 1}');
  });
});

describe('reader 51: right-to-left names and addresses', () => {
  it('sets an Arabic author, a letter\'s addresses and its date in their language, their words in order', () => {
    expect(body('تحلية مياه البحر\nإعداد: د. ليلى الحربي\nمارس 2025\n\nمقدمة\n\nنص المقدمة هنا.\n')).toContain('\\author{\\foreignlanguage{arabic}{د. ليلى الحربي}}');
    const letter = body('أحمد خالد العلي\nشارع الملك فهد، حي العليا\n\nالرياض في 5 رمضان 1445هـ الموافق 15 مارس 2024م\n\nسعادة مدير إدارة شؤون الطلاب المحترم\nجامعة الملك سعود\n\nالسلام عليكم ورحمة الله وبركاته،\n\nأتقدم إلى سعادتكم بهذا الطلب.\n\nوتفضلوا بقبول فائق الاحترام،\nأحمد خالد العلي\n', 'letter');
    expect(letter).toContain('\\date{\\foreignlanguage{arabic}{الرياض في 5 رمضان 1445هـ الموافق 15 مارس 2024م}}');
    expect(letter).toContain('\\foreignlanguage{arabic}{جامعة الملك سعود}');
    // A Latin name in an English letter is set as it is.
    expect(body('Jane Doe\n1 Main St\n\nDear Sir,\n\nText.\n\nBest,\nJane', 'letter')).not.toContain('foreignlanguage');
  });
});

describe('reader 51, judged again: what still showed', () => {
  it('reads chapters named in more languages, and numbers none twice', () => {
    const b = body('कहानी\n\nअध्याय 1 – वापसी\n\nपहला वाक्य यहाँ है।\n\nअध्याय 2 – घर\n\nदूसरा वाक्य यहाँ है।\n\nअध्याय 3 – चौपाल\n\n(अभी लिखना बाकी है)\n', 'book');
    expect(b.match(/\\chapter\{/g)?.length).toBe(3);
    expect(b).not.toMatch(/\\chapter\{[^}]*अध्याय/);
  });
  it('indexes a component by its axis, and keeps a duration\'s arrow in the sentence', () => {
    expect(lines('v0x = v0 cos theta')).toContain('v_{0x} = v_{0} \\cos \\theta');
    expect(lines('- First response time: 2h 40m → 1h 55m')).toContain('2h 40m \\ensuremath{\\rightarrow} 1h 55m');
  });
  it('reads a line of words with a remark in brackets as prose, not code', () => {
    const cv = body('Katarzyna Nowak\nKraków, ul. Długa 27/4\ntel. +48 601 234 567\ne-mail: k.nowak@example.pl\n\nWYKSZTAŁCENIE\n2020 – 2024    Uniwersytet Ekonomiczny w Krakowie\n               Informatyka i ekonometria, studia I stopnia (licencjat)\n               praca dyplomowa: „Prognozowanie cen mieszkań"\n', 'basic');
    expect(cv).not.toContain('lstlisting');
    // A phone number is a contact line, never the subtitle; a typed label keeps its hyphen.
    expect(cv).not.toMatch(/\\large tel\./);
    expect(cv).toContain('E-mail: k.nowak@example.pl');
    expect(lines('Run it:\n    print(total(xs))\n    save(xs)')).toContain('lstlisting');
  });
});
