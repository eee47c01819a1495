CREATE TABLE "care_plan_contact_sharing" (
	"plan_id" uuid PRIMARY KEY NOT NULL,
	"sharing" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "care_plan_contact_sharing" ADD CONSTRAINT "care_plan_contact_sharing_plan_id_care_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."care_plans"("id") ON DELETE cascade ON UPDATE no action;