// axe-core finds nothing serious or critical on any route, signed out and signed in, at desktop
// and phone widths — including the editor with its settings open, a compiled PDF, an error box
// and the dialogs and menus people open there.
import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, signUpInBrowser } from '../support/browser';

const APP_ROUTES = ['/', '/login', '/register', '/auth', '/history', '/account', '/success?session_id=cs_none', '/verify-email?token=nope', '/reset-password?token=nope', '/confirm-email?token=nope', '/template/report', '/ui-playground', '/no-such-page'];
/** Checkout pages leave the app for the payment provider when signed in; visitors are sent on inside it. */
const VISITOR_ONLY = ['/subscribe', '/refill'];

const SIZES = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
] as const;

/** Waits until the address has stayed the same for half a second (redirects, the template's 300 ms). */
async function settled(page: Page): Promise<void> {
  let last = '';
  await expect
    .poll(async () => {
      const now = page.url();
      const same = now === last;
      last = now;
      return same;
    }, { intervals: [500] })
    .toBe(true);
  await expect(page.locator('main')).toBeVisible();
  await expect(page.getByText('Loading...')).toHaveCount(0);
}

async function scanRoutes(page: Page, who: string, routes: readonly string[]): Promise<void> {
  for (const size of SIZES) {
    await page.setViewportSize(size);
    for (const route of routes) {
      await page.goto(route);
      await settled(page);
      await expectAccessible(page, `${who} ${size.name} ${route} → ${new URL(page.url()).pathname}`);
    }
  }
}

test('every route, signed out', async ({ page }) => {
  test.setTimeout(420_000);
  await scanRoutes(page, 'visitor', [...APP_ROUTES, ...VISITOR_ONLY]);
});

test('every route, signed in', async ({ page }) => {
  test.setTimeout(420_000);
  await signUpInBrowser(page, 'axe');
  await scanRoutes(page, 'member', APP_ROUTES);
});

test('the editor in use: settings, errors, PDF, dialogs and the phone menu', async ({ page }) => {
  test.setTimeout(180_000);
  await signUpInBrowser(page, 'axeeditor');
  await page.goto('/');
  await page.getByRole('button', { name: /^Settings/ }).click();
  await expectAccessible(page, 'settings open');

  await page.locator('.cm-content').click();
  await page.keyboard.insertText('\\documentclass{article}\n\\begin{document}\n\\oops\n\\end{document}\n');
  await page.getByRole('button', { name: 'Recompile' }).click();
  await expect(page.getByTestId('compile-errors')).toBeVisible({ timeout: 30_000 });
  await expectAccessible(page, 'compile errors');

  await page.locator('.cm-content').click();
  await page.keyboard.press('Control+A');
  await page.keyboard.insertText('\\documentclass{article}\n\\begin{document}\nFine.\n\\end{document}\n');
  await page.keyboard.press('Control+S');
  await expect(page.getByTestId('pdf-page-count')).toHaveText('Page 1 of 1', { timeout: 30_000 });
  await expectAccessible(page, 'PDF preview');

  await page.getByRole('banner').getByRole('button', { name: 'Upgrade' }).click();
  await expect(page.getByRole('dialog', { name: 'Choose Your Plan' })).toBeVisible();
  await expectAccessible(page, 'plan dialog');
  await page.keyboard.press('Escape');

  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('banner').getByRole('button', { name: 'Menu' }).click();
  await expect(page.getByRole('menu')).toBeVisible();
  await expectAccessible(page, 'phone menu');
});
