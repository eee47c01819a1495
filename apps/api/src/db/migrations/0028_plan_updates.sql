CREATE TABLE "plan_update_comments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"update_id" uuid NOT NULL,
	"author_id" text,
	"body" text NOT NULL,
	"client_key" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "plan_update_comments_body_check" CHECK (char_length("plan_update_comments"."body") between 1 and 2000)
);
--> statement-breakpoint
CREATE TABLE "plan_update_photos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"update_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"bytes" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "plan_update_photos_position_check" CHECK ("plan_update_photos"."position" between 0 and 3)
);
--> statement-breakpoint
CREATE TABLE "plan_update_thanks" (
	"update_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "plan_update_thanks_update_id_user_id_pk" PRIMARY KEY("update_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "plan_updates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"plan_id" uuid NOT NULL,
	"author_id" text,
	"body" text NOT NULL,
	"client_key" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"edited_at" timestamp with time zone,
	CONSTRAINT "plan_updates_body_check" CHECK (char_length("plan_updates"."body") between 1 and 5000)
);
--> statement-breakpoint
ALTER TABLE "plan_update_comments" ADD CONSTRAINT "plan_update_comments_update_id_plan_updates_id_fk" FOREIGN KEY ("update_id") REFERENCES "public"."plan_updates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_update_comments" ADD CONSTRAINT "plan_update_comments_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_update_photos" ADD CONSTRAINT "plan_update_photos_update_id_plan_updates_id_fk" FOREIGN KEY ("update_id") REFERENCES "public"."plan_updates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_update_thanks" ADD CONSTRAINT "plan_update_thanks_update_id_plan_updates_id_fk" FOREIGN KEY ("update_id") REFERENCES "public"."plan_updates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_update_thanks" ADD CONSTRAINT "plan_update_thanks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_updates" ADD CONSTRAINT "plan_updates_plan_id_care_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."care_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_updates" ADD CONSTRAINT "plan_updates_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "plan_update_comments_client_key_unique" ON "plan_update_comments" USING btree ("update_id","client_key");--> statement-breakpoint
CREATE INDEX "plan_update_comments_update_idx" ON "plan_update_comments" USING btree ("update_id","created_at");--> statement-breakpoint
CREATE INDEX "plan_update_photos_update_idx" ON "plan_update_photos" USING btree ("update_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "plan_updates_client_key_unique" ON "plan_updates" USING btree ("plan_id","client_key");--> statement-breakpoint
CREATE INDEX "plan_updates_feed_idx" ON "plan_updates" USING btree ("plan_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);