-- Image and PDF bytes move out of their rows into blobs (files under DATA_DIR/blobs, or PostgreSQL
-- large objects): the rows name a blob_key / pdf_key instead. Rows stored before keep their bytes
-- until the server moves them at start-up (blobs/adopt.ts); pdf_size is filled from them here.
CREATE TABLE "blob_garbage" (
	"key" text PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "document_images" ALTER COLUMN "bytes" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "document_pdfs" ALTER COLUMN "pdf" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "document_images" ADD COLUMN "blob_key" text;--> statement-breakpoint
ALTER TABLE "document_pdfs" ADD COLUMN "pdf_key" text;--> statement-breakpoint
ALTER TABLE "document_pdfs" ADD COLUMN "pdf_size" integer;--> statement-breakpoint
UPDATE "document_pdfs" SET "pdf_size" = coalesce(octet_length("pdf"), 0);--> statement-breakpoint
ALTER TABLE "document_pdfs" ALTER COLUMN "pdf_size" SET NOT NULL;--> statement-breakpoint
CREATE INDEX "document_images_blob_key_idx" ON "document_images" USING btree ("blob_key");--> statement-breakpoint
CREATE INDEX "document_pdfs_pdf_key_idx" ON "document_pdfs" USING btree ("pdf_key");--> statement-breakpoint
-- A key a row stops naming (deleted, cascaded from its document or account, or replaced) is noted
-- for the sweeper in the same transaction; the sweeper removes it once no row names it.
CREATE FUNCTION "note_image_blob_garbage"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.blob_key IS NOT NULL AND (TG_OP = 'DELETE' OR NEW.blob_key IS DISTINCT FROM OLD.blob_key) THEN
    INSERT INTO blob_garbage (key) VALUES (OLD.blob_key) ON CONFLICT (key) DO UPDATE SET created_at = now();
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "note_pdf_blob_garbage"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.pdf_key IS NOT NULL AND (TG_OP = 'DELETE' OR NEW.pdf_key IS DISTINCT FROM OLD.pdf_key) THEN
    INSERT INTO blob_garbage (key) VALUES (OLD.pdf_key) ON CONFLICT (key) DO UPDATE SET created_at = now();
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "document_images_blob_garbage" AFTER DELETE OR UPDATE OF "blob_key" ON "document_images" FOR EACH ROW EXECUTE FUNCTION "note_image_blob_garbage"();--> statement-breakpoint
CREATE TRIGGER "document_pdfs_blob_garbage" AFTER DELETE OR UPDATE OF "pdf_key" ON "document_pdfs" FOR EACH ROW EXECUTE FUNCTION "note_pdf_blob_garbage"();
