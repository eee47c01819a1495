CREATE TABLE "features" (
	"id" text PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"category" text NOT NULL,
	"status" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "features_category_check" CHECK ("features"."category" in ('profile', 'care', 'medication', 'meals', 'professional', 'community', 'additional')),
	CONSTRAINT "features_status_check" CHECK ("features"."status" in ('planned', 'in_development', 'ready_for_demo', 'launched'))
);
