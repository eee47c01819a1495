CREATE TABLE "feature_upvotes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"feature_id" text NOT NULL,
	"user_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "feature_upvotes_feature_user_unique" UNIQUE("feature_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "support_rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer NOT NULL,
	"window_started_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "support_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"message" text NOT NULL,
	"chat_data" jsonb,
	"screenshot_file" text,
	"screenshot_type" text,
	"screenshot_bytes" integer,
	"status" text DEFAULT 'new' NOT NULL,
	"mail_status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "support_requests_status_check" CHECK ("support_requests"."status" in ('new', 'in_progress', 'resolved')),
	CONSTRAINT "support_requests_mail_status_check" CHECK ("support_requests"."mail_status" in ('pending', 'sent', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "feature_upvotes" ADD CONSTRAINT "feature_upvotes_feature_id_features_id_fk" FOREIGN KEY ("feature_id") REFERENCES "public"."features"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feature_upvotes" ADD CONSTRAINT "feature_upvotes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_requests" ADD CONSTRAINT "support_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "feature_upvotes_user_id_idx" ON "feature_upvotes" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "support_rate_limits_window_idx" ON "support_rate_limits" USING btree ("window_started_at");--> statement-breakpoint
CREATE INDEX "support_requests_created_at_idx" ON "support_requests" USING btree ("created_at");