// Taking a document elsewhere, as a person does it in the editor (docs/product.md, Exports): with an
// uploaded image, Generate, then the LaTeX Code tab's .zip (main.tex, the image, a README naming
// the engine), Word (a .docx with a Heading 1) and Open in Overleaf, whose form posts the editor's
// LaTeX, its name and engine to Overleaf's /docs in a new tab (intercepted here: no network).
import { readFileSync } from 'node:fs';
import { strFromU8, unzipSync } from 'fflate';
import { expect, test } from '@playwright/test';
import { expectAccessible, screenshots, signUpInBrowser } from '../support/browser';
import { solidPng } from '../support/images';

const NOTE = ['# Field report', '', 'We measured $E = mc^2$ twice.', '', '- first', '- second', '', '<FIGURE>', 'image: setup.png', 'caption: The set-up', '</FIGURE>'].join('\n');

test('the project zip, the Word file and Open in Overleaf', async ({ page, context }) => {
  test.setTimeout(180_000);
  await signUpInBrowser(page, 'exports');
  await page.goto('/');
  await page.getByLabel('Document type').selectOption('article');
  await page.getByLabel('Content').fill(NOTE);
  const input = page.getByLabel('Upload image');
  await input.focus();
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.keyboard.press('Enter')]);
  await chooser.setFiles({ name: 'setup.png', mimeType: 'image/png', buffer: solidPng() });
  await expect(page.getByRole('region', { name: 'Images' }).getByRole('status')).toHaveText('Uploaded setup.png.');
  await page.getByRole('button', { name: 'Generate LaTeX' }).click();
  await expect.poll(() => page.locator('.cm-content').innerText(), { timeout: 30_000 }).toContain('\\includegraphics');

  const zipButton = page.getByRole('button', { name: 'Download .zip (LaTeX, images and README)' });
  await expect(zipButton).toBeEnabled();
  const [zip] = await Promise.all([page.waitForEvent('download'), zipButton.click()]);
  expect(zip.suggestedFilename()).toBe('FieldReport.zip');
  const files = unzipSync(new Uint8Array(readFileSync((await zip.path())!)));
  expect(Object.keys(files).sort()).toEqual(['README.md', 'main.tex', 'setup.png']);
  expect(strFromU8(files['main.tex']!)).toContain('\\includegraphics');
  expect(strFromU8(files['README.md']!)).toContain('pdflatex main.tex');

  const [word] = await Promise.all([page.waitForEvent('download', { timeout: 60_000 }), page.getByRole('button', { name: 'Download Word (.docx)' }).click()]);
  expect(word.suggestedFilename()).toBe('FieldReport.docx');
  const docx = unzipSync(new Uint8Array(readFileSync((await word.path())!)));
  expect(strFromU8(docx['word/document.xml']!)).toMatch(/<w:pStyle w:val="Title" ?\/>[\s\S]*<m:oMath>/);

  // Overleaf's /docs receives the LaTeX (URL-encoded), the project's name and the engine.
  let posted: URLSearchParams | null = null;
  await context.route('https://www.overleaf.com/docs', async (route) => {
    posted = new URLSearchParams(route.request().postData() ?? '');
    await route.fulfill({ status: 200, contentType: 'text/html', body: '<title>Overleaf</title>' });
  });
  const latex = await page.locator('.cm-content').innerText();
  const [popup] = await Promise.all([context.waitForEvent('page'), page.getByRole('button', { name: 'Open in Overleaf' }).click()]);
  await popup.waitForLoadState();
  expect(posted).not.toBeNull();
  const form = posted as unknown as URLSearchParams;
  expect(form.get('engine')).toBe('pdflatex');
  expect(form.get('snip_name')).toBe('Field report');
  expect(decodeURIComponent(form.get('encoded_snip') ?? '').replace(/\s+/g, ' ')).toBe(latex.replace(/\s+/g, ' '));
  await popup.close();

  await expectAccessible(page, 'LaTeX Code tab with the export buttons');
  await screenshots(page, 'exports-code-tab');
});
