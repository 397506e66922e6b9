import { describe, expect, it } from 'vitest';
import { generate } from '../index.js';
import { documentScripts } from '../write/document-scripts.js';
import { escapeText, escapeUrl, ltrCode, needsXelatex, withTextScripts } from './escape.js';
import { scriptOf } from './scripts.js';

describe('escapeText', () => {
  it('a space typed between Chinese or Japanese characters is kept (xeCJK would drop it)', () => {
    expect(escapeText('李文静  城市规划专业 大三', 'xelatex')).toBe('李文静\\ 城市规划专业\\ 大三');
    expect(escapeText('城市规划专业', 'xelatex')).toBe('城市规划专业');
  });

  it('a tab inside a line is a wide space, not a lost one', () => {
    expect(escapeText('Data Analyst, Leeds\tSep 2022 - present', 'pdflatex')).toBe('Data Analyst, Leeds\\quad{}Sep 2022 - present');
  });

  it('escapes every TeX special character', () => {
    expect(escapeText('# $ % & ~ _ ^ \\ { }', 'pdflatex')).toBe(
      '\\# \\$ \\% \\& \\textasciitilde{} \\_ \\textasciicircum{} \\textbackslash{} \\{ \\}',
    );
    expect(escapeText('<a> | "q" `t`', 'pdflatex')).toBe('\\textless{}a\\textgreater{} \\textbar{} \\textquotedbl{}q\\textquotedbl{} \\textasciigrave{}t\\textasciigrave{}');
  });

  it('braces square brackets so they never become optional arguments', () => {
    expect(escapeText('[1]', 'pdflatex')).toBe('{[}1{]}');
  });

  it('keeps Latin letters and maps typographic symbols', () => {
    expect(escapeText('Grüße, ça, niño', 'pdflatex')).toBe('Grüße, ça, niño');
    expect(escapeText('a – b — c “q” €5 …', 'pdflatex')).toBe("a -- b --- c ``q'' \\texteuro{}5 \\ldots{}");
    expect(escapeText('ﬁne', 'pdflatex')).toBe('fine');
  });

  it('sets math symbols and Greek letters in text with \\ensuremath under pdflatex', () => {
    expect(escapeText('a ≤ b → c', 'pdflatex')).toBe('a \\ensuremath{\\leq} b \\ensuremath{\\rightarrow} c');
    expect(escapeText('α', 'pdflatex')).toBe('\\ensuremath{\\alpha}');
    expect(escapeText('x² H₂O', 'pdflatex')).toBe('x\\textsuperscript{2} H\\textsubscript{2}O');
  });

  it('writes other accented letters as accent commands', () => {
    expect(escapeText('ạ', 'pdflatex')).toBe('\\d{a}');
    expect(escapeText('ǐ', 'pdflatex')).toBe('\\v{\\i{}}');
  });

  it('passes scripts through under XeLaTeX but still escapes specials', () => {
    expect(escapeText('Привет 中文 $', 'xelatex')).toBe('Привет 中文 \\$');
  });

  it('drops invisible characters, names emoji (never drops them) and unknown symbols', () => {
    expect(escapeText('a\u200bb\ufeff😀', 'pdflatex')).toBe('ab{[grinning face]}');
    expect(escapeText('ok 👍', 'xelatex')).toBe('ok \\lgemoji{👍}{thumbs up}');
    expect(escapeText('⍟', 'pdflatex')).toBe('{\\small[U+235F]}');
    // Direction marks (a Hugo author's {\u200e{< x >}\u200e}) are never printed as their code.
    expect(escapeText('{\u200e{< youtube >}\u200e} \u202bx\u202c\u2066y\u2069', 'pdflatex')).toBe('\\{\\{\\textless{} youtube \\textgreater{}\\}\\} xy');
  });

  it('every character has a font: keycaps from the emoji font, rare marks with their letter, modifier letters through the fallback', () => {
    expect(escapeText('1\uFE0F\u20E3 #\u20E3 *\uFE0F\u20E3 x', 'xelatex')).toBe('\\lgkeycap{1} \\lgkeycap{\\#} \\lgkeycap{*} x');
    // ̐ (candrabindu) and ̳ (double low line) are missing from the main fonts; ́ (Ukrainian stress) is not.
    expect(escapeText('a\u0310 e\u0333 ма\u0301ма', 'xelatex')).toBe('\\lgmark{a}{\u0310} \\lgmark{e}{\u0333} ма\u0301ма');
    // ʿ of ʿAbd is in the roman face but not the italic one: \\lgsym tests the face in use.
    expect(escapeText('ʿAbd ʾalif', 'xelatex')).toBe('\\lgsym{ʿ}Abd \\lgsym{ʾ}alif');
    // Marks of other scripts are their letters' own (Devanagari vowel signs).
    expect(escapeText('कि', 'xelatex')).not.toContain('lgmark');
  });
});

