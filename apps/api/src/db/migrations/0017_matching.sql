CREATE TABLE "match_interests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"professional_id" text NOT NULL,
	"family_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "match_interests_pair_unique" UNIQUE("professional_id","family_id")
);
--> statement-breakpoint
CREATE TABLE "matching_visibility" (
	"user_id" text PRIMARY KEY NOT NULL,
	"visible" boolean DEFAULT false NOT NULL,
	"public_id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "matching_visibility_public_id_unique" UNIQUE("public_id")
);
--> statement-breakpoint
ALTER TABLE "match_interests" ADD CONSTRAINT "match_interests_professional_id_users_id_fk" FOREIGN KEY ("professional_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "match_interests" ADD CONSTRAINT "match_interests_family_id_users_id_fk" FOREIGN KEY ("family_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "matching_visibility" ADD CONSTRAINT "matching_visibility_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "match_interests_family_idx" ON "match_interests" USING btree ("family_id","created_at");--> statement-breakpoint
CREATE INDEX "matching_visibility_visible_idx" ON "matching_visibility" USING btree ("user_id") WHERE "matching_visibility"."visible";--> statement-breakpoint
CREATE INDEX "family_details_care_type_gin" ON "family_details" USING gin ("care_type");--> statement-breakpoint
CREATE INDEX "family_details_care_schedule_gin" ON "family_details" USING gin ("care_schedule");--> statement-breakpoint
CREATE INDEX "professional_details_care_services_gin" ON "professional_details" USING gin ("care_services");--> statement-breakpoint
CREATE INDEX "professional_details_medical_conditions_gin" ON "professional_details" USING gin ("medical_conditions");--> statement-breakpoint
CREATE INDEX "professional_details_availability_gin" ON "professional_details" USING gin ("availability");