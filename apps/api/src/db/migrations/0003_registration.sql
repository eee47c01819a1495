CREATE TABLE "community_details" (
	"user_id" text PRIMARY KEY NOT NULL,
	"website_or_social" text,
	"roles" text[] DEFAULT '{}'::text[] NOT NULL,
	"contributions" text[] DEFAULT '{}'::text[] NOT NULL,
	"caregiving_experience" text,
	"care_areas" text[] DEFAULT '{}'::text[] NOT NULL,
	"technology_interests" text[] DEFAULT '{}'::text[] NOT NULL,
	"participation_modes" text[] DEFAULT '{}'::text[] NOT NULL,
	"communication_preferences" text[] DEFAULT '{}'::text[] NOT NULL,
	"motivation" text,
	"ideas" text,
	"directory_visibility" boolean,
	"enable_notifications" boolean,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "family_details" (
	"user_id" text PRIMARY KEY NOT NULL,
	"care_location" text,
	"care_recipient_name" text,
	"relationship_to_recipient" text,
	"care_type" text[] DEFAULT '{}'::text[] NOT NULL,
	"preferred_caregiver_type" text,
	"care_conditions" text[] DEFAULT '{}'::text[] NOT NULL,
	"other_special_needs" text,
	"specialized_requirements" text[] DEFAULT '{}'::text[] NOT NULL,
	"care_schedule" text[] DEFAULT '{}'::text[] NOT NULL,
	"caregiver_preferences" text,
	"emergency_contact" text,
	"budget" text,
	"preferred_contact_method" text,
	"additional_notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "professional_details" (
	"user_id" text PRIMARY KEY NOT NULL,
	"professional_role" text,
	"years_experience" text,
	"certifications" text,
	"preferred_contact" text,
	"care_services" text[] DEFAULT '{}'::text[] NOT NULL,
	"medical_conditions" text[] DEFAULT '{}'::text[] NOT NULL,
	"other_conditions" text,
	"availability" text[] DEFAULT '{}'::text[] NOT NULL,
	"work_type" text,
	"additional_qualifications" text[] DEFAULT '{}'::text[] NOT NULL,
	"emergency_contact" text,
	"rate" text,
	"notes" text,
	"consent" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "phone" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "location" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "photo_file" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "photo_type" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "registered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "community_details" ADD CONSTRAINT "community_details_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "family_details" ADD CONSTRAINT "family_details_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "professional_details" ADD CONSTRAINT "professional_details_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;