// Editing LaTeX in the real CodeMirror with real key presses: typing never changes what was typed
// (`\begin{itemize}` leaves no stray brace; random LaTeX comes out as typed), Tab completes an
// environment with its \end, a broken document's "Go to line N" puts the cursor on line N, and
// Ctrl+S recompiles.
import fc from 'fast-check';
import { expect, test, type Page } from '@playwright/test';
import { normaliseTyped, typedLatex } from '../../src/client/components/editor/codemirror/typed-latex.arbitrary';
import { screenshots, showOutput, signUpInBrowser } from '../support/browser';

const SEED_ENV = process.env['LATEXGEN_PROPERTY_SEED'];
const SEED = SEED_ENV === 'random' ? Date.now() % 2_147_483_647 : Number(SEED_ENV ?? 20_261_121);

const code = (page: Page) => page.locator('.cm-content');
/** The editor's text, line by line (short documents render every line). */
const codeText = (page: Page) => page.locator('.cm-line').evaluateAll((lines) => lines.map((l) => l.textContent ?? '').join('\n'));

async function emptyEditor(page: Page): Promise<void> {
  await code(page).click();
  await page.keyboard.press('Control+A');
  await page.keyboard.press('Delete');
  await expect.poll(() => codeText(page)).toBe('');
}

test('typing \\begin{itemize} key by key leaves no stray brace, and random LaTeX comes out as typed', async ({ page }) => {
  test.setTimeout(180_000);
  await page.goto('/');
  await emptyEditor(page);
  await page.keyboard.type('\\begin{itemize}\n\\item one\n\\end{itemize}\n');
  expect(normaliseTyped(await codeText(page))).toBe(normaliseTyped('\\begin{itemize}\n\\item one\n\\end{itemize}\n'));
  expect(await codeText(page)).not.toContain('}}');

  for (const text of fc.sample(typedLatex, { seed: SEED, numRuns: 6 })) {
    await emptyEditor(page);
    await page.keyboard.type(text);
    expect(normaliseTyped(await codeText(page)), `typed (seed ${SEED}):\n${text}`).toBe(normaliseTyped(text));
  }
});

test('Tab completes an environment with its \\end; Enter stays a new line', async ({ page }) => {
  await page.goto('/');
  await emptyEditor(page);
  await page.keyboard.type('\\begin{enumer');
  const option = page.getByRole('option', { name: /^enumerate/ });
  await expect(option).toBeVisible();
  await page.keyboard.press('Tab');
  await page.keyboard.type('\\item first');
  expect(normaliseTyped(await codeText(page))).toBe('\\begin{enumerate}\n\\item first\n\\end{enumerate}');
  // A command typed whole and followed by Enter is not replaced by a suggestion.
  await emptyEditor(page);
  await page.keyboard.type('\\maketitle\nText');
  expect(await codeText(page)).toBe('\\maketitle\nText');
});

test("a broken document's Go to line N puts the cursor on line N; Ctrl+S recompiles", async ({ page }) => {
  test.setTimeout(120_000);
  await signUpInBrowser(page, 'golines');
  await page.goto('/');
  await emptyEditor(page);
  await page.keyboard.insertText('\\documentclass{article}\n\\begin{document}\nHello\n\\undefinedcommand\nWorld\n\\end{document}\n');
  await page.keyboard.press('Control+S');
  const errors = page.getByTestId('compile-errors');
  await expect(errors).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('Compilation Failed', { exact: true })).toBeVisible();
  const goTo = errors.getByRole('button', { name: /^Go to line 4\b/ });
  await expect(goTo).toBeVisible();
  // The error box is above the code and nothing floats over it.
  const box = await errors.boundingBox();
  const editor = await page.getByTestId('latex-editor').boundingBox();
  expect(box!.y + box!.height).toBeLessThanOrEqual(editor!.y);
  await screenshots(page, 'error-box');

  await showOutput(page, 'LaTeX Code');
  await goTo.click();
  await expect(page.locator('.cm-lineNumbers .cm-activeLineGutter')).toHaveText('4');
  expect(await page.evaluate(() => window.getSelection()?.toString())).toBe('\\undefinedcommand');
  await expect(code(page)).toBeFocused();

  // Fix the line and recompile with the keyboard.
  await page.keyboard.type('Fixed');
  await page.keyboard.press('Control+S');
  await expect(page.getByText('Compilation Successful')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('compile-errors')).toHaveCount(0);
});
