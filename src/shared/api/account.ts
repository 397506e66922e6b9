// Request and response shapes of the account calls beyond sign-up and sign-in: password reset by
// email, and the profile changes of the account page (docs/product.md, Accounts API).
import { z } from 'zod';
import { PASSWORD_MIN, PublicUserSchema, UsernameSchema } from './auth.js';

/** How long a password reset link works. */
export const PASSWORD_RESET_TTL_MS = 60 * 60 * 1000;
/** How long the link that confirms a new email address works. */
export const EMAIL_CHANGE_TTL_MS = 24 * 60 * 60 * 1000;

const email = (message: string) => z.string().trim().max(254, message).email(message);
const newPassword = z
  .string()
  .min(PASSWORD_MIN, 'Password must be at least 8 characters')
  .max(1024, 'Password must be at most 1024 characters');
const currentPassword = z.string().min(1, 'Enter your current password').max(1024, 'Password must be at most 1024 characters');
/** The emailed tokens are 43 base64url characters; anything else is refused before a lookup. */
const token = (missing: string) =>
  z
    .string({ error: missing })
    .min(1, missing)
    .max(200, 'This link is invalid.')
    .regex(/^[A-Za-z0-9_-]+$/, 'This link is invalid.');

export const ForgotPasswordBodySchema = z.object({ email: email('Must provide a valid email') });
export type ForgotPasswordBody = z.infer<typeof ForgotPasswordBodySchema>;

export const ResetPasswordBodySchema = z.object({ token: token('No reset token provided.'), password: newPassword });
export type ResetPasswordBody = z.infer<typeof ResetPasswordBodySchema>;

/** POST /api/auth/reset-password/check: whether a reset link still works, before the form is shown. */
export const ResetCheckBodySchema = z.object({ token: token('No reset token provided.') });
export const ResetCheckResponseSchema = z.object({ success: z.literal(true), valid: z.literal(true) });

/** The /reset-password page asks for the new password twice; the second is checked on the client only. */
export const ResetPasswordFormSchema = z
  .object({ password: newPassword, confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, { message: "Passwords don't match", path: ['confirmPassword'] });

export const UpdateProfileBodySchema = z.object({ username: UsernameSchema });
export type UpdateProfileBody = z.infer<typeof UpdateProfileBodySchema>;

export const ChangePasswordBodySchema = z.object({ currentPassword, newPassword });
export type ChangePasswordBody = z.infer<typeof ChangePasswordBodySchema>;

export const ChangePasswordFormSchema = z
  .object({ currentPassword, newPassword, confirmPassword: z.string() })
  .refine((v) => v.newPassword === v.confirmPassword, { message: "Passwords don't match", path: ['confirmPassword'] });

export const ChangeEmailBodySchema = z.object({ email: email('Must provide a valid email'), currentPassword });
export type ChangeEmailBody = z.infer<typeof ChangeEmailBodySchema>;

export const ConfirmEmailBodySchema = z.object({ token: token('No confirmation token provided.') });
export type ConfirmEmailBody = z.infer<typeof ConfirmEmailBodySchema>;

export const MessageResponseSchema = z.object({ success: z.boolean(), message: z.string() });
export type MessageResponse = z.infer<typeof MessageResponseSchema>;

/** Answers that leave the person signed in (reset) or changed (username): the user as /api/auth/me gives it. */
export const AccountUserResponseSchema = MessageResponseSchema.extend({ user: PublicUserSchema, usageLimit: z.number().int() });
export type AccountUserResponse = z.infer<typeof AccountUserResponseSchema>;

export const ChangeEmailResponseSchema = MessageResponseSchema.extend({ pendingEmail: z.string() });
export type ChangeEmailResponse = z.infer<typeof ChangeEmailResponseSchema>;

export const ConfirmEmailResponseSchema = MessageResponseSchema.extend({ user: z.object({ email: z.string() }) });
export type ConfirmEmailResponse = z.infer<typeof ConfirmEmailResponseSchema>;

/** The server's words for these calls; the client shows them as they come. */
export const ACCOUNT_MESSAGES = {
  resetSent: 'If an account exists for this email, we have sent a link to reset your password. Please check your inbox.',
  resetInvalid: 'This password reset link is invalid or has already been used.',
  resetExpired: 'This password reset link has expired. Please request a new one.',
  resetDone: 'Your password has been reset. You are signed in.',
  usernameChanged: 'Your username has been updated.',
  wrongPassword: 'Your current password is incorrect.',
  passwordChanged: 'Your password has been changed. Other devices have been signed out.',
  sameEmail: 'This is already your email address.',
  emailChangeSent: (to: string) => `We sent a confirmation link to ${to}. Your email address changes when you open it.`,
  emailChangeFailed: 'We could not send the confirmation email. Please try again later.',
  emailChangeInvalid: 'This email confirmation link is invalid or has already been used.',
  emailChangeExpired: 'This email confirmation link has expired. Please request the change again.',
  emailChanged: (to: string) => `Your email address is now ${to}.`,
} as const;
