ALTER TABLE "document_pdfs" ADD COLUMN "pdf_hash" text;--> statement-breakpoint
ALTER TABLE "document_pdfs" ADD COLUMN "synctex" "bytea";