describe('neutral characters the fonts of a run lack', () => {
  /** Text escaped as in a XeLaTeX document whose note is `note`. */
  const inNote = (note: string, text: string) => withTextScripts(documentScripts(note, 'article', false).text, () => escapeText(text, 'xelatex'));
  const latin = 'An English note, with a word: ب';
  const lao = 'ພາສາລາວ';

  it('sets them through \\lgsym inside the run: Noto Serif Lao has no period, comma, digit or bracket', () => {
    expect(inNote(latin, `${lao}. ${lao}, ${lao} 2024 (${lao}) [${lao}] ${lao}.`)).toBe(
      `\\lgLaoo{${lao}\\lgsym{.} ${lao}\\lgsym{,} ${lao} \\lgsym{2}\\lgsym{0}\\lgsym{2}\\lgsym{4} \\lgsym{(}${lao}\\lgsym{)} \\lgsym{[}${lao}\\lgsym{]} ${lao}}.`,
    );
  });

  it('leaves alone what the fonts of the run have: Amiri has every sign, Noto Khmer the period but no digits', () => {
    expect(inNote(latin, 'مرحبا. بالعالم, 2024 (مرحبا)')).toBe('\\lgArab{مرحبا. بالعالم, 2024 (مرحبا)}');
    expect(inNote(latin, 'ភាសា. ភាសា 25 ភាសា')).toBe('\\lgKhmr{ភាសា. ភាសា \\lgsym{2}\\lgsym{5} ភាសា}');
  });

  it('passes TeX specials as control symbols, \\ ^ ~ by their codes (\\lgsymc), spaces as they were, and sets \' as the ’ TeX makes of it', () => {
    expect(inNote(latin, `${lao}% ${lao}& ${lao}# ${lao}$ ${lao}_${lao} {${lao}}`)).toBe(
      `\\lgLaoo{${lao}\\lgsym{\\%} ${lao}\\lgsym{\\&} ${lao}\\lgsym{\\#} ${lao}\\lgsym{\\$} ${lao}\\lgsym{\\_}${lao} \\lgsym{\\{}${lao}\\lgsym{\\}}}`,
    );
    expect(inNote(latin, `${lao}\\${lao}^${lao}~${lao}\u00a0${lao}`)).toBe(`\\lgLaoo{${lao}\\lgsymc{\\\\}${lao}\\lgsymc{\\^}${lao}\\lgsymc{\\~}${lao}~${lao}}`);
    // Where the run font has them (Noto Sans Syriac has \ but not ^ ~), \ keeps its text command.
    expect(inNote(latin, 'ܠܫܢܐ\\ܠܫܢܐ^ܠܫܢܐ')).toBe('\\lgSyrc{ܠܫܢܐ\\textbackslash{}ܠܫܢܐ\\lgsymc{\\^}ܠܫܢܐ}');
    expect(inNote(latin, `${lao}'${lao} ${lao}"${lao}`)).toBe(`\\lgLaoo{${lao}\\lgsym{’}${lao} ${lao}\\lgsym{"}${lao}}`);
    // Noto Sans Thaana has ’ though not ': the apostrophe stays, TeX sets it as ’ from the font.
    expect(inNote(latin, "ދިވެހި'ދިވެހި")).toBe("\\lgThaa{ދިވެހި'ދިވެހި}");
  });

  it('sends signs whose LaTeX form the fonts cannot set (\\textsuperscript{2}, No., \\textdegree{}C) as themselves', () => {
    expect(inNote(latin, `${lao}² ${lao}№ ${lao}℃ ${lao}`)).toBe(`\\lgLaoo{${lao}\\lgsym{²} ${lao}\\lgsym{№} ${lao}\\lgsym{℃} ${lao}}`);
    expect(inNote(latin, 'Привет² №5 30℃ Привет')).toBe('Привет\\textsuperscript{2} \\lgsym{№}5 30\\textdegree{}C Привет');
  });

  it('sets no neutral character in the run font where that font has none (Noto Lao): each goes to \\lgsym, to math, or is a space', () => {
    const scripts = documentScripts(latin, 'article', false).text;
    const setInFont: string[] = [];
    for (let cp = 0x21; cp < 0x3000; cp++) {
      const ch = String.fromCodePoint(cp);
      // Letters, marks, controls and spaces are not neutrals here; NFC turns a few signs into
      // letters (Ω Å) or into CJK punctuation (〈). \ ^ ~ go to \lgsymc (their control symbols are
      // a line break and accents).
      if (scriptOf(cp) !== null || /[\p{M}\p{C}\p{Z}]/u.test(ch) || ch.normalize('NFC') !== ch) continue;
      const inner = withTextScripts(scripts, () => escapeText(`${lao}${ch}${lao}`, 'xelatex')).slice(`\\lgLaoo{${lao}`.length, -`${lao}}`.length);
      if (!/^(?:\\lgsym\{\\?.\}|\\lgsymc\{\\[\\^~]\}|\\ensuremath\{.*\}|~|\\,| |\\-|)$/u.test(inner)) setInFont.push(`${ch} ${inner}`);
    }
    expect(setInFont).toEqual([]);
  });

  it('sets CJK punctuation and full-width forms through \\lgcjk where the note has no CJK letters (xeCJK is inactive), as themselves where it has', () => {
    expect(inNote('Μια σημείωση στα ελληνικά.', 'Το 「Ρασομόν」、α。（β）＃')).toBe('Το \\lgcjk{「}Ρασομόν\\lgcjk{」}\\lgcjk{、}α\\lgcjk{。}\\lgcjk{（}β\\lgcjk{）}\\lgcjk{＃}');
    expect(inNote('هذا نص عربي قصير.', 'العنوان 「راشومون」')).toBe('العنوان \\lgcjk{「}راشومون\\lgcjk{」}');
    expect(inNote('线性代数是数学的一个分支。', '「线性」、（代数）')).toBe('「线性」、（代数）');
  });

  it('keeps a right-to-left run whole, its digits inside', () => {
    expect(inNote(latin, 'ܠܫܢܐ 2024 ܠܫܢܐ; ܠܫܢܐ')).toBe('\\lgSyrc{ܠܫܢܐ \\lgsym{2}\\lgsym{0}\\lgsym{2}\\lgsym{4} ܠܫܢܐ\\lgsym{;} ܠܫܢܐ}');
  });

  it('does the same for the main font: Noto Serif Devanagari has no & or @ but has digits', () => {
    const hindi = 'यह हिंदी में एक छोटा नोट है।';
    expect(inNote(hindi, 'नमस्ते & नमस्ते 2²')).toBe(
      '\\lgat{0928092E0938094D09240947}{नमस्ते} \\lgsym{\\&} \\lgat{0928092E0938094D09240947}{नमस्ते} 2\\textsuperscript{2}',
    );
  });
});

