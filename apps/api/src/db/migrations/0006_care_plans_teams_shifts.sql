CREATE TABLE "calendar_feeds" (
	"user_id" text PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "calendar_feeds_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "care_plans" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"family_id" text NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"recipient_name" text NOT NULL,
	"plan_type" text NOT NULL,
	"weekday_coverage" text[] DEFAULT '{}'::text[] NOT NULL,
	"weekend_coverage" text[] DEFAULT '{}'::text[] NOT NULL,
	"extra_shifts" text[] DEFAULT '{}'::text[] NOT NULL,
	"custom_hours" text,
	"start_date" date NOT NULL,
	"end_date" date,
	"notes" text,
	"time_zone" text DEFAULT 'America/Port_of_Spain' NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "care_plans_plan_type_check" CHECK ("care_plans"."plan_type" in ('scheduled', 'on_demand', 'both')),
	CONSTRAINT "care_plans_status_check" CHECK ("care_plans"."status" in ('active', 'paused', 'completed')),
	CONSTRAINT "care_plans_dates_check" CHECK ("care_plans"."end_date" is null or "care_plans"."end_date" >= "care_plans"."start_date")
);
--> statement-breakpoint
CREATE TABLE "care_team_members" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"plan_id" uuid NOT NULL,
	"user_id" text,
	"invited_email" text,
	"kind" text NOT NULL,
	"team_role" text NOT NULL,
	"note" text,
	"status" text DEFAULT 'invited' NOT NULL,
	"invited_by_id" text,
	"invited_at" timestamp with time zone DEFAULT now() NOT NULL,
	"responded_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "care_team_members_kind_check" CHECK ("care_team_members"."kind" in ('professional', 'family')),
	CONSTRAINT "care_team_members_role_check" CHECK ("care_team_members"."team_role" in ('caregiver', 'nurse', 'therapist', 'doctor', 'other', 'family_member')),
	CONSTRAINT "care_team_members_status_check" CHECK ("care_team_members"."status" in ('invited', 'accepted', 'declined', 'left', 'removed')),
	CONSTRAINT "care_team_members_who_check" CHECK ("care_team_members"."user_id" is not null or "care_team_members"."invited_email" is not null)
);
--> statement-breakpoint
CREATE TABLE "shifts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"plan_id" uuid NOT NULL,
	"shift_code" text,
	"local_date" date NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"assignee_id" text,
	"offered_to_id" text,
	"note" text,
	"checked_in_at" timestamp with time zone,
	"checked_out_at" timestamp with time zone,
	"done_note" text,
	"done_by_id" text,
	"change_reason" text,
	"edited_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shifts_generated_unique" UNIQUE("plan_id","shift_code","local_date"),
	CONSTRAINT "shifts_status_check" CHECK ("shifts"."status" in ('open', 'offered', 'assigned', 'in_progress', 'done', 'missed', 'cancelled')),
	CONSTRAINT "shifts_times_check" CHECK ("shifts"."ends_at" > "shifts"."starts_at"),
	CONSTRAINT "shifts_assignee_check" CHECK (("shifts"."status" in ('assigned', 'in_progress', 'done')) = ("shifts"."assignee_id" is not null) or "shifts"."status" in ('missed', 'cancelled'))
);
--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_plans" ADD CONSTRAINT "care_plans_family_id_users_id_fk" FOREIGN KEY ("family_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_team_members" ADD CONSTRAINT "care_team_members_plan_id_care_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."care_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_team_members" ADD CONSTRAINT "care_team_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_team_members" ADD CONSTRAINT "care_team_members_invited_by_id_users_id_fk" FOREIGN KEY ("invited_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shifts" ADD CONSTRAINT "shifts_plan_id_care_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."care_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shifts" ADD CONSTRAINT "shifts_assignee_id_users_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shifts" ADD CONSTRAINT "shifts_offered_to_id_users_id_fk" FOREIGN KEY ("offered_to_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shifts" ADD CONSTRAINT "shifts_done_by_id_users_id_fk" FOREIGN KEY ("done_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "care_plans_family_id_idx" ON "care_plans" USING btree ("family_id");--> statement-breakpoint
CREATE UNIQUE INDEX "care_team_members_live_user_unique" ON "care_team_members" USING btree ("plan_id","user_id") WHERE "care_team_members"."status" in ('invited', 'accepted') and "care_team_members"."user_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "care_team_members_live_email_unique" ON "care_team_members" USING btree ("plan_id","invited_email") WHERE "care_team_members"."status" = 'invited' and "care_team_members"."user_id" is null;--> statement-breakpoint
CREATE INDEX "care_team_members_user_id_idx" ON "care_team_members" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "care_team_members_invited_email_idx" ON "care_team_members" USING btree ("invited_email");--> statement-breakpoint
CREATE INDEX "shifts_plan_starts_idx" ON "shifts" USING btree ("plan_id","starts_at");--> statement-breakpoint
CREATE INDEX "shifts_assignee_starts_idx" ON "shifts" USING btree ("assignee_id","starts_at");