// Every script renders: the small notes in tests/fixtures/scripts go through the builtin generator
// and the sandboxed compile service (precompiled XeLaTeX format included), and the PDF's text
// (pdftotext) must give their words back with no glyph missing from the fonts. Also: punctuation,
// digits and signs between two words of any script print (none is left to a font without it),
// Korean keeps its spaces, right-to-left paragraphs keep code and numbers left to right, emoji
// never vanish, LaTeX written by a person gets the same glyph warnings under pdfLaTeX and XeLaTeX,
// and Korean Hanja take a TrueType font before Noto CJK.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCompileService, type CompileServiceInternals } from './compile/index.js';
import { pdfText } from '../../../tests/support/pdf.js';
import { generate } from './generate/builtin/index.js';
import { listPreambles } from './generate/builtin/write/preambles.js';
import { generatorPreambleReader } from './generator-formats.js';
import type { RunScript } from './generate/builtin/text/scripts.js';

const run = promisify(execFile);
const FIXTURES = join(import.meta.dirname, '../../../tests/fixtures/scripts');
const NOTES = readdirSync(FIXTURES).filter((f) => f.endsWith('.md')).sort();
const hasTools = ['/usr/bin/xelatex', '/usr/bin/bwrap', '/usr/bin/pdftotext', '/usr/bin/pdffonts'].every((p) => existsSync(p));

it('has the TeX tools it needs', () => {
  expect(hasTools, 'TeX Live, bubblewrap or poppler-utils is missing: run npm test, which installs them').toBe(true);
});

