// Script detection and per-document set-up: language, engine, fonts and the wrapping of text runs
// in other scripts (fonts, direction), emoji by glyph or name. Compiled results: scripts-render.test.ts.
import { describe, expect, it } from 'vitest';
import { documentScripts } from './write/document-scripts.js';
import { escapeText, withTextScripts } from './text/escape.js';
import { generate } from './index.js';
import { countScripts, scriptOf } from './text/scripts.js';

const setup = (note: string) => documentScripts(note, 'article', false);

describe('scriptOf and countScripts', () => {
  it('names the script of letters and leaves shared characters neutral', () => {
    expect(['a', 'ß', 'ệ', 'λ', 'ἀ', 'ж', 'ї', 'ա', 'ש', 'ب', 'پ', 'ह', 'ব', 'ก', 'ქ', '中', 'か', '한'].map((c) => scriptOf(c.codePointAt(0) ?? 0))).toEqual([
      'latin', 'latin', 'latin', 'greek', 'greek', 'cyrillic', 'cyrillic', 'armenian', 'hebrew', 'arabic', 'arabic', 'devanagari',
      'bengali', 'thai', 'georgian', 'cjk', 'cjk', 'hangul',
    ]);
    expect(['1', ' ', ',', '—', '→', '×'].map((c) => scriptOf(c.codePointAt(0) ?? 0))).toEqual([null, null, null, null, null, null]);
    expect(scriptOf(0x1f44d)).toBe('emoji');
    expect(countScripts('ab 中文 👍')).toMatchObject({ latin: 2, cjk: 2, emoji: 1 });
  });
});

describe('documentScripts', () => {
  const cases: Array<[string, string, string]> = [
    ['The quick brown fox jumps over the lazy dog and the cat.', 'en', 'pdflatex'],
    ['Tiếng Việt là ngôn ngữ chính thức của Việt Nam. Người dân sử dụng chữ Quốc ngữ.', 'vi', 'xelatex'],
    ['Η ελληνική γλώσσα είναι μία από τις αρχαιότερες γλώσσες.', 'el', 'xelatex'],
    ['Україна — держава у Східній Європі. Київ є столицею країни. Їжак і ґанок.', 'uk', 'xelatex'],
    ['Привет, мир. Это текст на русском языке, он довольно короткий.', 'ru', 'xelatex'],
    ['هذا نص عربي قصير عن البرمجة.', 'ar', 'xelatex'],
    ['زبان فارسی یکی از زبان‌های هندواروپایی است. من می‌خواهم کتاب بخوانم.', 'fa', 'xelatex'],
    ['اردو پاکستان کی قومی زبان ہے۔ میں نے یہ کتاب پڑھی ہے اور مجھے پسند آئی۔', 'ur', 'xelatex'],
    ['עברית היא שפה שמית.', 'he', 'xelatex'],
    // A web address's letters do not count: one link made a short note Latin (left to right).
    ['זה טקסט עברי עם [קישור](https://example.com/some-path/page?id=3) במשפט.', 'he', 'xelatex'],
    ['هذا نص عربي مع [رابط](https://example.com/some-path/page?id=3) في الجملة.', 'ar', 'xelatex'],
    ['हिन्दी भारत की एक प्रमुख भाषा है।', 'hi', 'xelatex'],
    ['বাংলা ভাষা দক্ষিণ এশিয়ার একটি প্রধান ভাষা।', 'bn', 'xelatex'],
    ['ภาษาไทยเป็นภาษาที่มีระดับเสียง', 'th', 'xelatex'],
    ['ქართული ენა ქართველურ ენათა ოჯახს მიეკუთვნება.', 'ka', 'xelatex'],
    ['Հայերենը հնդեվրոպական լեզվաընտանիքի առանձին ճյուղ է։', 'hy', 'xelatex'],
    ['线性代数是数学的一个分支。矩阵和向量是它的基本对象。', 'zh', 'xelatex'],
    ['日本語は日本の公用語です。ひらがなとカタカナを使います。', 'ja', 'xelatex'],
    ['안녕하세요 여러분. 오늘은 선형대수에 대해 이야기하겠습니다.', 'ko', 'xelatex'],
  ];
  it.each(cases)('%s → %s with %s', (note, language, engine) => {
    const s = setup(note);
    expect(s.language).toBe(language);
    expect(s.program).toBe(engine);
  });

  it('Korean keeps the spaces between words, and gets a Korean date and captions', () => {
    const { latex } = generate({ content: '안녕하세요 여러분. 오늘은 선형대수에 대해 이야기하겠습니다.', documentType: 'article' });
    expect(latex).toContain('\\xeCJKsetup{CJKspace=true}');
    expect(latex).toContain('\\babelprovide[import,main]{korean}\n');
    expect(latex).toContain('\\setmainfont{NanumMyeongjo}[AutoFakeSlant=0.2]\n');
  });

  it('polytonic Greek selects polytonic hyphenation and captions', () => {
    const s = setup('Ἐν ἀρχῇ ἦν ὁ λόγος, καὶ ὁ λόγος ἦν πρὸς τὸν θεόν.');
    expect(s.babel).toBe('polytonicgreek');
    expect(s.bodyLines).toEqual([]);
  });

  it('a note with emoji goes to XeLaTeX (a monochrome emoji font), one without stays on pdfLaTeX', () => {
    expect(setup('Great job on the release 🎉 and the rest of the work.').program).toBe('xelatex');
  });
});

