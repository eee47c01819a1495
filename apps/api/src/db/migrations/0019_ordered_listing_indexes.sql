DROP INDEX "board_posts_listing_idx";--> statement-breakpoint
DROP INDEX "family_stories_legacy_idx";--> statement-breakpoint
DROP INDEX "notifications_user_created_idx";--> statement-breakpoint
ALTER TABLE "board_posts" drop column "search";--> statement-breakpoint
ALTER TABLE "board_posts" ADD COLUMN "search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english'::regconfig, title), 'A') || setweight(to_tsvector('english'::regconfig, details), 'B')) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "board_posts_filters_idx" ON "board_posts" USING btree ("board","type","region","urgency","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "board_posts"."status" = 'visible';--> statement-breakpoint
CREATE INDEX "board_posts_listing_idx" ON "board_posts" USING btree ("board","status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "family_stories_legacy_idx" ON "family_stories" USING btree ("shared_at" DESC NULLS FIRST) WHERE "family_stories"."shared_at" is not null and "family_stories"."hidden_at" is null;--> statement-breakpoint
CREATE INDEX "notifications_user_created_idx" ON "notifications" USING btree ("user_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
-- Dropping the search column dropped its GIN index (drizzle-kit does not know): built again on the new column.
CREATE INDEX "board_posts_search_idx" ON "board_posts" USING gin ("search");
