// The verification email, as HTML and plain text.
import type { MailMessage } from './mailer.js';
import { escapeHtml } from '../http/html.js';

export const PRODUCT_NAME = 'AI Latex Generator';

export function verificationEmail(to: string, username: string, link: string): MailMessage {
  const text = [
    `Hello ${username},`,
    '',
    `Welcome to ${PRODUCT_NAME}. Please confirm your email address by opening this link:`,
    '',
    link,
    '',
    'The link works once and expires in 24 hours. If you did not create an account, ignore this email.',
  ].join('\n');
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#111827">
<h1 style="font-size:20px">${PRODUCT_NAME}</h1>
<p>Hello ${escapeHtml(username)},</p>
<p>Welcome to ${PRODUCT_NAME}. Please confirm your email address:</p>
<p><a href="${escapeHtml(link)}" style="display:inline-block;padding:10px 16px;background:#4f46e5;color:#fff;border-radius:6px;text-decoration:none">Verify my email</a></p>
<p>Or paste this link into your browser:<br><span style="word-break:break-all">${escapeHtml(link)}</span></p>
<p style="color:#6b7280;font-size:13px">The link works once and expires in 24 hours. If you did not create an account, ignore this email.</p>
</body></html>`;
  return { to, subject: `Verify your email for ${PRODUCT_NAME}`, text, html, link };
}
