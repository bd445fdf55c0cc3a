ALTER TABLE "media" ADD COLUMN "profile_of" uuid;--> statement-breakpoint
ALTER TABLE "counsellors" ADD COLUMN "photo_media_id" uuid;--> statement-breakpoint
ALTER TABLE "media" ADD CONSTRAINT "media_profile_of_users_id_fk" FOREIGN KEY ("profile_of") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;