// The PDF viewer: zoom in and out, fit width, previous and next page with "Page N of M", the same
// by keyboard, selectable text, fit width that follows the window, and on a phone a page as wide as
// the screen under a one-row header.
import { expect, test, type Page } from '@playwright/test';
import { screenshots, showOutput, signUpInBrowser } from '../support/browser';

const THREE_PAGES = [
  '\\documentclass{article}',
  '\\begin{document}',
  'First page with some words to select.',
  '\\newpage',
  'Second page.',
  '\\newpage',
  'Third page.',
  '\\end{document}',
  '',
].join('\n');

async function compileThreePages(page: Page): Promise<void> {
  await page.locator('.cm-content').click();
  await page.keyboard.press('Control+A');
  await page.keyboard.insertText(THREE_PAGES);
  await page.getByRole('button', { name: 'Recompile' }).click();
  await expect(page.getByTestId('pdf-page-count')).toHaveText('Page 1 of 3', { timeout: 30_000 });
}

const pageWidth = (page: Page) => page.locator('[data-page-number="1"]').evaluate((el) => el.getBoundingClientRect().width);

// The viewer's own controls, with the PDF as wide as a tab gives it (below 1100 px the editor shows
// tabs): at 1280 px the PDF pane's fit-width scale is already near the smallest zoom step.
test.use({ viewport: { width: 1024, height: 800 } });

test('zoom, fit width, page buttons and keys, "Page 1 of 3", selectable text', async ({ page }) => {
  test.setTimeout(120_000);
  await signUpInBrowser(page, 'viewer');
  await page.goto('/');
  await compileThreePages(page);
  const viewer = page.getByRole('toolbar', { name: 'PDF viewer' });
  for (const name of ['Zoom in', 'Zoom out', 'Fit width', 'Previous page', 'Next page']) {
    await expect(viewer.getByRole('button', { name, exact: true })).toBeVisible();
  }
  await expect(viewer.getByRole('button', { name: 'Previous page' })).toBeDisabled();

  // The text layer carries the words, and they can be selected with the mouse.
  const words = page.getByTestId('pdf-pages').locator('[data-page-number="1"] .textLayer span', { hasText: 'First page' }).first();
  await expect(words).toBeVisible();
  const box = (await words.boundingBox())!;
  await page.mouse.move(box.x + 1, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width - 1, box.y + box.height / 2, { steps: 5 });
  await page.mouse.up();
  expect(await page.evaluate(() => window.getSelection()?.toString() ?? '')).toMatch(/First page/);
  await page.mouse.click(box.x - 20, box.y - 20);

  await viewer.getByRole('button', { name: 'Next page' }).click();
  await expect(page.getByTestId('pdf-page-count')).toHaveText('Page 2 of 3');
  await viewer.getByRole('button', { name: 'Next page' }).click();
  await expect(page.getByTestId('pdf-page-count')).toHaveText('Page 3 of 3');
  await expect(viewer.getByRole('button', { name: 'Next page' })).toBeDisabled();
  await viewer.getByRole('button', { name: 'Previous page' }).click();
  await expect(page.getByTestId('pdf-page-count')).toHaveText('Page 2 of 3');

  const fitted = await pageWidth(page);
  await viewer.getByRole('button', { name: 'Zoom in' }).click();
  await expect.poll(() => pageWidth(page)).toBeGreaterThan(fitted + 4);
  await viewer.getByRole('button', { name: 'Zoom out' }).click();
  await viewer.getByRole('button', { name: 'Zoom out' }).click();
  await expect.poll(() => pageWidth(page)).toBeLessThan(fitted);
  await viewer.getByRole('button', { name: 'Fit width' }).click();
  // Within a few pixels: a scroll bar may come or go with the zoom.
  await expect.poll(async () => Math.abs((await pageWidth(page)) - fitted)).toBeLessThan(6);

  // Keys, with focus in the pages.
  const frame = page.getByTestId('pdf-pages');
  await frame.focus();
  await page.keyboard.press('Home');
  await expect(page.getByTestId('pdf-page-count')).toHaveText('Page 1 of 3');
  await page.keyboard.press('PageDown');
  await expect(page.getByTestId('pdf-page-count')).toHaveText('Page 2 of 3');
  await page.keyboard.press('End');
  await expect(page.getByTestId('pdf-page-count')).toHaveText('Page 3 of 3');
  await page.keyboard.press('+');
  await expect.poll(() => pageWidth(page)).toBeGreaterThan(fitted + 4);
  await page.keyboard.press('0');
  await expect.poll(async () => Math.abs((await pageWidth(page)) - fitted)).toBeLessThan(6);
  await page.keyboard.press('Home');

  // Fit width follows the window: a phone-sized window narrows the page, and the zoom shown with it.
  const zoomShown = () => page.getByTestId('pdf-zoom').innerText();
  const desktopZoom = await zoomShown();
  await page.setViewportSize({ width: 390, height: 844 });
  await expect.poll(() => pageWidth(page)).toBeLessThan(390);
  expect(await pageWidth(page)).toBeGreaterThan(390 * 0.85);
  await expect.poll(zoomShown).not.toBe(desktopZoom);
  // Back to this test's window (1024 px): the page as wide as it was.
  await page.setViewportSize({ width: 1024, height: 800 });
  await expect.poll(async () => Math.abs((await pageWidth(page)) - fitted)).toBeLessThan(6);
  await expect.poll(zoomShown).toBe(desktopZoom);

  await screenshots(page, 'viewer');
});

test('on a phone the page uses the full width and the header is one row', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await signUpInBrowser(page, 'phone');
  await page.goto('/');
  const header = page.getByRole('banner');
  const headerBox = (await header.boundingBox())!;
  expect(headerBox.height).toBeLessThan(64);
  await expect(header.getByRole('button', { name: 'Menu' })).toBeVisible();
  await showOutput(page, 'LaTeX Code');
  await compileThreePages(page);
  expect(await pageWidth(page)).toBeGreaterThan(390 * 0.85);
  // The menu holds what the desktop header shows.
  await header.getByRole('button', { name: 'Menu' }).click();
  const menu = page.getByRole('menu');
  for (const item of ['History', 'Upgrade', 'Logout']) await expect(menu.getByRole('menuitem', { name: item })).toBeVisible();
  await expect(menu.getByText('0 / 3 generations')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(header.getByRole('button', { name: 'Menu' })).toBeFocused();
});
