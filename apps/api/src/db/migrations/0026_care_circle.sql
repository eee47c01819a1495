CREATE TABLE "care_circle_members" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"plan_id" uuid NOT NULL,
	"user_id" text,
	"invited_email" text,
	"note" text,
	"status" text DEFAULT 'invited' NOT NULL,
	"invited_by_id" text,
	"invited_at" timestamp with time zone DEFAULT now() NOT NULL,
	"responded_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "care_circle_members_status_check" CHECK ("care_circle_members"."status" in ('invited', 'accepted', 'declined', 'left', 'removed')),
	CONSTRAINT "care_circle_members_who_check" CHECK ("care_circle_members"."user_id" is not null or "care_circle_members"."invited_email" is not null)
);
--> statement-breakpoint
CREATE TABLE "help_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"plan_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"place" text,
	"notes" text,
	"helpers_needed" integer DEFAULT 1 NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"created_by_id" text,
	"client_key" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "help_requests_kind_check" CHECK ("help_requests"."kind" in ('meal', 'ride', 'visit', 'errand', 'pharmacy', 'home_help', 'other')),
	CONSTRAINT "help_requests_status_check" CHECK ("help_requests"."status" in ('open', 'cancelled')),
	CONSTRAINT "help_requests_times_check" CHECK ("help_requests"."ends_at" > "help_requests"."starts_at"),
	CONSTRAINT "help_requests_helpers_check" CHECK ("help_requests"."helpers_needed" between 1 and 10)
);
--> statement-breakpoint
CREATE TABLE "help_signups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"request_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"slot" integer NOT NULL,
	"status" text DEFAULT 'coming' NOT NULL,
	"cancel_note" text,
	"cancelled_at" timestamp with time zone,
	"done_at" timestamp with time zone,
	"thanked_at" timestamp with time zone,
	"thanks_message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "help_signups_status_check" CHECK ("help_signups"."status" in ('coming', 'cancelled', 'done')),
	CONSTRAINT "help_signups_slot_check" CHECK ("help_signups"."slot" between 1 and 10)
);
--> statement-breakpoint
ALTER TABLE "care_circle_members" ADD CONSTRAINT "care_circle_members_plan_id_care_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."care_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_circle_members" ADD CONSTRAINT "care_circle_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_circle_members" ADD CONSTRAINT "care_circle_members_invited_by_id_users_id_fk" FOREIGN KEY ("invited_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "help_requests" ADD CONSTRAINT "help_requests_plan_id_care_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."care_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "help_requests" ADD CONSTRAINT "help_requests_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "help_signups" ADD CONSTRAINT "help_signups_request_id_help_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."help_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "help_signups" ADD CONSTRAINT "help_signups_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "care_circle_members_live_user_unique" ON "care_circle_members" USING btree ("plan_id","user_id") WHERE "care_circle_members"."status" in ('invited', 'accepted') and "care_circle_members"."user_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "care_circle_members_live_email_unique" ON "care_circle_members" USING btree ("plan_id","invited_email") WHERE "care_circle_members"."status" = 'invited' and "care_circle_members"."user_id" is null;--> statement-breakpoint
CREATE INDEX "care_circle_members_plan_id_idx" ON "care_circle_members" USING btree ("plan_id","invited_at");--> statement-breakpoint
CREATE INDEX "care_circle_members_user_id_idx" ON "care_circle_members" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "care_circle_members_invited_email_idx" ON "care_circle_members" USING btree ("invited_email");--> statement-breakpoint
CREATE INDEX "care_circle_members_inviter_idx" ON "care_circle_members" USING btree ("invited_by_id","invited_at");--> statement-breakpoint
CREATE UNIQUE INDEX "help_requests_client_key_unique" ON "help_requests" USING btree ("plan_id","client_key");--> statement-breakpoint
CREATE INDEX "help_requests_plan_starts_idx" ON "help_requests" USING btree ("plan_id","starts_at");--> statement-breakpoint
CREATE INDEX "help_requests_starts_idx" ON "help_requests" USING btree ("starts_at");--> statement-breakpoint
CREATE UNIQUE INDEX "help_signups_live_slot_unique" ON "help_signups" USING btree ("request_id","slot") WHERE "help_signups"."status" in ('coming', 'done');--> statement-breakpoint
CREATE UNIQUE INDEX "help_signups_live_user_unique" ON "help_signups" USING btree ("request_id","user_id") WHERE "help_signups"."status" in ('coming', 'done');--> statement-breakpoint
CREATE INDEX "help_signups_user_idx" ON "help_signups" USING btree ("user_id");