describe('text runs', () => {
  it('wraps runs of scripts the main font lacks in their macro, with spaces and marks inside', () => {
    const s = setup('An English note with a few words.');
    const latex = withTextScripts(setup('x ب').text, () => escapeText('Say مرحبا بالعالم, then नमस्ते दुनिया and สวัสดี.', 'xelatex'));
    expect(s.program).toBe('pdflatex');
    expect(latex).toBe('Say \\lgArab{مرحبا بالعالم}, then \\lgDeva{\\lgat{0928092E0938094D09240947}{नमस्ते} \\lgat{092609410928093F092F093E}{दुनिया}} and \\lgThai{สวัสดี}.');
  });

  it('in a right-to-left document wraps Latin words (with their brackets) left to right and keeps numbers in the run', () => {
    const rtl = setup('هذا نص عربي قصير عن البرمجة.').text;
    expect(withTextScripts(rtl, () => escapeText('الدالة print(x) في لغة Python منذ 2024', 'xelatex'))).toBe(
      'الدالة \\lgLTR{print(x)} في لغة \\lgLTR{Python} منذ 2024',
    );
    expect(withTextScripts(rtl, () => escapeText('ls -la', 'xelatex'))).toBe('\\lgLTR{ls -la}');
  });

  it('keeps the zero-width non-joiner inside Persian words (through \\lgsym: a font without its glyph breaks the join all the same)', () => {
    const fa = setup('زبان فارسی یکی از زبان‌های هندواروپایی است.').text;
    expect(withTextScripts(fa, () => escapeText('زبان‌های', 'xelatex'))).toBe('زبان\\lgsym{\u200c}های');
  });

  it('sets the ASCII signs that Devanagari and Bengali main fonts lack ($ & @ `) through \\lgsym', () => {
    for (const note of ['दूरस्थ सर्वर से जुड़ने के लिए चलाएँ।', 'দূরবর্তী সার্ভারে সংযোগ করতে চালান।']) {
      const indic = setup(note).text;
      expect(withTextScripts(indic, () => escapeText('उपयोगकर्ता@होस्ट', 'xelatex'))).toContain('}\\lgsym{@}\\lg');
      expect(withTextScripts(indic, () => escapeText('₹5 $ & `x`', 'xelatex'))).toBe('\\lgsym{₹}5 \\lgsym{\\$} \\lgsym{\\&} \\lgsym{`}\\lgLatn{x}\\lgsym{`}');
      // A Latin word keeps its signs in its run (Computer Modern has them).
      expect(withTextScripts(indic, () => escapeText('user@host', 'xelatex'))).toBe('\\lgLatn{user@host}');
    }
    // A main font with Latin letters has these signs: they stay as they are.
    expect(withTextScripts(setup('هذا نص عربي قصير عن البرمجة.').text, () => escapeText('a@b', 'xelatex'))).toBe('\\lgLTR{a@b}');
  });

  it('names emoji, never drops them', () => {
    const { latex } = generate({ content: 'Thanks 👍 and 🦩 and 🇫🇷', documentType: 'article' });
    expect(latex).toContain('\\lgemoji{👍}{thumbs up}');
    expect(latex).toContain('\\lgemoji{🦩}{flamingo}');
    expect(latex).toContain('\\lgemoji{🇫}{F}');
  });

  it('inline code in a right-to-left document runs left to right as a whole', () => {
    const { latex } = generate({ content: '# مقدمة\n\nنستخدم الدالة `print(x)` في لغة بايثون.\n\n- أولا\n- ثانيا\n', documentType: 'article' });
    expect(latex).toContain('\\lgLTR{\\texttt{print(x)}}');
  });
});