describe('Latin words and numbers in right-to-left text', () => {
  const hebrew = 'הקורס עוסק בסיבוכיות של אלגוריתמים ובמבני נתונים.';
  const arabic = 'في محاضرة اليوم تعلمنا عن الحلقات في لغة بايثون.';
  const inNote = (note: string, text: string) => withTextScripts(documentScripts(note, 'article', false).text, () => escapeText(text, 'xelatex'));

  it('digits after a Latin word, joined or after spaces and signs only, run left to right with it; digits joined to its start too', () => {
    expect(inNote(hebrew, 'הקורס CS1001 עוסק')).toBe('הקורס \\lgLTR{CS1001} עוסק');
    expect(inNote(hebrew, 'תרגיל ex2.1 וסעיף 2a1.1 ו-3D')).toBe('תרגיל \\lgLTR{ex2.1} וסעיף \\lgLTR{2a1.1} ו-\\lgLTR{3D}');
    expect(inNote(hebrew, 'גרסה Python 3 בשעה 10:30 am')).toBe('גרסה \\lgLTR{Python 3} בשעה 10:30 \\lgLTR{am}');
    // A number after a right-to-left word stays in the paragraph's order; a sign ending a number is not part of it.
    expect(inNote(hebrew, 'בשנת 2024. ו-x.')).toBe('בשנת 2024. ו-\\lgLTR{x}.');
    expect(inNote(arabic, 'الإصدار Python3.12 الجديد')).toBe('الإصدار \\lgLTR{Python3.12} الجديد');
  });

  it('a Latin run with a letter the Arabic main font lacks (Vietnamese, IPA, pinyin tones) is set in the Latin font', () => {
    expect(inNote(arabic, 'اللغة Tiếng Việt والنطق /ə/ و café')).toBe('اللغة \\lgLatn{Tiếng Việt} والنطق /\\lgLatn{ə}/ و \\lgLTR{café}');
    // FreeSerif, the Hebrew main font, has them all.
    expect(inNote(hebrew, 'השפה Tiếng Việt')).toBe('השפה \\lgLTR{Tiếng Việt}');
  });

  it('code in a right-to-left document sets its right-to-left words as runs of their own (the Latin typewriter font has none of their letters)', () => {
    const scripts = documentScripts(arabic, 'article', false).text;
    expect(withTextScripts(scripts, () => ltrCode(() => escapeText('x = 1 تعليق عربي', 'xelatex')))).toBe('\\lgLTR{x = 1 \\lgArab{تعليق عربي}}');
    expect(generate({ content: `${arabic}\n\n\`\`\`\nprint(i)  # تعليق عربي\n\`\`\``, documentType: 'article' }).latex).toContain('print(i)  # `\\lgLTR{\\lgArab{تعليق عربي}}`');
  });
});

