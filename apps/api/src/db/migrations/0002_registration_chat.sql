CREATE TABLE "chat_rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer NOT NULL,
	"window_started_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chatbot_answers" (
	"conversation_id" uuid NOT NULL,
	"question_id" text NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chatbot_answers_pkey" PRIMARY KEY("conversation_id","question_id")
);
--> statement-breakpoint
CREATE TABLE "chatbot_conversations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"session_id" text NOT NULL,
	"user_id" text,
	"user_role" text,
	"stage" text DEFAULT 'intro' NOT NULL,
	"status" text DEFAULT 'in_progress' NOT NULL,
	"question_index" integer DEFAULT 0 NOT NULL,
	"section_index" integer DEFAULT 0 NOT NULL,
	"completed_at" timestamp with time zone,
	"restarted_at_ms" bigint,
	"last_active_ms" bigint,
	"message_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chatbot_conversations_session_id_unique" UNIQUE("session_id"),
	CONSTRAINT "chatbot_conversations_user_role_check" CHECK ("chatbot_conversations"."user_role" in ('family', 'professional', 'community')),
	CONSTRAINT "chatbot_conversations_stage_check" CHECK ("chatbot_conversations"."stage" in ('intro', 'questions', 'completion')),
	CONSTRAINT "chatbot_conversations_status_check" CHECK ("chatbot_conversations"."status" in ('in_progress', 'completed'))
);
--> statement-breakpoint
CREATE TABLE "chatbot_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"conversation_id" uuid NOT NULL,
	"client_message_id" text NOT NULL,
	"message" text NOT NULL,
	"sender_type" text NOT NULL,
	"timestamp_ms" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chatbot_messages_conversation_client_id_key" UNIQUE("conversation_id","client_message_id"),
	CONSTRAINT "chatbot_messages_sender_type_check" CHECK ("chatbot_messages"."sender_type" in ('user', 'assistant'))
);
--> statement-breakpoint
ALTER TABLE "chatbot_answers" ADD CONSTRAINT "chatbot_answers_conversation_id_chatbot_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."chatbot_conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chatbot_conversations" ADD CONSTRAINT "chatbot_conversations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chatbot_messages" ADD CONSTRAINT "chatbot_messages_conversation_id_chatbot_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."chatbot_conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chat_rate_limits_window_idx" ON "chat_rate_limits" USING btree ("window_started_at");--> statement-breakpoint
CREATE INDEX "chatbot_conversations_user_id_idx" ON "chatbot_conversations" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "chatbot_messages_order_idx" ON "chatbot_messages" USING btree ("conversation_id","timestamp_ms");