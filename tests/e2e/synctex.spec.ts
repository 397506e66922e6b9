// SyncTeX both ways, with the data the compile sandbox writes next to the PDF: double-clicking a
// word in the PDF puts the editor's cursor on (and selects) its source line; "Show in PDF" (and
// its shortcut, named in its tooltip) scrolls the PDF to the cursor's line and flashes it. Side by
// side (1280 px) nothing switches: both panes stay on screen; on a phone the tabs follow.
import { expect, test, type Page } from '@playwright/test';
import { showOutput, signUpInBrowser } from '../support/browser';

const DOC = [
  '\\documentclass{article}', // 1
  '\\begin{document}', // 2
  '\\section{Fruit}', // 3
  'Apples are the first word here.', // 4
  '', // 5
  'Bananas live on the second paragraph.', // 6
  '\\newpage', // 7
  'Cherries sit alone on page two.', // 8
  '\\end{document}', // 9
  '',
].join('\n');

const activeLine = (page: Page) => page.locator('.cm-lineNumbers .cm-activeLineGutter');

test('double-click in the PDF selects the source line; Show in PDF scrolls to the cursor and flashes it', async ({ page }) => {
  test.setTimeout(120_000);
  // (A window shorter than the page, as a laptop's often is: a jump that scrolled the window shows.)
  await page.setViewportSize({ width: 1366, height: 700 });
  await signUpInBrowser(page, 'synctex');
  await page.goto('/');
  await page.locator('.cm-content').click();
  await page.keyboard.insertText(DOC);
  await page.keyboard.press('Control+S');
  await expect(page.getByTestId('pdf-page-count')).toHaveText('Page 1 of 2', { timeout: 30_000 });
  await expect(page.getByText('Double-click a word to find it in the LaTeX.')).toBeVisible();

  // PDF → source.
  const bananas = page.getByTestId('pdf-pages').locator('.textLayer span', { hasText: 'Bananas' }).first();
  expect(await page.evaluate(() => document.documentElement.scrollHeight > window.innerHeight)).toBe(true);
  const scrolled = await page.evaluate(() => window.scrollY);
  await bananas.dblclick();
  // Nothing switched: there are no tabs, and the PDF is still on screen beside the code.
  await expect(page.getByRole('tab')).toHaveCount(0);
  await expect(page.getByTestId('pdf-pages')).toBeVisible();
  await expect(activeLine(page)).toHaveText('6');
  expect(await page.evaluate(() => window.getSelection()?.toString())).toBe('Bananas live on the second paragraph.');
  // The page stays where it was: the line is brought into the editor's own view, not the window's.
  expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);

  // Source → PDF, by the button: line 8 is on page 2.
  await page.keyboard.press('Control+Home');
  for (let i = 1; i < 8; i++) await page.keyboard.press('ArrowDown');
  await expect(activeLine(page)).toHaveText('8');
  const show = page.getByRole('button', { name: 'Show in PDF' });
  await expect(show).toHaveAttribute('title', /Show in PDF \((Alt\+Shift\+P|⌥⇧P)\)/);
  await show.click();
  await expect(page.locator('.cm-content')).toBeVisible();
  // The flash is on page 2, in the visible part of the frame. Read in one step in the page: the
  // flash lasts two seconds, which a loaded machine can spend between two separate reads.
  const flashPlace = () =>
    page.evaluate(() => {
      const flash = document.querySelector('[data-testid="pdf-flash"]');
      const frame = document.querySelector('[data-testid="pdf-pages"]');
      if (!flash || !frame) return 'no flash';
      const page = flash.closest('[data-page-number]')?.getAttribute('data-page-number');
      const spot = flash.getBoundingClientRect();
      const view = frame.getBoundingClientRect();
      return `page ${page}, ${spot.top > view.top && spot.bottom < view.bottom ? 'in view' : 'out of view'}`;
    });
  await expect.poll(flashPlace).toBe('page 2, in view');

  // And by the shortcut, from line 4 back on page 1.
  await showOutput(page, 'LaTeX Code');
  await page.locator('.cm-content').click();
  await page.keyboard.press('Control+Home');
  for (let i = 1; i < 4; i++) await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Alt+Shift+P');
  await expect.poll(flashPlace).toBe('page 1, in view');
  await expect(page.getByTestId('pdf-page-count')).toHaveText('Page 1 of 2');
});

test('on a phone the tabs follow SyncTeX: a double-click in the PDF shows the code tab', async ({ page }) => {
  test.setTimeout(120_000);
  await signUpInBrowser(page, 'synctex-phone');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  await page.locator('.cm-content').click();
  await page.keyboard.insertText(DOC);
  await page.keyboard.press('Control+S');
  await expect(page.getByRole('tab', { name: 'PDF Preview' })).toHaveAttribute('aria-selected', 'true', { timeout: 30_000 });
  await expect(page.getByTestId('pdf-page-count')).toHaveText('Page 1 of 2', { timeout: 30_000 });
  await page.getByTestId('pdf-pages').locator('.textLayer span', { hasText: 'Bananas' }).first().dblclick();
  await expect(page.getByRole('tab', { name: 'LaTeX Code' })).toHaveAttribute('aria-selected', 'true');
  await expect(activeLine(page)).toHaveText('6');
});
