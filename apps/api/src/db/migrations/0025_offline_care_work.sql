ALTER TABLE "shifts" ADD COLUMN "check_in_key" text;--> statement-breakpoint
ALTER TABLE "shifts" ADD COLUMN "check_out_key" text;--> statement-breakpoint
ALTER TABLE "dose_records" ADD COLUMN "client_key" text;--> statement-breakpoint
CREATE UNIQUE INDEX "shifts_check_in_key_unique" ON "shifts" USING btree ("check_in_key") WHERE "shifts"."check_in_key" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "shifts_check_out_key_unique" ON "shifts" USING btree ("check_out_key") WHERE "shifts"."check_out_key" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "dose_records_client_key_unique" ON "dose_records" USING btree ("client_key") WHERE "dose_records"."client_key" is not null;