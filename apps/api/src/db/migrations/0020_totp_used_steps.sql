CREATE TABLE "two_factor_used_steps" (
	"user_id" text NOT NULL,
	"step" bigint NOT NULL,
	"used_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "two_factor_used_steps_user_id_step_pk" PRIMARY KEY("user_id","step")
);
--> statement-breakpoint
ALTER TABLE "two_factor_used_steps" ADD CONSTRAINT "two_factor_used_steps_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "two_factor_used_steps_step_idx" ON "two_factor_used_steps" USING btree ("step");