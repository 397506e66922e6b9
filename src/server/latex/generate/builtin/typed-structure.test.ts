// Structure typed without markup that a reader looks for first (reader 46's second pass): underlined
// titles and headings, parts over chapters, numbered runs, lettered items, a Markdown table left in
// text, a title of two lines. Each rule is shown with a note it must not change.
import { describe, expect, it } from 'vitest';
import { generate } from './index.js';
import type { DocumentType } from '../../../../shared/document-types.js';

const body = (content: string, documentType: DocumentType): string => {
  const latex = generate({ content, documentType }).latex;
  return latex.slice(latex.indexOf('\\begin{document}'));
};

describe('reader 46, second pass: underlines, parts, numbered runs, lettered items', () => {
  it('a plain note\'s underlined title and headings (=== and ---) are its title and sections; the underline is never text', () => {
    const b = body('Calling a web API from Python\n=============================\n\nThis is the walkthrough I give everyone in their first week.\n\nImproper integrals\n------------------\nintegral from 1 to inf of 1/x^p dx converges iff p > 1\n\nSeries\n------\ngeometric series converge when the ratio is small.', 'article');
    expect(b).toContain('\\title{Calling a web API from Python}');
    expect(b).toMatch(/\\section\{Improper integrals\}[\s\S]*\\section\{Series\}/);
    expect(b).not.toMatch(/===|-{6}|\\rule|\\hrule/);
  });

  it('a CV under an underlined title keeps its ALL-CAPS sections (the underline alone makes no Markdown)', () => {
    const b = body('ÖZGEÇMİŞ\n--------\n\nElif Yılmaz\nİnşaat Mühendisi\n\nKİŞİSEL ÖZET\nBetonarme yapıların tasarımında 4 yıllık deneyime sahip bir inşaat mühendisiyim.\n\nEĞİTİM\n2019 – 2021\tİstanbul Teknik Üniversitesi\n2014 – 2019\tOrta Doğu Teknik Üniversitesi\n\nHOBİLER\nDağcılık, fotoğrafçılık, satranç', 'basic');
    expect(b).toMatch(/KİŞİSEL ÖZET\}[\s\S]*EĞİTİM\}[\s\S]*HOBİLER\}/);
    expect(b).not.toMatch(/EĞİTİM 2019/);
  });

  it('a short --- under a line is a slide separator, not an underline', () => {
    const b = body('Beekeeping for beginners - club talk (Ray Dunmore)\n---\nwhy keep bees? honey, pollination, it is calming.\n---\nwhat you need: a hive, a suit, a smoker.', 'presentation');
    expect(b.match(/\\begin\{frame\}/g)?.length).toBeGreaterThanOrEqual(2);
  });

  it('"ЧАСТЬ I. ДОРОГА" over numbered chapters is a part; "5." after "4. …" and its indented points is the next chapter, not an item', () => {
    const b = body('Самовар и блюдце\n\nЧАСТЬ I. ДОРОГА\n1. Первое знакомство\n   1.1 Посол Василий Старков\n   1.2 Почему чай не оценили\n2. Кяхта и чайный путь\n\nЧАСТЬ II. ДОМ\n3. Самовар: от Тулы до всей империи\n   3.1 Братья Лисицыны, 1778 г.\n4. Чай из блюдца\n5. Чай в литературе\n   Пушкин, Гоголь, Чехов\n6. 1990-е: пакетики и чайный гриб', 'book');
    expect(b).toMatch(/\\part\{ДОРОГА\}\s*\\chapter\{Первое знакомство\}[\s\S]*\\chapter\{Кяхта и чайный путь\}\s*\\part\{ДОМ\}/);
    expect(b).toMatch(/\\chapter\{Чай из блюдца\}\s*\\chapter\{Чай в литературе\}[\s\S]*\\chapter\{1990-е: пакетики и чайный гриб\}/);
    expect(b).not.toMatch(/\\item Чай из блюдца|Глава|setcounter/);
    // A list under a numbered heading that happens to go on past the heading's number stays a list.
    const list = body('Report\n\n2. Steps\n1. mix\n2. bake\n3. cool\n4. serve\n', 'article');
    expect(list).toMatch(/\\item serve/);
  });

  it('"a) … b) … c)" lines are a lettered list; a lone "a) …" line is text', () => {
    const b = body('Notes from the meeting today.\n\nPriorities for April\na) certificate expiry alerts\nb) knowledge base articles\nc) recruit an analyst', 'article');
    expect(b).toMatch(/\\begin\{enumerate\}\[label=\\alph\*\)\]\s*\\item certificate expiry alerts\s*\\item knowledge base articles/);
    expect(body('Answer\na) is the right one, since the others fail.', 'article')).not.toContain('enumerate');
  });

  it('a Markdown table left in a numbered part\'s text is a table with its header; a two-line title heading is the title over its subtitle', () => {
    const b = body('IT SERVICE DESK – MONTHLY REPORT\nMarch 2025\n================================\n\nPrepared by: Sam Oduya\nDate: 04/04/2025\nTo: ops-leads@example.co.uk\n\n1. Executive summary\nMarch was our busiest month.\n\n2. Major incidents\n| Date | System | Duration |\n|-------|-------------|----------|\n| 06/03 | VPN gateway | 2h 15m |\n| 19/03 | SAP (ERP) | 4h 40m |\n', 'report');
    expect(b).toMatch(/\\title\{IT SERVICE DESK -- MONTHLY REPORT\\\\\[0\.3em\]\\large March 2025\}/);
    expect(b).toContain('\\author{Sam Oduya');
    expect(b).toMatch(/\\textbf\{Date\} & \\textbf\{System\} & \\textbf\{Duration\} \\\\\s*\\midrule\s*06\/03 & VPN gateway/);
    expect(b).not.toContain('\\textbar');
  });

  it('columns typed with runs of spaces that do not line up (CJK is twice as wide) are one table of four columns; sentences with two spaces after their stops are text', () => {
    const b = body('实验结果\n\n模型                          Top-1准确率   参数量   推理时间(手机端)\nResNet-50                     91.2%        25.6M    86 ms\nMobileNetV3-Large             89.7%        5.4M     21 ms\n本文方法 (MobileNetV3+CBAM)   93.5%        5.9M     24 ms', 'article');
    expect(b).toMatch(/\\begin\{tabular\}\{l[lr]{3}\}/);
    expect(b).toContain('本文方法 (MobileNetV3+CBAM) & 93.5\\% & 5.9M & 24 ms');
    expect(body('Intro line.\n\nIt rained all day.  We stayed in and read.\nThen the sun came out.  We went for a walk.\nIn the evening it rained.  We cooked soup.', 'article')).not.toContain('tabular');
  });

  it('a slide keeps its lines (as Marp does); the talk\'s closing words after the last slide\'s text are a closing slide of their own', () => {
    const b = body('# Reciclaje\n\n## Conclusiones\nSeparar bien no cuesta dinero, cuesta costumbre.\nSi mejoramos del 18% al 50%, ahorramos unos 1.200 €/año\n\n## 致谢\n感谢王老师的悉心指导，感谢实验室同学帮忙拍照！\n\n谢谢各位老师！\n恳请批评指正', 'presentation');
    expect(b).toContain('cuesta costumbre.\\\\\nSi mejoramos');
    expect(b).toMatch(/\{致谢\}\\relax\n感谢王老师[^\n]*\n\\end\{frame\}\s*\\begin\{frame\}\n\\centering\\Large\\textbf\{谢谢各位老师！\\\\\n恳请批评指正\}/);
  });

  it('a tutorial\'s pasted code: shell steps, a def over its indented body, a terminal session with its output are code; "Create stars.py:" is the text leading into it', () => {
    const b = body('Calling an API\n\nStep 1 - make a virtual environment\n\npython3 -m venv .venv\nsource .venv/bin/activate\npip install requests\n\nStep 2 - your first request\nCreate stars.py:\n\nimport requests\n\nresp = requests.get("https://api.example.com/x")\nprint(resp.status_code)\n\nNetwork calls fail, so set a timeout:\n\ndef fetch_repo(owner, name):\n    try:\n        r = requests.get(owner, timeout=5)\n    except requests.exceptions.Timeout:\n        return None\n    return r.json()\n\nThen run it and check the output:\n  $ python stars.py\n  $ cat stars.csv\n  repo,stars\n  python/cpython,64012\n', 'article');
    expect(b).toMatch(/\\begin\{lstlisting\}[^\n]*\npython3 -m venv \.venv\nsource \.venv\/bin\/activate\npip install requests\n\\end\{lstlisting\}/);
    expect(b).toMatch(/Create stars\.py:\s*(?:\\nopagebreak\s*)?\\begin\{lstlisting\}[^\n]*\nimport requests/);
    expect(b).toMatch(/\\begin\{lstlisting\}[^\n]*\ndef fetch_repo\(owner, name\):\n {4}try:/);
    expect(b).toMatch(/\\begin\{lstlisting\}[^\n]*\n\$ python stars\.py\n\$ cat stars\.csv\nrepo,stars/);
    expect(b).not.toContain('\\item \\$');
  });

  it('bullets typed a space or two apart are one list; two spaces deeper nests', () => {
    const b = body('Notes:\n   - GitHub allows 60 requests an hour\n - never commit your token\n- a common mistake is naming your file requests.py\n  - it shadows the library\n', 'article');
    expect(b.match(/\\begin\{itemize\}/g)?.length).toBe(2);
    expect(b).toMatch(/\\item GitHub allows[\s\S]*\\item never commit[\s\S]*\\item a common mistake[^\n]*\s*\\begin\{itemize\}\s*\\item it shadows/);
  });

  it('a derivative\'s order keeps its brackets (f^(n)(a)); cases typed in words between relations are no code', () => {
    const b = body('Taylor series:\n  f(x) = sum f^(n)(a)/n! * (x-a)^n\n\nratio test: L = lim |a_(n+1) / a_n|\n    L < 1 conv. absolutely, L > 1 div, L = 1 inconclusive\n', 'article');
    expect(b).toContain('f^{(n)}(a)');
    expect(b).not.toContain('lstlisting');
  });

  it('Arabic ordinal words number an essay\'s parts (questions too), as its own numbers; a numbered result line is no heading and its number no part of the formula; indented formulas are no code', () => {
    const ar = body('المدينة والذاكرة\n\nفي صيف ٢٠١٩ عدتُ إلى الحيّ الذي وُلد فيه جدّي في طرابلس.\n\nأولاً: المدينة ليست مجموعة مبانٍ\nيرى كثير من المخطِّطين أنّ البيوت القديمة عبء.\n\nثانياً: من يملك حقّ القرار؟\nحين يُهدم حيّ قديم يُستشار عادةً المالك.\n\nخاتمة\nلا أكتب هذا بدافع الحنين وحده.', 'article');
    expect(ar).toMatch(/\\section\*\{أولاً: المدينة ليست مجموعة مبانٍ\}[\s\S]*\\section\*\{ثانياً: من يملك حقّ القرار؟\}/);
    const lab = body('LAB REPORT\n\n6. ANALYSIS\n6.1 Static: slope of F = mg against x  -->  k_static = 23.6 N/m\n6.2 Dynamic: slope of T^2 against m = 1.708 s^2/kg\n    k_dyn = 4pi^2 / 1.708 = 39.48 / 1.708 = 23.1 N/m\n6.3 % difference = |23.6 - 23.1| / 23.6 x 100 = 2.1 %\n\n7. DISCUSSION\nThe two values agree.', 'report');
    expect(lab).not.toMatch(/subsection\{Static|lstlisting|\\\[\s*6\.3/);
    expect(lab).toContain('6.3~\\% difference = $');
  });
});
