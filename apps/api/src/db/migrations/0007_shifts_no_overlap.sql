-- Hand-written (drizzle-kit generate --custom): keep it when migrations are regenerated.
-- Issue 16: a caregiver is never double-booked. The database itself refuses two shifts for one
-- assignee whose times overlap while both occupy the caregiver (assigned, in progress or done),
-- so concurrent assignments and claims race to this constraint and exactly one wins.
-- btree_gist lets the GiST index compare the text assignee id with `=` next to the range `&&`.
-- It is a trusted extension (PostgreSQL 13+); PGlite loads it from its contrib bundle (db/client.ts).
CREATE EXTENSION IF NOT EXISTS btree_gist;
--> statement-breakpoint
ALTER TABLE "shifts" ADD CONSTRAINT "shifts_no_overlap_per_assignee"
  EXCLUDE USING gist ("assignee_id" WITH =, tstzrange("starts_at", "ends_at", '[)') WITH &&)
  WHERE ("assignee_id" IS NOT NULL AND "status" IN ('assigned', 'in_progress', 'done'));
