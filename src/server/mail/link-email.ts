// The one layout of the app's emails: a greeting, a paragraph, a button with the link the person is
// meant to follow (also printed in full), and a closing note; as HTML and as plain text. The
// greeting names the account only in mail to an address the account has verified: a mail to an
// address being registered or confirmed is written to whoever typed that address in, and its
// username (any text they chose) must not be put in front of the address's owner.
import type { MailMessage } from './mailer.js';
import { escapeHtml } from '../http/html.js';

export const PRODUCT_NAME = 'AI Latex Generator';

export interface LinkEmail {
  to: string;
  subject: string;
  /** The account's name, for a greeting; leave it out for an address the account has not verified. */
  username?: string;
  /** What the mail is about, before the link. */
  intro: string;
  /** The button's text. */
  action: string;
  link: string;
  /** How long the link works and what to do if the mail was not expected. */
  note: string;
}

function greeting(username: string | undefined): string {
  return username === undefined ? 'Hello,' : `Hello ${username},`;
}

export function linkEmail({ to, subject, username, intro, action, link, note }: LinkEmail): MailMessage {
  const text = [greeting(username), '', intro, '', link, '', note].join('\n');
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#111827">
<h1 style="font-size:20px">${PRODUCT_NAME}</h1>
<p>${escapeHtml(greeting(username))}</p>
<p>${escapeHtml(intro)}</p>
<p><a href="${escapeHtml(link)}" style="display:inline-block;padding:10px 16px;background:#4f46e5;color:#fff;border-radius:6px;text-decoration:none">${escapeHtml(action)}</a></p>
<p>Or paste this link into your browser:<br><span style="word-break:break-all">${escapeHtml(link)}</span></p>
<p style="color:#6b7280;font-size:13px">${escapeHtml(note)}</p>
</body></html>`;
  return { to, subject, text, html, link };
}

/** A mail without a link (a notice), in the same layout. */
export function noticeEmail({ to, subject, username, lines }: { to: string; subject: string; username?: string; lines: string[] }): MailMessage {
  const text = [greeting(username), '', ...lines].join('\n');
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#111827">
<h1 style="font-size:20px">${PRODUCT_NAME}</h1>
<p>${escapeHtml(greeting(username))}</p>
${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('\n')}
</body></html>`;
  return { to, subject, text, html };
}
