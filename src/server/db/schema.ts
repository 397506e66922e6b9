// The whole database schema in one file: plural tables, snake_case columns (docs/product.md, Entities,
// plus the server's own sessions, idempotency records, stored PDFs and processed webhook events).
import { sql } from 'drizzle-orm';
import {
  boolean,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    username: text('username').notNull(),
    /** Stored lower-cased so one address is one account whatever its capitalisation. */
    email: text('email').notNull(),
    /** argon2id hash, never the password itself. */
    password: text('password').notNull(),
    /**
     * The contract's role (docs/product.md, Roles and access): every account is 'user' and no code
     * grants anything by role. Kept because the API's user carries it (toPublicUser) and a later
     * role needs no migration; authorisation must not start trusting it without one.
     */
    role: text('role').notNull().default('user'),
    ...timestamps,
    emailVerified: boolean('email_verified').notNull().default(false),
    /** SHA-256 of the emailed token: a database leak does not verify anyone. */
    verificationToken: text('verification_token'),
    verificationTokenExpiry: timestamp('verification_token_expiry', { withTimezone: true }),
    stripeCustomerId: text('stripe_customer_id'),
    stripeSubscriptionId: text('stripe_subscription_id'),
    subscriptionTier: text('subscription_tier').notNull().default('free'),
    subscriptionStatus: text('subscription_status').notNull().default('active'),
    /** End of the paid period Stripe reported last; null on free. */
    subscriptionPeriodEnd: timestamp('subscription_period_end', { withTimezone: true }),
    /** Time of the newest subscription event applied, so older events arriving late change nothing. */
    subscriptionEventAt: timestamp('subscription_event_at', { withTimezone: true }),
    monthlyUsage: integer('monthly_usage').notNull().default(0),
    /** The moment the monthly allowance starts again. */
    usageResetDate: timestamp('usage_reset_date', { withTimezone: true }).notNull().defaultNow(),
    refillPackCredits: integer('refill_pack_credits').notNull().default(0),
    /** The paid subscription ends at subscriptionPeriodEnd instead of renewing. */
    subscriptionCancelAtPeriodEnd: boolean('subscription_cancel_at_period_end').notNull().default(false),
    /** The last password sign-in; null until the first ("Welcome!" rather than "Welcome back!"). */
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('users_email_unique').on(t.email),
    uniqueIndex('users_username_unique').on(t.username),
    uniqueIndex('users_verification_token_unique').on(t.verificationToken),
    index('users_stripe_customer_idx').on(t.stripeCustomerId),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    /** SHA-256 (hex) of the cookie's token. */
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    persistent: boolean('persistent').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_expires_idx').on(t.expiresAt)],
);

export const documents = pgTable(
  'documents',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull().default('Untitled Document'),
    inputContent: text('input_content').notNull(),
    latexContent: text('latex_content').notNull(),
    documentType: text('document_type').notNull().default('basic'),
    ...timestamps,
    compilationSuccessful: boolean('compilation_successful'),
    compilationError: text('compilation_error'),
    metadata: jsonb('metadata').$type<Record<string, unknown>>(),
  },
  (t) => [index('documents_user_created_idx').on(t.userId, t.createdAt)],
);

/**
 * Earlier states of a document (docs/product.md, Documents API): each generation or compile of it,
 * and each restore, adds one unless the newest holds the same text. At most MAX_VERSIONS_PER_DOCUMENT
 * are kept (the oldest go first); their bytes count toward the owner's storage.
 */
