// Figures with uploaded images, as a person does it in the editor: upload a PNG with the keyboard
// (a spoofed "PNG" that is HTML is refused beside the control and nothing is lost), write a note
// whose FIGURE names it, Generate, Generate PDF, and find the picture's red both in the viewer's
// canvas and in the downloaded PDF rendered by pdftoppm. The images follow the document: the new
// document has them, the holder saved by the first upload is gone from history, and opening the
// document from history brings them back. A visitor gets the 'Account Required' dialog.
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { editorText, expectAccessible, screenshots, showOutput, signUpInBrowser } from '../support/browser';
import { solidPng } from '../support/images';
import { redPixels } from '../support/pdf';

const NOTE = [
  '# Colour test report',
  '',
  'The picture below is the uploaded image.',
  '',
  '<FIGURE>',
  'image: red-square.png',
  'caption: A red square from the upload',
  '</FIGURE>',
  '',
  'That is all.',
].join('\n');

/** Pixels of the viewer's drawn pages that are the test picture's red. */
async function redInViewer(page: Page): Promise<number> {
  return page.getByTestId('pdf-pages').evaluate((root) => {
    let red = 0;
    for (const canvas of Array.from(root.querySelectorAll('canvas'))) {
      const ctx = canvas.getContext('2d');
      if (!ctx || canvas.width < 2) continue;
      const { data } = ctx.getImageData(0, 0, canvas.width, canvas.height);
      for (let i = 0; i < data.length; i += 4) if (data[i]! > 180 && data[i + 1]! < 80 && data[i + 2]! < 80) red++;
    }
    return red;
  });
}

async function chooseWithKeyboard(page: Page, files: Parameters<import('@playwright/test').FileChooser['setFiles']>[0]): Promise<void> {
  const input = page.getByLabel('Upload image');
  await input.focus();
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.keyboard.press('Enter')]);
  await chooser.setFiles(files);
}

test('a FIGURE with an uploaded PNG is drawn in the PDF; a spoofed PNG is refused; images follow the document', async ({ page }) => {
  test.setTimeout(180_000);
  await signUpInBrowser(page, 'figures');
  await page.goto('/');
  await page.getByLabel('Document type').selectOption('article');
  await page.getByLabel('Content').fill(NOTE);
  const images = page.getByRole('region', { name: 'Images' });
  await expect(images.getByText('![Caption](diagram.png)')).toBeVisible();

  // HTML named .png: refused by its content, the server's words beside the control, the note kept.
  await chooseWithKeyboard(page, { name: 'red-square.png', mimeType: 'image/png', buffer: Buffer.from('<!doctype html><html><script>alert(1)</script></html>') });
  await expect(images.getByRole('alert')).toHaveText(
    'red-square.png: Only PNG, JPEG and PDF images can be uploaded (the file is checked by its content, not its name).',
  );
  await expect(page.getByLabel('Content')).toHaveValue(NOTE);
  await expect(images.getByRole('list', { name: 'Uploaded images' })).toHaveCount(0);
  await expectAccessible(page, 'images control with an error');

  await chooseWithKeyboard(page, { name: 'red-square.png', mimeType: 'image/png', buffer: solidPng() });
  await expect(images.getByRole('status')).toHaveText('Uploaded red-square.png.');
  await expect(images.getByRole('alert')).toHaveCount(0);
  const listed = images.getByRole('listitem').filter({ hasText: 'red-square.png' });
  await expect(listed).toContainText(/\d+(\.\d)? (B|KB)/);
  await expect(listed.getByRole('button', { name: 'Remove red-square.png' })).toBeVisible();
  // The thumbnail is the uploaded picture, served back to its owner.
  await expect.poll(() => listed.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(240);
  await expectAccessible(page, 'images control with an image');
  await screenshots(page, 'figure-images-editor');

  await page.getByRole('button', { name: 'Generate LaTeX' }).click();
  await expect.poll(() => editorText(page), { timeout: 30_000 }).toContain('\\includegraphics');
  expect(await editorText(page)).toContain('{red-square.png}');
  // The new document has the image (the list now reads the generated document's copies).
  await expect(images.getByRole('button', { name: 'Remove red-square.png' })).toBeVisible();

  await showOutput(page, 'PDF Preview');
  await page.getByRole('button', { name: 'Generate PDF from LaTeX' }).click();
  await expect(page.getByTestId('pdf-page-count')).toHaveText(/^Page 1 of \d+$/, { timeout: 30_000 });
  await expect.poll(() => redInViewer(page), { timeout: 20_000 }).toBeGreaterThan(500);
  await page.getByTestId('pdf-pages').scrollIntoViewIfNeeded();
  await screenshots(page, 'figure-images-pdf');

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download', exact: true }).click()]);
  const pdf = readFileSync(await download.path());
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  expect(await redPixels(pdf)).toBeGreaterThan(100);

  // History: one document (the holder the first upload saved has handed its images over and gone);
  // opening it brings its images back.
  await page.getByRole('banner').getByRole('link', { name: 'History' }).click();
  await expect(page.getByTestId('history-count')).toHaveText('1 document');
  await page.getByRole('row', { name: /Colour test report/ }).getByRole('button', { name: /^Edit / }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByLabel('Content')).toHaveValue(NOTE);
  await expect(images.getByRole('button', { name: 'Remove red-square.png' })).toBeVisible();

  // Remove takes it away from the document.
  await images.getByRole('button', { name: 'Remove red-square.png' }).click();
  await expect(images.getByRole('status')).toHaveText('Removed red-square.png.');
  await expect(images.getByRole('list', { name: 'Uploaded images' })).toHaveCount(0);
});

test('a visitor who tries to upload gets the Account Required dialog, not a file chooser', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByText('Loading...')).toHaveCount(0);
  let chooserOpened = false;
  page.on('filechooser', () => {
    chooserOpened = true;
  });
  await page.getByLabel('Upload image').focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Account Required' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('upload images');
  await dialog.getByRole('button', { name: 'Maybe Later' }).click();
  await expect(page.getByLabel('Upload image')).toBeFocused();
  expect(chooserOpened).toBe(false);
});
