CREATE TABLE "board_posts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"author_id" text NOT NULL,
	"board" text NOT NULL,
	"type" text NOT NULL,
	"title" text NOT NULL,
	"region" text NOT NULL,
	"urgency" text NOT NULL,
	"details" text NOT NULL,
	"care_codes" text[] DEFAULT '{}'::text[] NOT NULL,
	"status" text DEFAULT 'visible' NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english'::regconfig, title), 'A') || setweight(to_tsvector('english'::regconfig, details), 'B') || array_to_tsvector(array['board_' || board, 'type_' || type, 'region_' || region, 'urgency_' || urgency])) STORED NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"edited_at" timestamp with time zone,
	CONSTRAINT "board_posts_board_check" CHECK ("board_posts"."board" in ('family', 'professional')),
	CONSTRAINT "board_posts_type_check" CHECK ("board_posts"."type" in ('care_need', 'availability', 'discussion')),
	CONSTRAINT "board_posts_urgency_check" CHECK ("board_posts"."urgency" in ('today', 'within_48_hours', 'this_weekend', 'planned')),
	CONSTRAINT "board_posts_status_check" CHECK ("board_posts"."status" in ('visible', 'hidden'))
);
--> statement-breakpoint
CREATE TABLE "board_rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer NOT NULL,
	"window_started_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "board_replies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"post_id" uuid NOT NULL,
	"author_id" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "board_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"post_id" uuid NOT NULL,
	"reporter_id" text NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	"resolution" text,
	CONSTRAINT "board_reports_post_reporter_unique" UNIQUE("post_id","reporter_id")
);
--> statement-breakpoint
CREATE TABLE "board_thread_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"thread_id" uuid NOT NULL,
	"sender_id" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "board_threads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"post_id" uuid NOT NULL,
	"author_id" text NOT NULL,
	"other_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_message_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "board_threads_post_other_unique" UNIQUE("post_id","other_id")
);
--> statement-breakpoint
CREATE TABLE "professional_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" text NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"file" text NOT NULL,
	"file_type" text NOT NULL,
	"file_bytes" integer NOT NULL,
	"verified_at" timestamp with time zone,
	"verified_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "professional_documents_kind_check" CHECK ("professional_documents"."kind" in ('certification', 'police_certificate'))
);
--> statement-breakpoint
CREATE TABLE "support_replies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"request_id" uuid NOT NULL,
	"author_id" text,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "support_requests" ADD COLUMN "kind" text;--> statement-breakpoint
ALTER TABLE "support_requests" ADD COLUMN "preferred_contact" text;--> statement-breakpoint
ALTER TABLE "board_posts" ADD CONSTRAINT "board_posts_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "board_replies" ADD CONSTRAINT "board_replies_post_id_board_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."board_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "board_replies" ADD CONSTRAINT "board_replies_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "board_reports" ADD CONSTRAINT "board_reports_post_id_board_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."board_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "board_reports" ADD CONSTRAINT "board_reports_reporter_id_users_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "board_thread_messages" ADD CONSTRAINT "board_thread_messages_thread_id_board_threads_id_fk" FOREIGN KEY ("thread_id") REFERENCES "public"."board_threads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "board_thread_messages" ADD CONSTRAINT "board_thread_messages_sender_id_users_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "board_threads" ADD CONSTRAINT "board_threads_post_id_board_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."board_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "board_threads" ADD CONSTRAINT "board_threads_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "board_threads" ADD CONSTRAINT "board_threads_other_id_users_id_fk" FOREIGN KEY ("other_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "professional_documents" ADD CONSTRAINT "professional_documents_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "professional_documents" ADD CONSTRAINT "professional_documents_verified_by_users_id_fk" FOREIGN KEY ("verified_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_replies" ADD CONSTRAINT "support_replies_request_id_support_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."support_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_replies" ADD CONSTRAINT "support_replies_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "board_posts_listing_idx" ON "board_posts" USING btree ("board","status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "board_posts_search_idx" ON "board_posts" USING gin ("search");--> statement-breakpoint
CREATE INDEX "board_posts_author_idx" ON "board_posts" USING btree ("author_id");--> statement-breakpoint
CREATE INDEX "board_rate_limits_window_idx" ON "board_rate_limits" USING btree ("window_started_at");--> statement-breakpoint
CREATE INDEX "board_replies_post_idx" ON "board_replies" USING btree ("post_id","created_at");--> statement-breakpoint
CREATE INDEX "board_reports_open_idx" ON "board_reports" USING btree ("created_at") WHERE "board_reports"."resolved_at" is null;--> statement-breakpoint
CREATE INDEX "board_thread_messages_thread_idx" ON "board_thread_messages" USING btree ("thread_id","created_at");--> statement-breakpoint
CREATE INDEX "board_threads_author_idx" ON "board_threads" USING btree ("author_id","last_message_at");--> statement-breakpoint
CREATE INDEX "board_threads_other_idx" ON "board_threads" USING btree ("other_id","last_message_at");--> statement-breakpoint
CREATE INDEX "professional_documents_owner_idx" ON "professional_documents" USING btree ("owner_id","created_at");--> statement-breakpoint
CREATE INDEX "professional_documents_unverified_idx" ON "professional_documents" USING btree ("created_at") WHERE "professional_documents"."verified_at" is null;--> statement-breakpoint
CREATE INDEX "support_replies_request_idx" ON "support_replies" USING btree ("request_id","created_at");--> statement-breakpoint
CREATE INDEX "support_requests_user_idx" ON "support_requests" USING btree ("user_id","created_at");--> statement-breakpoint
ALTER TABLE "support_requests" ADD CONSTRAINT "support_requests_kind_check" CHECK ("support_requests"."kind" is null or "support_requests"."kind" in ('presence_support', 'errand_relief_circle', 'companion_matching', 'emotional_co_care'));