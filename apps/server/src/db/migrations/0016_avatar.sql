CREATE TABLE "avatar_allowances" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"week_started_at" timestamp with time zone NOT NULL,
	"used" smallint DEFAULT 0 NOT NULL,
	CONSTRAINT "avatar_allowances_used" CHECK ("avatar_allowances"."used" >= 0 and "avatar_allowances"."used" <= 15)
);
--> statement-breakpoint
CREATE TABLE "avatar_counsellors" (
	"id" text PRIMARY KEY NOT NULL,
	"is_available" boolean DEFAULT true NOT NULL,
	"session_count" integer DEFAULT 0 NOT NULL,
	"rating_sum" integer DEFAULT 0 NOT NULL,
	"rating_count" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "avatar_counsellors_counts" CHECK ("avatar_counsellors"."session_count" >= 0 and "avatar_counsellors"."rating_sum" >= 0 and "avatar_counsellors"."rating_count" >= 0)
);
--> statement-breakpoint
CREATE TABLE "avatar_favorites" (
	"user_id" uuid NOT NULL,
	"avatar_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "avatar_favorites_user_id_avatar_id_pk" PRIMARY KEY("user_id","avatar_id")
);
--> statement-breakpoint
CREATE TABLE "avatar_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigserial NOT NULL,
	"session_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"role" text NOT NULL,
	"kind" text NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'done' NOT NULL,
	"citations" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"via" text,
	"meta" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "avatar_messages_role" CHECK ("avatar_messages"."role" in ('user', 'assistant')),
	CONSTRAINT "avatar_messages_kind" CHECK ("avatar_messages"."kind" in ('message', 'greeting', 'answer', 'crisis')),
	CONSTRAINT "avatar_messages_status" CHECK ("avatar_messages"."status" in ('streaming', 'done', 'stopped', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "avatar_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"avatar_id" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"credits_used" smallint NOT NULL,
	"week_started_at" timestamp with time zone NOT NULL,
	"language" text NOT NULL,
	"messages_count" integer DEFAULT 0 NOT NULL,
	"rating" smallint,
	CONSTRAINT "avatar_sessions_rating" CHECK ("avatar_sessions"."rating" is null or ("avatar_sessions"."rating" between 1 and 5)),
	CONSTRAINT "avatar_sessions_language" CHECK ("avatar_sessions"."language" in ('pt', 'en', 'es'))
);
--> statement-breakpoint
ALTER TABLE "avatar_allowances" ADD CONSTRAINT "avatar_allowances_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "avatar_favorites" ADD CONSTRAINT "avatar_favorites_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "avatar_favorites" ADD CONSTRAINT "avatar_favorites_avatar_id_avatar_counsellors_id_fk" FOREIGN KEY ("avatar_id") REFERENCES "public"."avatar_counsellors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "avatar_messages" ADD CONSTRAINT "avatar_messages_session_id_avatar_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."avatar_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "avatar_messages" ADD CONSTRAINT "avatar_messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "avatar_sessions" ADD CONSTRAINT "avatar_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "avatar_sessions" ADD CONSTRAINT "avatar_sessions_avatar_id_avatar_counsellors_id_fk" FOREIGN KEY ("avatar_id") REFERENCES "public"."avatar_counsellors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "avatar_messages_session_idx" ON "avatar_messages" USING btree ("session_id","seq");--> statement-breakpoint
CREATE INDEX "avatar_sessions_user_idx" ON "avatar_sessions" USING btree ("user_id","started_at");--> statement-breakpoint
INSERT INTO "avatar_counsellors" ("id") VALUES ('helena'), ('tiago'), ('benedita'), ('samuel'), ('ines'), ('jonas') ON CONFLICT DO NOTHING;