/** The names of the fonts a PDF embeds (pdffonts). */
async function pdfFonts(pdf: Buffer): Promise<string[]> {
  const dir = await mkdtemp(join(tmpdir(), 'lg-fonts-'));
  try {
    await writeFile(join(dir, 'f.pdf'), pdf);
    const { stdout } = await run('/usr/bin/pdffonts', [join(dir, 'f.pdf')]);
    return stdout.split('\n').slice(2).map((line) => line.split(/\s+/)[0] ?? '').filter(Boolean);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Text for comparing: compatibility forms folded, bidi controls and spaces gone, and no combining
 * marks (pdftotext reorders Indic vowel signs and splits Thai ำ; the letters stay in order). */
function letters(text: string): string {
  return text.normalize('NFKC').replace(/[\u200b-\u200f\u202a-\u202e\u2066-\u2069\s]|\p{M}/gu, '');
}

/** The note's words: prose only (markdown marks, code and math left out). */
function noteWords(note: string): string[] {
  const prose = note
    .replace(/```[\s\S]*?```/g, ' ')
    .replace(/`[^`]*`|\$[^$]*\$/g, ' ')
    .replace(/^#+ /gm, '');
  return prose.split(/[\s\p{P}\p{S}]+/u).filter((w) => /\p{L}/u.test(w));
}

/**
 * Khmer and Myanmar words come back from pdftotext in glyph order, not typed order (subscript
 * consonants after a coeng or virama, medials drawn as ligatures); they carry no ActualText, since
 * they have no spaces between words and an ActualText span must not break across lines.
 */
const READ_BACK_OUT_OF_ORDER = new Set(['km.md', 'my.md']);

/** A word of every script that is a run in a Latin note (typed so that a new script needs one here). */
const RUN_WORDS: Record<Exclude<RunScript, 'latin'>, string> = {
  devanagari: 'हिन्दी', bengali: 'বাংলা', thai: 'ภาษาไทย', georgian: 'ქართული', armenian: 'Հայերեն', hebrew: 'עברית', arabic: 'العربية',
  gurmukhi: 'ਪੰਜਾਬੀ', gujarati: 'ગુજરાતી', oriya: 'ଓଡ଼ିଆ', tamil: 'தமிழ்', telugu: 'తెలుగు', kannada: 'ಕನ್ನಡ', malayalam: 'മലയാളം',
  sinhala: 'සිංහල', lao: 'ພາສາລາວ', tibetan: 'བོད་ཡིག', myanmar: 'မြန်မာ', ethiopic: 'አማርኛ', cherokee: 'ᏣᎳᎩ', canadian: 'ᐃᓄᒃᑎᑐᑦ',
  khmer: 'ខ្មែរ', mongolian: 'ᠮᠣᠩᠭᠣᠯ', olchiki: 'ᱥᱟᱱᱛᱟᱲᱤ', tifinagh: 'ⵜⴰⵎⴰⵣⵉⵖⵜ', javanese: 'ꦧꦱꦗꦮ', syriac: 'ܠܫܢܐ', thaana: 'ދިވެހި', nko: 'ߒߞߏ',
};

/**
 * A paragraph with each checked neutral sign (text/font-gaps.ts) between two words W: W. W, W; …
 * Left out: \ ^ ~, which keep their LaTeX commands, and ` (two would make a code span).
 */
function neutralsParagraph(w: string): string {
  const between = [...'.,;:!?-/–—…·&@#$*+=\'"<>|_§°•€²№℃\\^~'].map((sign) => `${w}${sign}${w}`);
  return [`${w}. ${w} 2024 50% (${w}) [${w}] {${w}} “${w}” ‘${w}’ «${w}»`, ...between].join(' ');
}

describe('every script renders', () => {
  let service: CompileServiceInternals;
  const results = new Map<string, { text: string; warnings: string[] | undefined; status: string; log: string }>();

  beforeAll(async () => {
    const dataDir = join(tmpdir(), 'latexgen-scripts-test');
    await mkdir(dataDir, { recursive: true });
    const article = listPreambles().filter((p) => p.documentType === 'article');
    service = createCompileService({ dataDir, cacheBytes: 0, concurrency: 2, timeoutMs: 120_000, preambles: async () => article, preambleReader: generatorPreambleReader });
    await service.warmFormats();
    expect(service.formatStatus().map((s) => s.state)).toEqual(['ready', 'ready']);
    // Two at a time: the service's queue takes a few compiles, not all of them at once.
    for (let i = 0; i < NOTES.length; i += 2) {
      await Promise.all(
        NOTES.slice(i, i + 2).map(async (file) => {
          const { latex } = generate({ content: readFileSync(join(FIXTURES, file), 'utf8'), documentType: 'article' });
          const result = await service.compile({ latex });
          results.set(file, { text: result.pdf ? await pdfText(result.pdf) : '', warnings: result.warnings, status: result.status, log: result.log });
        }),
      );
    }
  }, 900_000);

  afterAll(async () => {
    await service?.close();
  });

  it.each(NOTES)('%s compiles with the format, every glyph present, every word back', (file) => {
    const r = results.get(file);
    expect(r?.status, r?.log.slice(-2000)).toBe('success');
    expect(r?.log).toContain('CUSTOMISED FORMAT');
    expect(r?.warnings).toBeUndefined();
    const text = letters(r?.text ?? '');
    const words = noteWords(readFileSync(join(FIXTURES, file), 'utf8'));
    if (READ_BACK_OUT_OF_ORDER.has(file)) {
      // The glyphs are all there (no warning above), and the text layer has letters of the script.
      expect(words.filter((w) => text.includes(letters(w)[0] ?? '')).length).toBeGreaterThan(0);
      return;
    }
    const missing = words.filter((w) => !text.includes(letters(w)));
    expect(missing).toEqual([]);
  });

  it('neutral signs between two words of any script print, from the run font or a symbol font', async () => {
    const latinNote = ['# Signs between words', ...Object.values(RUN_WORDS).map(neutralsParagraph)].join('\n\n');
    // Noto Serif Devanagari as the main font: the signs outside runs are set in it.
    const hindiNote = ['# चिह्न', neutralsParagraph('हिन्दी'), neutralsParagraph('বাংলা'), neutralsParagraph('English')].join('\n\n');
    const compiled = await Promise.all([latinNote, hindiNote].map((content) => service.compile({ latex: generate({ content, documentType: 'article' }).latex })));
    for (const result of compiled) {
      expect(result.status, result.log.slice(-2000)).toBe('success');
      expect(result.warnings).toBeUndefined();
    }
    // Each paragraph's number is there (a digit missing from a font is dropped, not drawn blank).
    const latinText = await pdfText(compiled[0]?.pdf as Buffer);
    expect(latinText.match(/2024/g)?.length).toBe(Object.keys(RUN_WORDS).length);
    expect(latinText.match(/50%/g)?.length).toBe(Object.keys(RUN_WORDS).length);
    // \ ^ ~ as themselves (not an accent or a line break), from a symbol font where the run's lacks them.
    for (const sign of ['\\', '^', '~']) expect(latinText.split(sign).length - 1, sign).toBe(Object.keys(RUN_WORDS).length);
  });

  it('struck-out text keeps its words, their order and the lines within the margins, in any script and under either engine', async () => {
    const notes = [
      '# Plan\n\nWe will ~~buy the expensive model with the larger screen and the extra battery, which costs far too much for what it does~~ rent one. Price ~~$x^2$ `old`~~ now.\n\n| Item | Price |\n|---|---|\n| ~~Apples~~ | ~~3~~ 2 |',
      '# ملاحظات\n\nهذا نص عربي ~~كلمات محذوفة من النص القديم~~ ثم نص جديد و~~old English words~~ أيضاً.',
      `# Mixed\n\nEnglish with ~~Hebrew שלום עולם words~~ and ~~${'中文删除的文字'.repeat(8)}~~ and ~~${'ภาษาไทยง่ายนิดเดียว'.repeat(4)}~~ and ~~हिन्दी शब्द~~ end.`,
    ];
    const docs = notes.map((content) => generate({ content, documentType: 'article' }));
    expect(docs.map((d) => d.texProgram)).toEqual(['pdflatex', 'xelatex', 'xelatex']);
    const compiled = await Promise.all(docs.map((d) => service.compile({ latex: d.latex })));
    for (const result of compiled) {
      expect(result.status, result.log.slice(-2000)).toBe('success');
      expect(result.warnings).toBeUndefined();
      expect(result.log).not.toMatch(/Overfull \\hbox/);
    }
    const [latin, arabic, mixed] = await Promise.all(compiled.map((r) => pdfText(r.pdf as Buffer)));
    expect(latin?.replace(/\s+/g, ' ')).toContain('We will buy the expensive model with the larger screen');
    expect(latin).toMatch(/Apples\s+3 2/);
    expect(arabic).toContain('old English words');
    for (const word of ['محذوفة', 'القديم']) expect(arabic).toContain(word);
    expect(mixed?.replace(/\s+/g, '')).toContain('中文删除的文字'.repeat(8));
  });

  it('CJK punctuation and full-width forms print in notes without CJK letters (AR PL UMing), left to right and right to left', async () => {
    const notes = ['# Σημειώσεις\n\nΤο έργο 「Ρασομόν」、α。Επίσης ＃ και （σημείωση）.', '# ملاحظات\n\nالعنوان 「راشومون」 و（ملاحظة）، ＃ ثم 。'];
    const compiled = await Promise.all(notes.map((content) => service.compile({ latex: generate({ content, documentType: 'article' }).latex })));
    for (const result of compiled) {
      expect(result.status, result.log.slice(-2000)).toBe('success');
      expect(result.warnings).toBeUndefined();
      const text = await pdfText(result.pdf as Buffer);
      for (const sign of ['「', '」', '（', '）', '＃', '。']) expect(text).toContain(sign);
    }
  });

  it('Korean keeps the spaces between its words', () => {
    const text = (results.get('ko.md')?.text ?? '').replace(/\s+/g, ' ');
    expect(text).toContain('안녕하세요 여러분.');
    expect(text).toContain('오늘은 선형대수에 대해');
  });

  it('right-to-left paragraphs keep code, numbers and formulas left to right', () => {
    const ar = (results.get('ar.md')?.text ?? '').normalize('NFKC');
    // pdftotext rebuilds logical order with its own bidi guesses and moves a run's closing bracket;
    // the letters, digits and operators inside each run must still read left to right.
    for (const ltr of ['print(x', 'Python', '2024', 'E = mc2', 'return 3.14 * r * r']) expect(ar).toContain(ltr);
    const he = (results.get('he.md')?.text ?? '').normalize('NFKC');
    for (const ltr of ['ls -la', '2024', 'a2 + b2 = c2']) expect(he).toContain(ltr);
  });

  it('code blocks in right-to-left documents read left to right, brackets and signs unmirrored, in the Latin typewriter font', async () => {
    const code = '```python\nwhile i > 1:  # n -> n/2 تعليق عربي\n    print(f(i), a[0] < b)\n```';
    const notes = [
      `# ملخص المحاضرة\n\nفي محاضرة اليوم تعلمنا عن الحلقات في لغة بايثون وكيف نحسب عدد الخطوات.\n\n${code}\n\nهذا كل شيء لليوم.`,
      `# סיכום השיעור\n\nהיום למדנו על לולאות בשפת פייתון ואיך סופרים את הצעדים.\n\n${code}\n\nזה הכול להיום.`,
    ];
    const compiled = await Promise.all(notes.map((content) => service.compile({ latex: generate({ content, documentType: 'article' }).latex })));
    for (const result of compiled) {
      expect(result.status, result.log.slice(-2000)).toBe('success');
      expect(result.warnings).toBeUndefined();
      const text = (await pdfText(result.pdf as Buffer)).normalize('NFKC');
      // Mirrored, these came out as print)f)i(, a]0[ and i < 1 (pdftotext moves a line's last bracket).
      for (const ltr of ['while i > 1:', 'print(f(i), a[0] < b', 'n -> n/2']) expect(text).toContain(ltr);
      for (const word of ['تعليق', 'عربي']) expect(text).toContain(word);
      expect(result.log).not.toMatch(/Overfull \\hbox/);
    }
  });

  it('Latin letters the Arabic main font lacks (Vietnamese, IPA, pinyin) print, in the Latin font', async () => {
    const content = '# ملاحظات\n\nهذا نص عربي عن اللغة Tiếng Việt والنطق /ə/ و pīnyīn ǎ و café في الدرس.';
    const result = await service.compile({ latex: generate({ content, documentType: 'article' }).latex });
    expect(result.status, result.log.slice(-2000)).toBe('success');
    expect(result.warnings).toBeUndefined();
    const text = (await pdfText(result.pdf as Buffer)).normalize('NFC');
    for (const word of ['Tiếng', 'Việt', 'ə', 'ǎ', 'café']) expect(text).toContain(word);
  });

  it('emoji come out as glyphs or, where the font has none, as their names', () => {
    const text = results.get('emoji.md')?.text ?? '';
    for (const glyph of ['👍', '🎉', '☕']) expect(text).toContain(glyph);
    expect(text).toContain('[flamingo]');
  });

  it('Korean Hanja come from AR PL UMing; a Han character it lacks still comes from Noto CJK', async () => {
    const common = await service.compile({ latex: generate({ content: readFileSync(join(FIXTURES, 'ko-hanja.md'), 'utf8'), documentType: 'article' }).latex });
    expect(await pdfFonts(common.pdf as Buffer)).toEqual(expect.arrayContaining([expect.stringMatching(/UMing/), expect.stringMatching(/Nanum/)]));
    expect((await pdfFonts(common.pdf as Buffer)).filter((f) => /Noto.*CJK/.test(f))).toEqual([]);
    const rare = await service.compile({ latex: generate({ content: '드문 한자 刏 하나와 韓國.', documentType: 'article' }).latex });
    expect(rare.status).toBe('success');
    expect(rare.warnings).toBeUndefined();
    expect(await pdfFonts(rare.pdf as Buffer)).toEqual(expect.arrayContaining([expect.stringMatching(/UMing/), expect.stringMatching(/NotoSerifCJK/)]));
  });

  it('reports glyphs missing from the fonts for LaTeX a person wrote, under pdfLaTeX and XeLaTeX', async () => {
    const pdf = await service.compile({ latex: '\\documentclass{article}\n\\begin{document}\nA\\char"FF B\n\\end{document}\n' });
    expect(pdf.status).toBe('success');
    expect(pdf.warnings?.length).toBe(1);
    const xe = await service.compile({
      latex: '% !TEX program = xelatex\n\\documentclass{article}\n\\usepackage{fontspec}\n\\begin{document}\nThai ก and ก again, Korean 한.\n\\end{document}\n',
    });
    expect(xe.status).toBe('success');
    expect(xe.warnings).toEqual([
      'The font has no glyph for ‘ก’ (U+0E01): it shows as a blank.',
      'The font has no glyph for ‘한’ (U+D55C): it shows as a blank.',
    ]);
  });
});
