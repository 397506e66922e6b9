-- Every change to a user or a session is announced on the channel "latexgen_account" (the user's id),
-- after the transaction commits and only then: each web process keeps the sessions it has seen, and
-- forgets a user's at once when told (src/server/auth/session-cache.ts). A trigger catches every
-- write, whichever code (or person) makes it.
CREATE FUNCTION "announce_user_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('latexgen_account', OLD."id"::text);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "announce_session_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('latexgen_account', OLD."user_id"::text);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "users_announce_change" AFTER UPDATE OR DELETE ON "users" FOR EACH ROW EXECUTE FUNCTION "announce_user_change"();--> statement-breakpoint
CREATE TRIGGER "sessions_announce_change" AFTER UPDATE OR DELETE ON "sessions" FOR EACH ROW EXECUTE FUNCTION "announce_session_change"();
