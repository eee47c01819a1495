-- Matching keeps the listed professionals' offers in memory (decision 026). This sequence moves
-- whenever something they are ranked by may have changed, so every API instance sees on its
-- next request that its copy is out of date. A sequence, not a counter row: bumping it takes no
-- lock, so concurrent registration saves never wait on each other.
CREATE SEQUENCE "matching_epoch";--> statement-breakpoint
CREATE FUNCTION "bump_matching_epoch"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM nextval('matching_epoch');
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "professional_details_matching_epoch" AFTER INSERT OR UPDATE OR DELETE ON "professional_details"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_matching_epoch"();--> statement-breakpoint
CREATE TRIGGER "matching_visibility_matching_epoch" AFTER INSERT OR UPDATE OR DELETE ON "matching_visibility"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_matching_epoch"();--> statement-breakpoint
CREATE TRIGGER "profiles_matching_epoch" AFTER INSERT OR UPDATE OF "location" OR DELETE ON "profiles"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_matching_epoch"();--> statement-breakpoint
CREATE TRIGGER "users_matching_epoch" AFTER UPDATE OF "role" OR DELETE ON "users"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_matching_epoch"();
