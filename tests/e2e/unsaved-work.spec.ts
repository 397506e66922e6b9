// Never lose work (docs/product.md, Editor): the notes, the LaTeX, the type and the settings come back
// after a reload, and undo never goes past the restored text; a new visit says that unsaved work
// came back, and "Start over" keeps it as earlier work; the last document type chosen stays chosen;
// the note's length shows against the 200,000 limit. And the settings panel's "two columns" yields
// a two-column PDF.
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { expect, test, type Page } from '@playwright/test';
import { screenshots, showOutput, signUpInBrowser } from '../support/browser';

const run = promisify(execFile);
const notes = (page: Page) => page.getByLabel('Content', { exact: true });
/** The whole LaTeX as the editor keeps it (CodeMirror draws only the lines in view): its draft. */
const draftLatex = (page: Page) =>
  page.evaluate(() => {
    const key = Object.keys(localStorage).find((k) => k.startsWith('latexgen.draft.'));
    return key ? ((JSON.parse(localStorage.getItem(key) ?? '{}') as { latexContent?: string }).latexContent ?? '') : '';
  });
const codeText = (page: Page) => page.locator('.cm-line').evaluateAll((lines) => lines.map((l) => l.textContent ?? '').join('\n'));

test('the issue\'s sequence: after a reload one Ctrl+Z keeps the LaTeX, and the next reload still has it', async ({ page }) => {
  await signUpInBrowser(page, 'undo-reload');
  await page.goto('/');
  await notes(page).fill('# River notes\nThe river rose two metres overnight.');
  await page.getByRole('button', { name: 'Generate LaTeX' }).click();
  await expect.poll(() => draftLatex(page), { timeout: 30_000 }).toContain('\\documentclass');
  const generated = await draftLatex(page);

  await page.reload();
  await expect.poll(() => codeText(page)).toContain('\\documentclass');
  await page.locator('.cm-content').click();
  await page.keyboard.press('Control+z');
  await page.keyboard.press('Control+z');
  await page.waitForTimeout(600);
  expect(await draftLatex(page)).toBe(generated);
  await expect.poll(() => codeText(page)).toContain('\\documentclass');
  await page.reload();
  await expect.poll(() => draftLatex(page)).toBe(generated);
  await expect.poll(() => codeText(page)).toContain('\\documentclass');
  await expect(notes(page)).toHaveValue('# River notes\nThe river rose two metres overnight.');
  await screenshots(page, 'undo-after-reload');
});

test('unsaved notes, LaTeX, type and settings come back; a new visit says so, "Start over" keeps them as earlier work', async ({ page, context }) => {
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

  // A reload in the same tab brings the work back quietly.
  await page.reload();
  await expect(notes(page)).toHaveValue('# Field notes\nThe river rose two metres overnight.');
  await expect(page.getByText('Restored your unsaved work')).toHaveCount(0);

  // A new visit (another tab) says that unsaved work came back, in the notes pane.
  const visit = await context.newPage();
  await visit.goto('/');
  await expect(visit.getByText('Restored your unsaved work')).toBeVisible();
  await expect(notes(visit)).toHaveValue('# Field notes\nThe river rose two metres overnight.');
  await expect.poll(() => codeText(visit)).toContain('Draft LaTeX');
  await expect(visit.getByLabel('Document type')).toHaveValue('report');
  await expect(visit.getByRole('button', { name: /^Settings/ })).toContainText('1 set');
  await screenshots(visit, 'restored-notice');

  await visit.getByRole('button', { name: 'Start over' }).click();
  await expect(notes(visit)).toHaveValue('');
  await expect.poll(() => codeText(visit)).toBe('');
  await visit.waitForTimeout(600);
  await visit.reload();
  await expect(notes(visit)).toHaveValue('');
  await expect(visit.getByText('Restored your unsaved work')).toHaveCount(0);
  // The type chosen last is still the default.
  await expect(visit.getByLabel('Document type')).toHaveValue('report');

  // Nothing is lost: the emptied work is kept on this device.
  await visit.getByRole('button', { name: 'Earlier work (1)' }).click();
  const dialog = visit.getByRole('dialog', { name: 'Earlier work' });
  await expect(dialog).toContainText('Field notes');
  await dialog.getByRole('button', { name: 'Restore' }).click();
  await expect(dialog).toBeHidden();
  await expect(notes(visit)).toHaveValue('# Field notes\nThe river rose two metres overnight.');
  await expect.poll(() => codeText(visit)).toContain('Draft LaTeX');
  // Focus comes back to the button that opened the dialog, or where it was (it may be gone).
  await expect(visit.locator('body')).not.toBeFocused();
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
  await showOutput(page, 'PDF Preview');
  await page.getByRole('button', { name: 'Generate PDF from LaTeX' }).click();
  await expect(page.getByTestId('pdf-page-count')).toHaveText(/Page 1 of \d+/, { timeout: 30_000 });
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download', exact: true }).click()]);
  const path = await download.path();
  expect(readFileSync(path).subarray(0, 5).toString()).toBe('%PDF-');
  expect(await columnsOnFirstPage(path)).toBe(2);
});