describe('escapeUrl', () => {
  it('escapes what hyperref needs and percent-encodes the rest', () => {
    expect(escapeUrl('http://a.b/c_d?x=1&y=%20#top')).toBe('http://a.b/c\\_d?x=1\\&y=\\%20\\#top');
    expect(escapeUrl('http://a.b/{x}~ü')).toBe('http://a.b/\\%7Bx\\%7D~\\%C3\\%BC');
  });
});

describe('needsXelatex', () => {
  it('is false for Latin text, symbols and isolated Greek letters', () => {
    expect(needsXelatex('Größe ≤ 5 € — α and β')).toBe(false);
  });

  it('is true for Cyrillic, CJK and Greek words', () => {
    expect(needsXelatex('Привет')).toBe(true);
    expect(needsXelatex('线性代数')).toBe(true);
    expect(needsXelatex('ひらがな')).toBe(true);
    expect(needsXelatex('λόγος')).toBe(true);
  });

  it('is true for a sign pdfLaTeX has no form for (it would print [U+23A1])', () => {
    expect(needsXelatex('⎡1 2⎤')).toBe(true);
    expect(needsXelatex('a ⟦b⟧')).toBe(true);
  });

  it('a drawing of matrices in code keeps its signs and the runs of spaces between them', () => {
    const { latex, texProgram } = generate({ content: 'Matrices\n\n```\n⎡1 2⎤ ⎡x⎤    ⎡ 2⎤\n⎣3 4⎦ ⎣y⎦ =  ⎣12⎦\n```\n', documentType: 'article' });
    expect(texProgram).toBe('xelatex');
    expect(latex).not.toContain('[U+');
    // Four spaces between two signs escaped together: four control spaces, not one space.
    expect(latex).toContain('\\ \\ \\ \\ ');
  });
});
