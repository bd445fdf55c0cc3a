CREATE TABLE "consultation_notices" (
	"consultation_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"version" integer NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "consultation_notices_consultation_id_kind_version_pk" PRIMARY KEY("consultation_id","kind","version")
);
--> statement-breakpoint
CREATE TABLE "consultations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"counsellor_id" uuid NOT NULL,
	"member_id" uuid NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"blocked_until" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'booked' NOT NULL,
	"price_credits" bigint NOT NULL,
	"refunded_credits" bigint DEFAULT 0 NOT NULL,
	"cancel_cutoff_hours" smallint NOT NULL,
	"member_time_zone" text DEFAULT 'America/Sao_Paulo' NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"cancelled_at" timestamp with time zone,
	"cancelled_by" text,
	"cancel_reason" text,
	"private_notes" text DEFAULT '' NOT NULL,
	"shared_notes" text DEFAULT '' NOT NULL,
	"rating" smallint,
	"review" text,
	"reviewed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "consultations_status" CHECK ("consultations"."status" in ('booked', 'completed', 'cancelled', 'no_show')),
	CONSTRAINT "consultations_times" CHECK ("consultations"."starts_at" < "consultations"."ends_at" and "consultations"."ends_at" <= "consultations"."blocked_until"),
	CONSTRAINT "consultations_rating" CHECK ("consultations"."rating" is null or "consultations"."rating" between 1 and 5),
	CONSTRAINT "consultations_cancelled_by" CHECK ("consultations"."cancelled_by" is null or "consultations"."cancelled_by" in ('member', 'counsellor', 'admin'))
);
--> statement-breakpoint
CREATE TABLE "counsellors" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"display_name" text DEFAULT '' NOT NULL,
	"bio" text DEFAULT '' NOT NULL,
	"languages" text[] DEFAULT '{}'::text[] NOT NULL,
	"specialties" text[] DEFAULT '{}'::text[] NOT NULL,
	"session_minutes" smallint DEFAULT 50 NOT NULL,
	"price_credits" bigint DEFAULT 3000 NOT NULL,
	"time_zone" text DEFAULT 'America/Sao_Paulo' NOT NULL,
	"buffer_minutes" smallint DEFAULT 10 NOT NULL,
	"min_notice_minutes" integer DEFAULT 720 NOT NULL,
	"horizon_days" smallint DEFAULT 60 NOT NULL,
	"cancel_cutoff_hours" smallint DEFAULT 24 NOT NULL,
	"accepting" boolean DEFAULT true NOT NULL,
	"availability" jsonb DEFAULT '{"weekly":{"1":[],"2":[],"3":[],"4":[],"5":[],"6":[],"7":[]},"overrides":[]}'::jsonb NOT NULL,
	"rating_sum" integer DEFAULT 0 NOT NULL,
	"rating_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "counsellors_price_non_negative" CHECK ("counsellors"."price_credits" >= 0)
);
--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "ics" text;--> statement-breakpoint
ALTER TABLE "consultation_notices" ADD CONSTRAINT "consultation_notices_consultation_id_consultations_id_fk" FOREIGN KEY ("consultation_id") REFERENCES "public"."consultations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consultations" ADD CONSTRAINT "consultations_counsellor_id_users_id_fk" FOREIGN KEY ("counsellor_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consultations" ADD CONSTRAINT "consultations_member_id_users_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "counsellors" ADD CONSTRAINT "counsellors_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "consultations_counsellor_idx" ON "consultations" USING btree ("counsellor_id","starts_at");--> statement-breakpoint
CREATE INDEX "consultations_member_idx" ON "consultations" USING btree ("member_id","starts_at");--> statement-breakpoint
CREATE INDEX "consultations_booked_idx" ON "consultations" USING btree ("status","starts_at");--> statement-breakpoint
CREATE INDEX "counsellors_active_idx" ON "counsellors" USING btree ("active");--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS btree_gist;--> statement-breakpoint
ALTER TABLE "consultations" ADD CONSTRAINT "consultations_no_overlap" EXCLUDE USING gist ("counsellor_id" WITH =, tstzrange("starts_at", "blocked_until", '[)') WITH &&) WHERE ("status" <> 'cancelled');
