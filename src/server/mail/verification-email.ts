// The verification email sent at registration and on request: the address is not verified yet,
// so the mail does not repeat the username (whoever registered chose it).
import type { MailMessage } from './mailer.js';
import { linkEmail, PRODUCT_NAME } from './link-email.js';

export function verificationEmail(to: string, link: string): MailMessage {
  return linkEmail({
    to,
    subject: `Verify your email for ${PRODUCT_NAME}`,
    intro: `Welcome to ${PRODUCT_NAME}. Please confirm your email address by opening this link:`,
    action: 'Verify my email',
    link,
    note: 'The link works once and expires in 24 hours. If you did not create an account, ignore this email.',
  });
}