export const documentVersions = pgTable(
  'document_versions',
  {
    id: serial('id').primaryKey(),
    documentId: integer('document_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    /** 'generated' | 'compiled' | 'restored' */
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    inputContent: text('input_content').notNull(),
    latexContent: text('latex_content').notNull(),
    documentType: text('document_type').notNull(),
    /** Whether this LaTeX compiled (null: not compiled when the version was made). */
    compilationSuccessful: boolean('compilation_successful'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('document_versions_document_idx').on(t.documentId, t.id)],
);

/**
 * Single-use links mailed for account changes other than the first verification: a password reset
 * (1 hour) and the confirmation of a new email address (24 hours). Only the token's SHA-256 is
 * stored; using a link deletes its row in the statement that checks it, so a link works once.
 */
export const accountTokens = pgTable(
  'account_tokens',
  {
    /** SHA-256 (hex) of the emailed token. */
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 'password_reset' | 'email_change' */
    purpose: text('purpose').notNull(),
    /** The address an email change moves to; it replaces the old one only when the link is opened. */
    newEmail: text('new_email'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('account_tokens_user_idx').on(t.userId, t.purpose)],
);

/**
 * Images uploaded for a document's figures (PNG, JPEG or PDF, checked by content), kept with the
 * document and handed to the compiler as files beside the LaTeX. Names are flat and unique per
 * document; the bytes are a blob (blobs/store.ts) the row names, so no query here carries them.
 */
export const documentImages = pgTable(
  'document_images',
  {
    id: serial('id').primaryKey(),
    documentId: integer('document_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    /** A flat file name such as `diagram.png`, its extension matching the content. */
    name: text('name').notNull(),
    /** 'image/png' | 'image/jpeg' | 'application/pdf', from the bytes, never from the upload. */
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    /** SHA-256 (hex) of the bytes. */
    sha256: text('sha256').notNull(),
    /** The blob holding the bytes; a re-generated document's copy names the same blob. */
    blobKey: text('blob_key'),
    /** Bytes stored before blobs (migration 0005); moved into the store at start-up, then null. */
    bytes: bytea('bytes'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('document_images_document_name_unique').on(t.documentId, t.name), index('document_images_blob_key_idx').on(t.blobKey)],
);

/** The last successful PDF of a document, kept apart so listing documents never reads blobs. */
export const documentPdfs = pgTable(
  'document_pdfs',
  {
    documentId: integer('document_id')
      .primaryKey()
      .references(() => documents.id, { onDelete: 'cascade' }),
    /** The blob holding the PDF. */
    pdfKey: text('pdf_key'),
    /** Bytes of the PDF (what it counts toward USER_STORAGE_MB). */
    pdfSize: integer('pdf_size').notNull(),
    /** Bytes stored before blobs (migration 0005); moved into the store at start-up, then null. */
    pdf: bytea('pdf'),
    /** SHA-256 of the LaTeX the PDF was made from: a stale PDF is never served for edited LaTeX. */
    latexHash: text('latex_hash').notNull(),
    /** SHA-256 of the PDF: its address in /api/latex/pdf/:hash (null for PDFs stored before it). */
    pdfHash: text('pdf_hash'),
    /** Gzipped SyncTeX data made with the PDF. */
    synctex: bytea('synctex'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('document_pdfs_pdf_key_idx').on(t.pdfKey)],
);

/**
 * Blob keys a row stopped naming (filled by triggers on document_images and document_pdfs, see
 * drizzle/0005), for the sweeper to remove once no row names them (blobs/garbage.ts).
 */
export const blobGarbage = pgTable('blob_garbage', {
  key: text('key').primaryKey(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A generate request replayed with the same Idempotency-Key is answered from here, charged once. */
export const generationRequests = pgTable(
  'generation_requests',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    idempotencyKey: text('idempotency_key').notNull(),
    documentId: integer('document_id').references(() => documents.id, { onDelete: 'set null' }),
    /** The response first sent, replayed for a repeat. */
    response: jsonb('response').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.idempotencyKey] })],
);

/** Stripe event ids already applied; inserted in the same transaction as the event's effect. */
export const webhookEvents = pgTable('webhook_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  processedAt: timestamp('processed_at', { withTimezone: true })
    .notNull()
    .default(sql`now()`),
});

/**
 * Checkout sessions (Stripe's or the demo provider's) opened for a user: who owns one, what it
 * buys, and whether it was fulfilled. Fulfilment claims the row once (fulfilled_at), so two
 * different events about one payment (completed, async_payment_succeeded) still grant it once.
 */
export const billingCheckouts = pgTable(
  'billing_checkouts',
  {
    /** Stripe's checkout session id, or the demo provider's own id. */
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    /** 'subscription' | 'refill' */
    kind: text('kind').notNull(),
    tier: text('tier'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    fulfilledAt: timestamp('fulfilled_at', { withTimezone: true }),
    /** Paid, but not applied (a refill paid while the account was on the free plan); the reason is shown on the account page. */
    refusedAt: timestamp('refused_at', { withTimezone: true }),
    refusalReason: text('refusal_reason'),
    /** When the refused payment was refunded (Stripe); null for the demo, which charges nothing. */
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
  },
  (t) => [index('billing_checkouts_user_idx').on(t.userId, t.createdAt)],
);

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;
export type SessionRow = typeof sessions.$inferSelect;
export type DocumentRow = typeof documents.$inferSelect;
export type AccountTokenRow = typeof accountTokens.$inferSelect;
export type DocumentImageRow = typeof documentImages.$inferSelect;
export type DocumentVersionRow = typeof documentVersions.$inferSelect;
