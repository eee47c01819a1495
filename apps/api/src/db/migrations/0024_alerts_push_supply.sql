CREATE TABLE "push_subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"endpoint" text NOT NULL,
	"p256dh" text NOT NULL,
	"auth" text NOT NULL,
	"label" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_sent_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "notification_jobs" DROP CONSTRAINT "notification_jobs_kind_check";--> statement-breakpoint
ALTER TABLE "care_plans" ADD COLUMN "dose_grace_minutes" integer DEFAULT 60 NOT NULL;--> statement-breakpoint
ALTER TABLE "shifts" ADD COLUMN "assigned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "medications" ADD COLUMN "supply_on_hand" numeric(10, 2);--> statement-breakpoint
ALTER TABLE "medications" ADD COLUMN "units_per_dose" numeric(8, 2) DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "medications" ADD COLUMN "refill_threshold_days" integer DEFAULT 7 NOT NULL;--> statement-breakpoint
ALTER TABLE "medications" ADD COLUMN "refill_reminded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD COLUMN "push" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "notification_settings" ADD COLUMN "push_detail" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "event_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "about" text;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "item_count" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "resolved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "resolution" text;--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD CONSTRAINT "push_subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "push_subscriptions_endpoint" ON "push_subscriptions" USING btree ("endpoint");--> statement-breakpoint
CREATE INDEX "push_subscriptions_user_idx" ON "push_subscriptions" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "care_plans" ADD CONSTRAINT "care_plans_dose_grace_check" CHECK ("care_plans"."dose_grace_minutes" between 5 and 720);--> statement-breakpoint
ALTER TABLE "medications" ADD CONSTRAINT "medications_supply_check" CHECK ("medications"."supply_on_hand" is null or "medications"."supply_on_hand" >= 0);--> statement-breakpoint
ALTER TABLE "medications" ADD CONSTRAINT "medications_units_per_dose_check" CHECK ("medications"."units_per_dose" > 0);--> statement-breakpoint
ALTER TABLE "medications" ADD CONSTRAINT "medications_refill_threshold_check" CHECK ("medications"."refill_threshold_days" between 1 and 90);--> statement-breakpoint
ALTER TABLE "notification_jobs" ADD CONSTRAINT "notification_jobs_kind_check" CHECK ("notification_jobs"."kind" in ('email', 'digest', 'push'));--> statement-breakpoint
-- Shifts booked before this migration: their last update is, as a rule, when they were assigned.
UPDATE "shifts" SET "assigned_at" = "updated_at" WHERE "assignee_id" IS NOT NULL;
