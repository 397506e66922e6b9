// The daily loop: paste notes, generate an article, compile, read the PDF, download it, edit the
// LaTeX and recompile, find it in history, reopen it, delete it; the free tier's fourth generation;
// a visitor asked to sign in.
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { editorText, expectAccessible, screenshots, showOutput, verifiedAccount } from '../support/browser';

// A real lecture note (Scientific Python Lectures, CC-BY 4.0; tests/fixtures/notes/SOURCES.md).
const NOTE = readFileSync(new URL('../fixtures/notes/scipy-functions-lecture.md', import.meta.url), 'utf8');
const TITLE = 'Defining functions';

/** A verified account, signed in through the API. */
async function signUpAndIn(page: Page): Promise<string> {
  const { email, password } = await verifiedAccount(page.request, 'editor', 'editor journey password');
  expect((await page.request.post('/api/auth/login', { data: { email, password } })).status()).toBe(200);
  return email;
}

const codeText = (page: Page) => editorText(page);

test('notes → article → PDF → download → edit and recompile → history → delete; the 4th free generation is refused', async ({ page }) => {
  test.setTimeout(240_000);
  await signUpAndIn(page);
  await page.goto('/');
  await expect(page.getByRole('banner').getByText('0 / 3 generations')).toBeVisible();
  await page.getByLabel('Document type').selectOption('article');
  await page.getByLabel('Content').fill(NOTE);
  await expect(page.getByText('AI Ready')).toBeVisible();
  await page.getByRole('button', { name: 'Generate LaTeX' }).click();
  await expect.poll(() => codeText(page), { timeout: 30_000 }).toContain('\\documentclass');
  await expect(page.getByText('Awaiting Compilation')).toBeVisible();
  await expect(page.getByRole('banner').getByText('1 / 3 generations')).toBeVisible();
  await expectAccessible(page, 'editor with LaTeX');
  await screenshots(page, 'editor-latex');

  await showOutput(page, 'PDF Preview');
  await page.getByRole('button', { name: 'Generate PDF from LaTeX' }).click();
  const viewer = page.getByLabel(`PDF preview: ${TITLE}`);
  await expect(viewer).toBeVisible({ timeout: 30_000 });
  // pdf.js's text layer carries the PDF's words.
  await expect(viewer.locator('.textLayer').first()).toContainText('Function definition', { timeout: 30_000 });
  await expectAccessible(page, 'editor with PDF');
  await screenshots(page, 'editor-preview');

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download', exact: true }).click()]);
  expect(download.suggestedFilename()).toBe('DefiningFunctions.pdf');
  const pdfBytes = readFileSync(await download.path());
  expect(pdfBytes.subarray(0, 5).toString()).toBe('%PDF-');

  // Edit the LaTeX: a sentence before \end{document}, then Recompile.
  await showOutput(page, 'LaTeX Code');
  await expect(page.getByText('Compilation Successful')).toBeVisible();
  await page.locator('.cm-content').click();
  await page.keyboard.press('Control+End');
  const lines = (await codeText(page)).trimEnd().split('\n');
  if (lines[lines.length - 1] !== '\\end{document}') throw new Error('unexpected end of document');
  // The cursor may be on a trailing empty line: go to the \end{document} line.
  await page.keyboard.press('Control+End');
  if ((await codeText(page)).endsWith('\n')) await page.keyboard.press('ArrowUp');
  await page.keyboard.press('Home');
  await page.keyboard.type('Recompiled marker sentence.');
  await page.keyboard.press('Enter');
  await expect(page.getByText('Awaiting Compilation')).toBeVisible();
  await page.getByRole('button', { name: 'Recompile' }).click();
  await expect(page.getByText('Compilation Successful')).toBeVisible({ timeout: 30_000 });
  await showOutput(page, 'PDF Preview');
  // The sentence is on the last page: End goes there (pages far from the view are drawn later).
  await page.getByTestId('pdf-pages').press('End');
  await expect(page.getByLabel(`PDF preview: ${TITLE}`).locator('.textLayer').last()).toContainText('Recompiled marker sentence', { timeout: 30_000 });
  await expect(page.getByRole('banner').getByText('1 / 3 generations')).toBeVisible();

  await page.getByRole('banner').getByRole('link', { name: 'History' }).click();
  await expect(page).toHaveURL(/\/history$/);
  const row = page.getByRole('row', { name: new RegExp(TITLE) });
  await expect(row).toBeVisible();
  await expect(row.getByText('Ready')).toBeVisible();
  await expect(row.getByText('Article')).toBeVisible();
  await expectAccessible(page, 'history');
  await screenshots(page, 'history');
  await page.getByLabel('Search documents').fill('defining');
  await expect(page.getByRole('row', { name: new RegExp(TITLE) })).toBeVisible();
  await page.getByLabel('Search documents').fill('no such words');
  await expect(page.getByRole('button', { name: 'Clear search' })).toBeVisible();
  await page.getByRole('button', { name: 'Clear search' }).click();

  await page.getByRole('button', { name: `Edit ${TITLE}` }).first().click();
  // The editor opens the saved document (its notes and its edited LaTeX).
  await expect(page.getByLabel('Content')).toHaveValue(NOTE);
  await expect.poll(() => codeText(page)).toContain('\\documentclass');
  // CodeMirror renders only the visible lines; the .tex download has the whole text.
  const [tex] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download .tex' }).click()]);
  expect(tex.suggestedFilename()).toBe('DefiningFunctions.tex');
  expect(readFileSync(await tex.path(), 'utf8')).toContain('Recompiled marker sentence.');

  await page.getByRole('banner').getByRole('link', { name: 'History' }).click();
  await expect(page).toHaveURL(/\/history$/);
  await page.getByRole('button', { name: `Delete ${TITLE}` }).first().click();
  await expect(page.getByText('Are you sure you want to delete this document?')).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Create Your First Document')).toBeVisible({ timeout: 15_000 });

  // Two more generations use up the free month; the fourth is refused.
  await page.goto('/');
  for (const n of [2, 3]) {
    await page.getByLabel('Content').fill(`Short note number ${n}`);
    await page.getByRole('button', { name: 'Generate LaTeX' }).click();
    await expect(page.getByRole('banner').getByText(`${n} / 3 generations`)).toBeVisible({ timeout: 30_000 });
  }
  await page.getByLabel('Content').fill('The fourth note');
  await expect(page.getByText('Usage Limit Reached').first()).toBeVisible();
  await page.getByRole('button', { name: 'Generate LaTeX' }).click();
  // Said once, in the notes pane, which takes focus; no card repeats it.
  await expect(page.getByText("You've reached your monthly limit of 3 generations. Upgrade your plan to get more.")).toHaveCount(1);
  await expect(page.getByRole('note').filter({ hasText: 'Usage Limit Reached' })).toBeFocused();
  await expect(page.getByTestId('error-card')).toHaveCount(0);

  await page.goto('/account');
  await expect(page.getByText('3 / 3 generations').first()).toBeVisible();
  await expectAccessible(page, 'account');
  await screenshots(page, 'account');
});

test('a visitor can write but is asked to sign in to generate', async ({ page }) => {
  await page.goto('/');
  await page.getByLabel('Content').fill('Some notes written before signing up');
  await page.getByRole('button', { name: 'Generate LaTeX' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expect(page.getByRole('dialog').getByRole('heading', { name: 'Account Required' })).toBeVisible();
  await expect(page.getByRole('dialog')).toContainText('Please sign in or create a free account to generate LaTeX documents.');
  await page.keyboard.press('Escape');
  await expect(page.getByLabel('Content')).toHaveValue('Some notes written before signing up');
  await page.goto('/history');
  await expect(page).toHaveURL(/\/login$/);
});
