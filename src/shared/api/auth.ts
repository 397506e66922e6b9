// Request and response shapes of the auth API (docs/product.md, Accounts API), shared by the server's
// validation and the client's forms.
import { z } from 'zod';
import { TierSchema } from '../plans.js';

export const PASSWORD_MIN = 8;
export const USERNAME_MIN = 3;
export const USERNAME_MAX = 40;

/**
 * A username is letters of any script (with their combining marks), digits, spaces and `. _ -`,
 * 3 to 40 characters (code points), at least one of them a letter or digit; stored in NFC. What
 * it cannot hold is what would make it read as a message in a mail or a page: punctuation such
 * as `:` and `/`, line breaks, direction overrides, emoji. Names of accounts made before this rule
 * stay as they are until the person changes them (docs/product.md, Validation).
 */
export const UsernameSchema = z
  .string()
  .trim()
  .refine((v) => [...v].length >= USERNAME_MIN, 'Username must be at least 3 characters')
  .refine((v) => [...v].length <= USERNAME_MAX, `Username must be at most ${USERNAME_MAX} characters`)
  .refine((v) => /^[\p{L}\p{M}\p{Nd} ._-]*$/u.test(v), 'Username may contain only letters, digits, spaces and . _ -')
  .refine((v) => /[\p{L}\p{Nd}]/u.test(v), 'Username must contain a letter or a digit')
  .transform((v) => v.normalize('NFC'));

/**
 * Without a username (the auth dialog asks only for an email) the server makes one from the
 * address's local part (usernameFromEmail on the server).
 */
export const RegisterBodySchema = z.object({
  username: UsernameSchema.optional(),
  email: z.string().trim().max(254, 'Must provide a valid email').email('Must provide a valid email'),
  password: z.string().min(PASSWORD_MIN, 'Password must be at least 8 characters').max(1024, 'Password must be at most 1024 characters'),
});
export type RegisterBody = z.infer<typeof RegisterBodySchema>;

/** The /register page adds a confirmation field, checked on the client only. */
export const RegisterFormSchema = RegisterBodySchema.extend({
  username: UsernameSchema,
  confirmPassword: z.string().min(PASSWORD_MIN, 'Password must be at least 8 characters'),
}).refine((v) => v.password === v.confirmPassword, { message: "Passwords don't match", path: ['confirmPassword'] });
export type RegisterForm = z.infer<typeof RegisterFormSchema>;

export const LoginBodySchema = z.object({
  email: z.string().trim().max(254, 'Invalid email address').email('Invalid email address'),
  password: z.string().min(PASSWORD_MIN, 'Password must be at least 8 characters').max(1024, 'Password must be at most 1024 characters'),
  rememberMe: z.boolean().optional().default(false),
});
export type LoginBody = z.input<typeof LoginBodySchema>;

export const ResendVerificationBodySchema = z.object({
  email: z.string().trim().max(254, 'Must provide a valid email').email('Must provide a valid email'),
});

export const VerifyEmailQuerySchema = z.object({ token: z.string().max(200).optional() });

/** What the server ever tells a browser about a user: never the password hash, never a token. */
export const PublicUserSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string(),
  role: z.string(),
  emailVerified: z.boolean(),
  createdAt: z.string(),
  subscriptionTier: TierSchema,
  subscriptionStatus: z.string(),
  stripeSubscriptionId: z.string().nullable(),
  monthlyUsage: z.number().int(),
  usageResetDate: z.string(),
  refillPackCredits: z.number().int(),
});
export type PublicUser = z.infer<typeof PublicUserSchema>;

export const AuthResponseSchema = z.object({
  success: z.boolean().optional(),
  message: z.string().optional(),
  user: PublicUserSchema.optional(),
  usageLimit: z.number().int().optional(),
  emailVerificationSent: z.boolean().optional(),
  requiresEmailVerification: z.boolean().optional(),
  email: z.string().optional(),
  /** Sign-in: this is the account's first (docs/product.md, Messages: "Welcome!" rather than "Welcome back!"). */
  firstSignIn: z.boolean().optional(),
});
export type AuthResponse = z.infer<typeof AuthResponseSchema>;

export const MeResponseSchema = z.object({ user: PublicUserSchema, usageLimit: z.number().int() });
export type MeResponse = z.infer<typeof MeResponseSchema>;

export const VerifyEmailResponseSchema = z.object({
  success: z.boolean(),
  message: z.string(),
  user: z.object({ email: z.string() }).optional(),
  tokenExpired: z.boolean().optional(),
  email: z.string().optional(),
  /** The link was opened before: the address is verified already. */
  alreadyVerified: z.boolean().optional(),
});
export type VerifyEmailResponse = z.infer<typeof VerifyEmailResponseSchema>;

export const ResendVerificationResponseSchema = z.object({ success: z.boolean(), message: z.string() });

/** Every error body the API sends. */
export const ErrorBodySchema = z.object({ message: z.string() }).passthrough();
