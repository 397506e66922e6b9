// The verification email sent at registration and on request.
import type { MailMessage } from './mailer.js';
import { linkEmail, PRODUCT_NAME } from './link-email.js';

export function verificationEmail(to: string, username: string, link: string): MailMessage {
  return linkEmail({
    to,
    subject: `Verify your email for ${PRODUCT_NAME}`,
    username,
    intro: `Welcome to ${PRODUCT_NAME}. Please confirm your email address by opening this link:`,
    action: 'Verify my email',
    link,
    note: 'The link works once and expires in 24 hours. If you did not create an account, ignore this email.',
  });
}
