CREATE TABLE "care_assessments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"family_id" text NOT NULL,
	"recipient_name" text NOT NULL,
	"recipient_key" text NOT NULL,
	"answers" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "family_stories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"family_id" text NOT NULL,
	"recipient_name" text NOT NULL,
	"recipient_key" text NOT NULL,
	"birth_year" integer,
	"fields" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"shared_at" timestamp with time zone,
	"hidden_at" timestamp with time zone,
	"hidden_reason" text,
	"hidden_by_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subscription_interest" (
	"user_id" text NOT NULL,
	"plan_code" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscription_interest_user_id_plan_code_pk" PRIMARY KEY("user_id","plan_code")
);
--> statement-breakpoint
ALTER TABLE "care_assessments" ADD CONSTRAINT "care_assessments_family_id_users_id_fk" FOREIGN KEY ("family_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "family_stories" ADD CONSTRAINT "family_stories_family_id_users_id_fk" FOREIGN KEY ("family_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "family_stories" ADD CONSTRAINT "family_stories_hidden_by_id_users_id_fk" FOREIGN KEY ("hidden_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_interest" ADD CONSTRAINT "subscription_interest_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "care_assessments_family_recipient_unique" ON "care_assessments" USING btree ("family_id","recipient_key");--> statement-breakpoint
CREATE UNIQUE INDEX "family_stories_family_recipient_unique" ON "family_stories" USING btree ("family_id","recipient_key");--> statement-breakpoint
CREATE INDEX "family_stories_legacy_idx" ON "family_stories" USING btree ("shared_at" DESC NULLS LAST) WHERE "family_stories"."shared_at" is not null and "family_stories"."hidden_at" is null;--> statement-breakpoint
CREATE INDEX "subscription_interest_created_idx" ON "subscription_interest" USING btree ("created_at");