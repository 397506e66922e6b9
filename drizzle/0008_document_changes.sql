-- Every change to a document, or to its stored PDF, is announced on the channel "latexgen_history"
-- (the owner's id), after the transaction commits and only then: each web process keeps the first
-- page of its users' history, and forgets a user's at once when told
-- (src/server/documents/history-cache.ts). A trigger catches every write, whichever code (or person)
-- makes it.
CREATE FUNCTION "announce_document_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('latexgen_history', OLD."user_id"::text);
  ELSE
    PERFORM pg_notify('latexgen_history', NEW."user_id"::text);
    IF TG_OP = 'UPDATE' AND OLD."user_id" <> NEW."user_id" THEN
      PERFORM pg_notify('latexgen_history', OLD."user_id"::text);
    END IF;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "announce_document_pdf_change"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  owner integer;
BEGIN
  IF TG_OP = 'DELETE' THEN
    SELECT "user_id" INTO owner FROM "documents" WHERE "id" = OLD."document_id";
  ELSE
    SELECT "user_id" INTO owner FROM "documents" WHERE "id" = NEW."document_id";
  END IF;
  -- A PDF deleted with its document: the document's own trigger has announced it.
  IF owner IS NOT NULL THEN
    PERFORM pg_notify('latexgen_history', owner::text);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "documents_announce_change" AFTER INSERT OR UPDATE OR DELETE ON "documents" FOR EACH ROW EXECUTE FUNCTION "announce_document_change"();--> statement-breakpoint
CREATE TRIGGER "document_pdfs_announce_change" AFTER INSERT OR UPDATE OR DELETE ON "document_pdfs" FOR EACH ROW EXECUTE FUNCTION "announce_document_pdf_change"();
