CREATE TABLE "dose_records" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"medication_id" uuid NOT NULL,
	"plan_id" uuid NOT NULL,
	"scheduled_for" timestamp with time zone,
	"status" text NOT NULL,
	"given_at" timestamp with time zone,
	"recorded_by_id" text,
	"recorder_role" text NOT NULL,
	"note" text,
	"reason" text,
	"linked_to_id" uuid,
	"supersedes_id" uuid,
	"superseded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dose_records_status_check" CHECK ("dose_records"."status" in ('given', 'missed', 'refused', 'skipped')),
	CONSTRAINT "dose_records_given_at_check" CHECK (("dose_records"."status" in ('given', 'refused')) = ("dose_records"."given_at" is not null))
);
--> statement-breakpoint
CREATE TABLE "medications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"plan_id" uuid NOT NULL,
	"name" text NOT NULL,
	"dosage" text NOT NULL,
	"medication_type" text NOT NULL,
	"instructions" text,
	"special_instructions" text,
	"prescriber" text,
	"start_date" date NOT NULL,
	"end_date" date,
	"schedule" jsonb NOT NULL,
	"stopped_at" timestamp with time zone,
	"created_by_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "medications_type_check" CHECK ("medications"."medication_type" in ('prescription', 'over_the_counter', 'supplement', 'vitamin', 'herbal')),
	CONSTRAINT "medications_dates_check" CHECK ("medications"."end_date" is null or "medications"."end_date" >= "medications"."start_date")
);
--> statement-breakpoint
ALTER TABLE "dose_records" ADD CONSTRAINT "dose_records_medication_id_medications_id_fk" FOREIGN KEY ("medication_id") REFERENCES "public"."medications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dose_records" ADD CONSTRAINT "dose_records_plan_id_care_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."care_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dose_records" ADD CONSTRAINT "dose_records_recorded_by_id_users_id_fk" FOREIGN KEY ("recorded_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dose_records" ADD CONSTRAINT "dose_records_linked_to_id_dose_records_id_fk" FOREIGN KEY ("linked_to_id") REFERENCES "public"."dose_records"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dose_records" ADD CONSTRAINT "dose_records_supersedes_id_dose_records_id_fk" FOREIGN KEY ("supersedes_id") REFERENCES "public"."dose_records"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "medications" ADD CONSTRAINT "medications_plan_id_care_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."care_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "medications" ADD CONSTRAINT "medications_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "dose_records_supersedes_unique" ON "dose_records" USING btree ("supersedes_id") WHERE "dose_records"."supersedes_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "dose_records_slot_unique" ON "dose_records" USING btree ("medication_id","scheduled_for") WHERE "dose_records"."scheduled_for" is not null and "dose_records"."superseded_at" is null and "dose_records"."linked_to_id" is null;--> statement-breakpoint
CREATE INDEX "dose_records_medication_given_idx" ON "dose_records" USING btree ("medication_id","given_at");--> statement-breakpoint
CREATE INDEX "dose_records_plan_scheduled_idx" ON "dose_records" USING btree ("plan_id","scheduled_for");--> statement-breakpoint
CREATE INDEX "dose_records_plan_created_idx" ON "dose_records" USING btree ("plan_id","created_at");--> statement-breakpoint
CREATE INDEX "medications_plan_id_idx" ON "medications" USING btree ("plan_id");