// Shared steps of the Playwright journeys: accessibility scans, screenshots at two widths, and the
// verification link from the outbox.
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';

export const SCREENSHOTS = 'test-results/screenshots';

/** Fails on any serious or critical axe violation, listing them. */
export async function expectAccessible(page: Page, label: string): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(bad.map((v) => `${label}: ${v.id} (${v.impact}) ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

export async function screenshots(page: Page, name: string): Promise<void> {
  const size = page.viewportSize() ?? { width: 1280, height: 800 };
  await page.screenshot({ path: `${SCREENSHOTS}/${name}-desktop.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${SCREENSHOTS}/${name}-phone.png`, fullPage: true });
  await page.setViewportSize(size);
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
