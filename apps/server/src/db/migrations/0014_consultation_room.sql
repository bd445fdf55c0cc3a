CREATE TABLE "consultation_room_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"consultation_id" uuid NOT NULL,
	"from_user" uuid NOT NULL,
	"connection" text NOT NULL,
	"kind" text NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "consultation_room_events_kind" CHECK ("consultation_room_events"."kind" in ('chat', 'signal', 'join', 'here', 'leave', 'end'))
);
--> statement-breakpoint
ALTER TABLE "consultation_room_events" ADD CONSTRAINT "consultation_room_events_consultation_id_consultations_id_fk" FOREIGN KEY ("consultation_id") REFERENCES "public"."consultations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "consultation_room_events_room_idx" ON "consultation_room_events" USING btree ("consultation_id","id");--> statement-breakpoint
CREATE INDEX "consultation_room_events_kind_created_idx" ON "consultation_room_events" USING btree ("kind","created_at");