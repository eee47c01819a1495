CREATE TABLE "help_offers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"request_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"status" text DEFAULT 'offered' NOT NULL,
	"signup_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "help_offers_status_check" CHECK ("help_offers"."status" in ('offered', 'accepted', 'declined', 'withdrawn'))
);
--> statement-breakpoint
CREATE TABLE "community_help_regions" (
	"user_id" text NOT NULL,
	"region" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "community_help_regions_user_id_region_pk" PRIMARY KEY("user_id","region")
);
--> statement-breakpoint
ALTER TABLE "help_requests" ADD COLUMN "public_region" text;--> statement-breakpoint
ALTER TABLE "help_offers" ADD CONSTRAINT "help_offers_request_id_help_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."help_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "help_offers" ADD CONSTRAINT "help_offers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "help_offers" ADD CONSTRAINT "help_offers_signup_id_help_signups_id_fk" FOREIGN KEY ("signup_id") REFERENCES "public"."help_signups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community_help_regions" ADD CONSTRAINT "community_help_regions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "help_offers_live_user_unique" ON "help_offers" USING btree ("request_id","user_id") WHERE "help_offers"."status" in ('offered', 'accepted');--> statement-breakpoint
CREATE INDEX "help_offers_request_idx" ON "help_offers" USING btree ("request_id");--> statement-breakpoint
CREATE INDEX "help_offers_user_idx" ON "help_offers" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "help_requests_public_region_idx" ON "help_requests" USING btree ("public_region","starts_at") WHERE "help_requests"."public_region" is not null and "help_requests"."status" = 'open';