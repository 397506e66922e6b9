// Never lose work: the notes, the LaTeX, the type and the settings come back after a reload with a
// "Restored your unsaved work" notice and an Undo; the last document type chosen stays chosen; the
// note's length shows against the 200,000 limit. And the settings panel's "two columns" yields a
// two-column PDF.
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { expect, test, type Page } from '@playwright/test';
import { screenshots, signUpInBrowser } from '../support/browser';

const run = promisify(execFile);
const notes = (page: Page) => page.getByLabel('Content', { exact: true });
const codeText = (page: Page) => page.locator('.cm-line').evaluateAll((lines) => lines.map((l) => l.textContent ?? '').join('\n'));

test('reload restores unsaved notes, LaTeX, type and settings; Undo empties the editor', async ({ page }) => {
  await signUpInBrowser(page, 'drafts');
  await page.goto('/');
  await page.getByLabel('Document type').selectOption('report');
  await notes(page).fill('# Field notes\nThe river rose two metres overnight.');
  await expect(page.getByTestId('note-length')).toHaveText('50 / 200,000 characters');
  await page.locator('.cm-content').click();
  await page.keyboard.insertText('\\documentclass{article}\n\\begin{document}\nDraft LaTeX\n\\end{document}\n');
  await page.getByRole('button', { name: /^Settings/ }).click();
  await page.getByLabel('Author').fill('R. Hydrologist');
  // Drafts are written shortly after the last change.
  await page.waitForTimeout(600);

  await page.reload();
  await expect(page.getByText('Restored your unsaved work').first()).toBeVisible();
  await expect(notes(page)).toHaveValue('# Field notes\nThe river rose two metres overnight.');
  await expect.poll(() => codeText(page)).toContain('Draft LaTeX');
  await expect(page.getByLabel('Document type')).toHaveValue('report');
  await expect(page.getByRole('button', { name: /^Settings/ })).toContainText('1 set');

  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(notes(page)).toHaveValue('');
  await expect.poll(() => codeText(page)).toBe('');
  await page.waitForTimeout(600);
  await page.reload();
  await expect(notes(page)).toHaveValue('');
  await expect(page.getByText('Restored your unsaved work')).toHaveCount(0);
  // The type chosen last is still the default.
  await expect(page.getByLabel('Document type')).toHaveValue('report');
});

test('a footer template is the type until another is chosen', async ({ page }) => {
  await page.goto('/template/letter');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByLabel('Document type')).toHaveValue('letter');
  await page.getByLabel('Document type').selectOption('book');
  await page.reload();
  await expect(page.getByLabel('Document type')).toHaveValue('book');
});

/** How many text columns page 1 of a PDF has, from the word boxes pdftotext reports. */
async function columnsOnFirstPage(pdfPath: string): Promise<number> {
  const { stdout } = await run('pdftotext', ['-bbox', '-f', '1', '-l', '1', pdfPath, '-'], { maxBuffer: 16 << 20 });
  const width = Number(/<page width="([\d.]+)"/.exec(stdout)?.[1] ?? 612);
  const words = [...stdout.matchAll(/<word xMin="([\d.]+)" yMin="[\d.]+" xMax="([\d.]+)"/g)].map((m) => [Number(m[1]), Number(m[2])] as const);
  const right = words.filter(([xMin]) => xMin > width * 0.52).length;
  const crossing = words.filter(([xMin, xMax]) => xMin < width * 0.48 && xMax > width * 0.52).length;
  // Two columns: many words start right of the middle and almost none straddle it.
  return right > 20 && crossing < 3 ? 2 : 1;
}

test('the settings panel\'s "two columns" yields a two-column PDF', async ({ page }) => {
  test.setTimeout(180_000);
  await signUpInBrowser(page, 'columns');
  await page.goto('/');
  await page.getByLabel('Document type').selectOption('article');
  // Enough text to fill more than one column of the first page (a short note leaves the right one empty).
  const paragraph = 'Rivers carry sediment from the hills to the sea, and the amount they carry depends on the speed of the water and the size of the grains. ';
  await notes(page).fill(`# Sediment transport\n\n## Observations\n\n${paragraph.repeat(12)}\n\n## Method\n\n${paragraph.repeat(12)}\n`);
  await page.getByRole('button', { name: /^Settings/ }).click();
  await page.getByLabel('Columns').selectOption('2');
  await page.getByLabel('Author').fill('A. Geographer');
  await screenshots(page, 'settings-panel');
  await page.getByRole('button', { name: 'Generate LaTeX' }).click();
  // The editor draws only the lines in view, and \twocolumn is in the body, below the preamble:
  // the draft the editor keeps (localStorage) holds the whole LaTeX.
  await expect.poll(() => page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('latexgen.draft.')).map((k) => localStorage.getItem(k)).join('\n')), { timeout: 30_000 }).toContain('\\\\twocolumn');
  await page.getByRole('tab', { name: 'PDF Preview' }).click();
  await page.getByRole('button', { name: 'Generate PDF from LaTeX' }).click();
  await expect(page.getByTestId('pdf-page-count')).toHaveText(/Page 1 of \d+/, { timeout: 30_000 });
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download', exact: true }).click()]);
  const path = await download.path();
  expect(readFileSync(path).subarray(0, 5).toString()).toBe('%PDF-');
  expect(await columnsOnFirstPage(path)).toBe(2);
});
