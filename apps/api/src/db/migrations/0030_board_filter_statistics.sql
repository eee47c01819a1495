-- The board's filters (board, type, region, urgency) are not independent of each other: a care
-- need in Couva this weekend is far commoner than the product of the four columns' own
-- frequencies. Without these statistics the planner multiplied them, expected a search with common
-- words to find a few dozen posts, and read the whole GIN match set (10,000 posts for "dementia
-- care" on the demo data, 4.8 ms) instead of walking board_posts_filters_idx newest first and
-- stopping at the page (0.7 ms). Decision 044. Kept out of the drizzle schema, which has no
-- statistics objects; ANALYZE fills them now, autovacuum keeps them.
CREATE STATISTICS IF NOT EXISTS "board_posts_filters_stats" (dependencies, mcv) ON "board", "type", "region", "urgency" FROM "board_posts";--> statement-breakpoint
ANALYZE "board_posts";
