-- Issue 16: an edited shift's local_date now follows its new start, so the generation key moves
-- to its own column that keeps the day the shift was generated for (re-generation stays idempotent).
ALTER TABLE "shifts" DROP CONSTRAINT "shifts_generated_unique";--> statement-breakpoint
ALTER TABLE "shifts" ADD COLUMN "generated_date" date;--> statement-breakpoint
UPDATE "shifts" SET "generated_date" = "local_date" WHERE "shift_code" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "shifts" ADD CONSTRAINT "shifts_generated_unique" UNIQUE("plan_id","shift_code","generated_date");--> statement-breakpoint
-- Reads of a plan's week or upcoming shifts bound ends_at from below: skip the plan's past shifts.
CREATE INDEX "shifts_plan_ends_idx" ON "shifts" USING btree ("plan_id","ends_at");
