CREATE TABLE "alert_dismissals" (
	"alert_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"dismissed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "alert_dismissals_alert_id_user_id_pk" PRIMARY KEY("alert_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "site_alerts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"severity" text NOT NULL,
	"audience" text NOT NULL,
	"messages" jsonb NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "site_alerts_severity" CHECK ("site_alerts"."severity" in ('info', 'warning', 'critical')),
	CONSTRAINT "site_alerts_audience" CHECK ("site_alerts"."audience" in ('everyone', 'members')),
	CONSTRAINT "site_alerts_window" CHECK ("site_alerts"."ends_at" > "site_alerts"."starts_at")
);
--> statement-breakpoint
ALTER TABLE "alert_dismissals" ADD CONSTRAINT "alert_dismissals_alert_id_site_alerts_id_fk" FOREIGN KEY ("alert_id") REFERENCES "public"."site_alerts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_dismissals" ADD CONSTRAINT "alert_dismissals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_alerts" ADD CONSTRAINT "site_alerts_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "alert_dismissals_user_idx" ON "alert_dismissals" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "site_alerts_ends_idx" ON "site_alerts" USING btree ("ends_at");