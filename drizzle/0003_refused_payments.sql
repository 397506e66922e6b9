ALTER TABLE "billing_checkouts" ADD COLUMN "refused_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "billing_checkouts" ADD COLUMN "refusal_reason" text;--> statement-breakpoint
ALTER TABLE "billing_checkouts" ADD COLUMN "refunded_at" timestamp with time zone;