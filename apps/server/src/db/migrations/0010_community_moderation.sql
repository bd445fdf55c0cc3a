CREATE TABLE "community_blocks" (
	"blocker_id" uuid NOT NULL,
	"blocked_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "community_blocks_blocker_id_blocked_id_pk" PRIMARY KEY("blocker_id","blocked_id"),
	CONSTRAINT "community_blocks_self_check" CHECK ("community_blocks"."blocker_id" <> "community_blocks"."blocked_id")
);
--> statement-breakpoint
CREATE TABLE "community_moderation_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"admin_id" uuid,
	"action" text NOT NULL,
	"target_type" text NOT NULL,
	"target_id" uuid,
	"target_user_id" uuid,
	"reason" text DEFAULT '' NOT NULL,
	"until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "community_moderation_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"hold_first_posts" integer DEFAULT 0 NOT NULL,
	"words_pt" text[] DEFAULT '{}'::text[] NOT NULL,
	"words_en" text[] DEFAULT '{}'::text[] NOT NULL,
	"words_es" text[] DEFAULT '{}'::text[] NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "community_moderation_settings_one_row" CHECK ("community_moderation_settings"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "community_mutes" (
	"user_id" uuid NOT NULL,
	"muted_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "community_mutes_user_id_muted_id_pk" PRIMARY KEY("user_id","muted_id"),
	CONSTRAINT "community_mutes_self_check" CHECK ("community_mutes"."user_id" <> "community_mutes"."muted_id")
);
--> statement-breakpoint
CREATE TABLE "community_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reporter_id" uuid NOT NULL,
	"post_id" uuid NOT NULL,
	"comment_id" uuid,
	"reason" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"resolution" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	CONSTRAINT "community_reports_reason_check" CHECK (reason IN ('spam', 'harassment', 'false_or_harmful', 'inappropriate', 'other')),
	CONSTRAINT "community_reports_status_check" CHECK ("community_reports"."status" IN ('open', 'closed'))
);
--> statement-breakpoint
ALTER TABLE "community_posts" DROP CONSTRAINT "community_posts_status_check";--> statement-breakpoint
ALTER TABLE "community_comments" ADD COLUMN "status" text DEFAULT 'published' NOT NULL;--> statement-breakpoint
ALTER TABLE "community_comments" ADD COLUMN "sensitive" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "community_members" ADD COLUMN "suspended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "community_members" ADD COLUMN "suspended_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "community_members" ADD COLUMN "suspension_reason" text;--> statement-breakpoint
ALTER TABLE "community_posts" ADD COLUMN "held_reason" text;--> statement-breakpoint
ALTER TABLE "community_posts" ADD COLUMN "published_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "community_posts" ADD COLUMN "sensitive" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "community_blocks" ADD CONSTRAINT "community_blocks_blocker_id_users_id_fk" FOREIGN KEY ("blocker_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community_blocks" ADD CONSTRAINT "community_blocks_blocked_id_users_id_fk" FOREIGN KEY ("blocked_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community_moderation_log" ADD CONSTRAINT "community_moderation_log_admin_id_users_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community_moderation_log" ADD CONSTRAINT "community_moderation_log_target_user_id_users_id_fk" FOREIGN KEY ("target_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community_mutes" ADD CONSTRAINT "community_mutes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community_mutes" ADD CONSTRAINT "community_mutes_muted_id_users_id_fk" FOREIGN KEY ("muted_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community_reports" ADD CONSTRAINT "community_reports_reporter_id_users_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community_reports" ADD CONSTRAINT "community_reports_post_id_community_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."community_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community_reports" ADD CONSTRAINT "community_reports_comment_id_community_comments_id_fk" FOREIGN KEY ("comment_id") REFERENCES "public"."community_comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "community_blocks_blocked_idx" ON "community_blocks" USING btree ("blocked_id");--> statement-breakpoint
CREATE INDEX "community_moderation_log_time_idx" ON "community_moderation_log" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "community_reports_open_post_uq" ON "community_reports" USING btree ("reporter_id","post_id") WHERE "community_reports"."status" = 'open' AND "community_reports"."comment_id" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "community_reports_open_comment_uq" ON "community_reports" USING btree ("reporter_id","comment_id") WHERE "community_reports"."status" = 'open' AND "community_reports"."comment_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "community_reports_open_idx" ON "community_reports" USING btree ("post_id","comment_id") WHERE "community_reports"."status" = 'open';--> statement-breakpoint
CREATE INDEX "community_posts_held_idx" ON "community_posts" USING btree ("created_at") WHERE "community_posts"."status" = 'held';--> statement-breakpoint
ALTER TABLE "community_comments" ADD CONSTRAINT "community_comments_status_check" CHECK ("community_comments"."status" IN ('published', 'hidden', 'removed'));--> statement-breakpoint
ALTER TABLE "community_posts" ADD CONSTRAINT "community_posts_status_check" CHECK ("community_posts"."status" IN ('published', 'held', 'hidden', 'removed'));--> statement-breakpoint
UPDATE "community_posts" SET "published_at" = "created_at";--> statement-breakpoint
INSERT INTO "community_moderation_settings" ("id") VALUES (1) ON CONFLICT DO NOTHING;
