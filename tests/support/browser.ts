// Shared steps of the Playwright journeys: accessibility scans, screenshots at two widths, and the
// verification link from the outbox.
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { uniqueEmail } from './sign-up';

export const SCREENSHOTS = 'test-results/screenshots';

/** Fails on any serious or critical axe violation, listing them. */
export async function expectAccessible(page: Page, label: string): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(bad.map((v) => `${label}: ${v.id} (${v.impact}) ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

export async function screenshots(page: Page, name: string): Promise<void> {
  const size = page.viewportSize() ?? { width: 1280, height: 800 };
  // From the top: a full-page shot of a scrolled page draws the sticky header in the middle.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `${SCREENSHOTS}/${name}-desktop.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `${SCREENSHOTS}/${name}-phone.png`, fullPage: true });
  await page.setViewportSize(size);
  await layoutSettled(page);
}

/**
 * Waits two frames: a resize reaches the page's media queries (and so the editor's panes or tabs)
 * at its next rendering, not when setViewportSize returns.
 */
export async function layoutSettled(page: Page): Promise<void> {
  await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));
}

interface OutboxMail {
  to: string;
  subject: string;
  link?: string;
}

export async function verificationLink(request: APIRequestContext, email: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(async () => {
      const res = await request.get('/dev/outbox.json');
      const { messages } = (await res.json()) as { messages: OutboxMail[] };
      link = messages.find((m) => m.to === email.toLowerCase())?.link;
      return link;
    })
    .toBeTruthy();
  return link!;
}

/** The link of the newest outbox mail to `email` whose subject contains `subject`. */
export async function outboxLink(request: APIRequestContext, email: string, subject: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(async () => {
      const res = await request.get('/dev/outbox.json');
      const { messages } = (await res.json()) as { messages: OutboxMail[] };
      link = messages.find((m) => m.to === email.toLowerCase() && m.subject.includes(subject))?.link;
      return link;
    })
    .toBeTruthy();
  return link!;
}

/**
 * A new verified account, signed in on the login page as a person does (so the browser also
 * remembers that someone signed in here), for journeys about what comes after. Returns the email.
 */
export interface VerifiedAccount {
  email: string;
  username: string;
  password: string;
}

let registrations = 0;

/**
 * Registers and verifies an account through the API (`request` talks to the app); not signed in.
 * Each account registers from an address of its own (the e2e server trusts X-Forwarded-For from
 * loopback, playwright.config.ts), as people do: the journeys together make more accounts than
 * one address may register in an hour.
 */
export async function verifiedAccount(request: APIRequestContext, prefix: string, password = 'a long enough password'): Promise<VerifiedAccount> {
  const email = uniqueEmail(prefix);
  const username = email.split('@')[0]!;
  registrations++;
  const from = `10.${process.pid % 250}.${Math.floor(registrations / 250)}.${registrations % 250}`;
  const reg = await request.post('/api/auth/register', { data: { username, email, password }, headers: { 'x-forwarded-for': from } });
  expect(reg.status()).toBe(201);
  const link = new URL(await verificationLink(request, email));
  expect((await request.get(`/api/auth/verify-email${link.search}`)).status()).toBe(200);
  return { email, username, password };
}

/** A verified account signed in through the /login page, as a person would; returns its email. */
export async function signUpInBrowser(page: Page, prefix: string): Promise<string> {
  const { email, password } = await verifiedAccount(page.request, prefix);
  await signInThroughPage(page, email, password);
  return email;
}

/** Signs in on the /login page and waits for the editor it leads to. */
export async function signInThroughPage(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/\?verified=true$/);
}

/**
 * Every control a notification (toast or error card) covers right now: buttons, links, tabs,
 * choices and marked badges that are in the viewport and reachable (not under the sticky header
 * or a dialog's overlay), compared by bounding box with each notification. Empty when none.
 */
export async function controlsUnderNotifications(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const stack = document.querySelector<HTMLElement>('[data-testid="notifications"]');
    if (!stack) return ['no notification stack'];
    const notes = [...stack.querySelectorAll<HTMLElement>('.toast-root, [data-testid="error-card"]')].map((n) => ({
      text: (n.textContent ?? '').slice(0, 40),
      r: n.getBoundingClientRect(),
    }));
    stack.style.visibility = 'hidden';
    const reachable = (el: Element, r: DOMRect) => {
      const x = Math.min(Math.max(r.left + r.width / 2, 0), innerWidth - 1);
      const y = Math.min(Math.max(r.top + r.height / 2, 0), innerHeight - 1);
      const hit = document.elementFromPoint(x, y);
      return !!hit && (hit === el || el.contains(hit) || hit.contains(el));
    };
    const controls = [...document.querySelectorAll('button, a[href], select, input[type="checkbox"], [role="button"], [role="tab"], input[type="file"] + label, textarea, [data-keep-uncovered]')]
      .filter((el) => !stack.contains(el))
      .map((el) => ({ el, r: el.getBoundingClientRect() }))
      .filter(({ el, r }) => r.width > 0 && r.height > 0 && r.bottom > 0 && r.top < innerHeight && r.right > 0 && r.left < innerWidth && reachable(el, r));
    stack.style.visibility = '';
    const out: string[] = [];
    for (const n of notes) {
      for (const { el, r } of controls) {
        const w = Math.min(n.r.right, r.right) - Math.max(n.r.left, r.left);
        const h = Math.min(n.r.bottom, r.bottom) - Math.max(n.r.top, r.top);
        if (w > 0 && h > 0) out.push(`"${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 30)}" under "${n.text}"`);
      }
    }
    return out;
  });
}

/**
 * Brings 'LaTeX Code' or 'PDF Preview' into view: on a narrow screen by its tab; side by side
 * (1100 px and wider) both panes show already and nothing is clicked.
 */
export async function showOutput(page: Page, name: 'LaTeX Code' | 'PDF Preview'): Promise<void> {
  const tab = page.getByRole('tab', { name });
  if (await tab.isVisible()) await tab.click();
}

/**
 * The whole text of the LaTeX editor. CodeMirror draws only the lines near the view (fewer in a
 * narrow pane), so the document is read from the editor itself: its DOM keeps a reference to the
 * view (`cmTile.view`, CodeMirror 6.3x); the drawn lines are the fallback.
 */
export async function editorText(page: Page): Promise<string> {
  return page.locator('.cm-content').first().evaluate((el) => {
    const view = (el as unknown as { cmTile?: { view?: { state: { doc: { toString(): string } } } } }).cmTile?.view;
    return view ? view.state.doc.toString() : (el as HTMLElement).innerText;
  });
}
