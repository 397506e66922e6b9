// The font overlay with the real fonts and TeX: the copies drop only the glyph names, TeX inside
// the sandbox finds them first (and cannot change them), and a CJK document's PDF reads back the
// same text with them as without.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfText } from '../../../../tests/support/pdf.js';
import { NAMELESS_FONTS, prepareFontOverlay } from './font-overlay.js';
import { runCommand, runTex, type TexRunOptions } from './runner.js';
import { buildCommand, GIB, sandboxIdentity, type FontOverlay, type SandboxLimits } from './sandbox.js';

const run = promisify(execFile);
const BIN = '/usr/bin';
const LIMITS: SandboxLimits = { cpuSeconds: 60, fileBytes: 50 << 20, memoryBytes: 2 * GIB, processes: sandboxIdentity() ? 64 : null, openFiles: 256 };

it('has the TeX tools it needs', () => {
  expect(existsSync(join(BIN, 'kpsewhich')) && existsSync('/usr/bin/bwrap'), 'TeX Live or bubblewrap is missing: run npm test, which installs them').toBe(true);
});

/** The version of a font's (first face's) post table. */
function postVersion(font: Buffer): number {
  const dirAt = font.toString('latin1', 0, 4) === 'ttcf' ? font.readUInt32BE(12) : 0;
  for (let i = 0; i < font.readUInt16BE(dirAt + 4); i++) {
    const at = dirAt + 12 + 16 * i;
    if (font.toString('latin1', at, at + 4) === 'post') return font.readUInt32BE(font.readUInt32BE(at + 8));
  }
  return -1;
}

describe('font overlay', () => {
  let root: string;
  let overlay: FontOverlay;

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'lg-fonts-'));
    await chmod(root, 0o711);
    const made = await prepareFontOverlay(join(root, 'fonts'), BIN);
    expect(made, 'the CJK fonts are missing: run npm test, which installs them').not.toBeNull();
    overlay = made!;
  }, 60_000);

  afterAll(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it('holds each CJK font with version 3 post tables and otherwise the same size, and keeps OSFONTDIR', async () => {
    for (const name of NAMELESS_FONTS) {
      const system = (await run(join(BIN, 'kpsewhich'), [name])).stdout.trim();
      const original = await readFile(system);
      const copy = await readFile(join(overlay.dir, name));
      expect(postVersion(original), name).toBe(0x00020000);
      expect(postVersion(copy), name).toBe(0x00030000);
      expect(copy.length, name).toBe(original.length);
      expect((await stat(join(overlay.dir, name))).mode & 0o777).toBe(0o644);
    }
    expect(overlay.systemDirs).toBe((await run(join(BIN, 'kpsewhich'), ['-var-value=OSFONTDIR'])).stdout.trim());
  });

  it('is what kpathsea finds first inside the sandbox, read-only, with every other font still found', async () => {
    const jobDir = await mkdtemp(join(root, 'job-'));
    await chmod(jobDir, 0o777);
    const script = 'exec > report.txt 2>&1; kpsewhich uming.ttc ipaexm.ttf cmunrm.ttf; touch /fonts/probe 2>/dev/null && echo "writable"; true';
    const { command } = buildCommand({ mode: 'bwrap', jobDir, program: '/bin/sh', programArgs: ['-c', script], limits: LIMITS, fonts: overlay, tools: [join(BIN, 'kpsewhich'), '/usr/bin/touch'] });
    expect((await runCommand(command, Date.now() + 20_000)).exitCode).toBe(0);
    const report = (await readFile(join(jobDir, 'report.txt'), 'utf8')).trim().split('\n');
    expect(report[0]).toBe('/fonts/uming.ttc');
    expect(report[1]).toBe('/fonts/ipaexm.ttf');
    expect(report[2]).toMatch(/^\/usr\/share\/fonts\/.*\/cmunrm\.ttf$/);
    expect(report).not.toContain('writable');
  });

  it('leaves the text of a CJK PDF as it was', async () => {
    const faces: Array<[string, string]> = [
      ['uming.ttc:0', '线性代数是数学的一个分支。矩阵和向量，广泛用于物理。'],
      ['wqy-microhei.ttc:0', '黑体标题：向量空间与线性映射'],
      ['ipaexm.ttf', '線形代数は数学の一分野です。「行列」とベクトル。'],
      ['ipaexg.ttf', 'ゴシック体の見出し、カタカナ。'],
      ['NanumMyeongjo.ttf', '한국어는 대한민국의 공용어입니다.'],
      ['NanumMyeongjoBold.ttf', '선형대수 벡터와 행렬'],
    ];
    expect(faces.map(([face]) => face.replace(/:\d+$/, '')).sort()).toEqual([...NAMELESS_FONTS].sort());
    const body = faces.map(([face, text], i) => `\\font\\f${String.fromCharCode(97 + i)}="[${face}]" at 11pt \\f${String.fromCharCode(97 + i)} ${text}\\par`).join('\n');
    const source = `\\documentclass{article}\\begin{document}\n${body}\n\\end{document}\n`;
    const options: TexRunOptions = { source, program: join(BIN, 'xelatex'), mode: 'bwrap', workDir: root, timeoutMs: 60_000, limits: LIMITS, maxPdfBytes: 50 << 20 };
    const plain = await runTex(options);
    const overlaid = await runTex({ ...options, fonts: overlay });
    expect(plain.outcome, plain.log.slice(-2000)).toBe('success');
    expect(overlaid.outcome, overlaid.log.slice(-2000)).toBe('success');
    const text = await pdfText(overlaid.pdf!);
    for (const [, line] of faces) expect(text.replace(/\s+/g, '')).toContain(line.replace(/\s+/g, ''));
    expect(text).toBe(await pdfText(plain.pdf!));
  }, 120_000);

  it('copies the fonts it finds when another of the list is not installed', async () => {
    const made = await prepareFontOverlay(join(root, 'some'), BIN, ['no-such-font-anywhere.ttf', 'uming.ttc']);
    expect(made).not.toBeNull();
    expect(postVersion(await readFile(join(root, 'some', 'uming.ttc')))).toBe(0x00030000);
  });

  it('makes none where kpathsea would misread the directory or none of the fonts is installed', async () => {
    expect(await prepareFontOverlay(join(root, 'a,b'), BIN)).toBeNull();
    expect(await prepareFontOverlay(join(root, 'none'), BIN, ['no-such-font-anywhere.ttf'])).toBeNull();
  });
});
