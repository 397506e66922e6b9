// The mails of account changes: a password reset link, the confirmation of a new address, and the
// notice to the old address once the change is done. Each names the account only when the address
// it goes to is one the account verified (`username` undefined otherwise, see link-email.ts).
import type { MailMessage } from './mailer.js';
import { linkEmail, noticeEmail, PRODUCT_NAME } from './link-email.js';

export function passwordResetEmail(to: string, username: string | undefined, link: string): MailMessage {
  return linkEmail({
    to,
    subject: `Reset your password for ${PRODUCT_NAME}`,
    ...(username !== undefined ? { username } : {}),
    intro: 'Someone asked to reset the password of your account. To choose a new password, open this link:',
    action: 'Reset my password',
    link,
    note: 'The link works once and expires in 1 hour. If you did not ask for it, ignore this email: your password stays as it is.',
  });
}

/** To the new address, which nobody has confirmed yet: no username. */
export function emailChangeEmail(to: string, link: string): MailMessage {
  return linkEmail({
    to,
    subject: `Confirm your new email for ${PRODUCT_NAME}`,
    intro: `You asked to use this address for your ${PRODUCT_NAME} account. To confirm it, open this link:`,
    action: 'Confirm my new email',
    link,
    note: 'The link works once and expires in 24 hours. Until then your account keeps its old address. If you did not ask for this, ignore this email.',
  });
}

export function emailChangedNotice(to: string, username: string | undefined, newEmail: string): MailMessage {
  return noticeEmail({
    to,
    subject: `Your email for ${PRODUCT_NAME} was changed`,
    ...(username !== undefined ? { username } : {}),
    lines: [
      `The email address of your ${PRODUCT_NAME} account is now ${newEmail}; this address is no longer used for it.`,
      'If you did not make this change, please contact us immediately.',
    ],
  });
}
