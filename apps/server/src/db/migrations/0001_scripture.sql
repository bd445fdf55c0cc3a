CREATE TABLE "reading_positions" (
	"user_id" uuid NOT NULL,
	"text_id" text NOT NULL,
	"book_code" text NOT NULL,
	"chapter" integer NOT NULL,
	"verse" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reading_positions_user_id_text_id_pk" PRIMARY KEY("user_id","text_id")
);
--> statement-breakpoint
CREATE TABLE "scripture_books" (
	"id" serial PRIMARY KEY NOT NULL,
	"text_id" text NOT NULL,
	"code" text NOT NULL,
	"ordinal" integer NOT NULL,
	"name" text NOT NULL,
	"chapter_count" integer NOT NULL,
	CONSTRAINT "scripture_books_text_code" UNIQUE("text_id","code"),
	CONSTRAINT "scripture_books_text_ordinal" UNIQUE("text_id","ordinal")
);
--> statement-breakpoint
CREATE TABLE "scripture_favourites" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"text_id" text NOT NULL,
	"book_code" text NOT NULL,
	"chapter" integer NOT NULL,
	"verse_start" integer NOT NULL,
	"verse_end" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "scripture_favourites_unique" UNIQUE("user_id","text_id","book_code","chapter","verse_start","verse_end")
);
--> statement-breakpoint
CREATE TABLE "scripture_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"text_id" text NOT NULL,
	"book_code" text NOT NULL,
	"chapter" integer NOT NULL,
	"verse_start" integer NOT NULL,
	"verse_end" integer NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "scripture_texts" (
	"id" text PRIMARY KEY NOT NULL,
	"book_key" text NOT NULL,
	"language" text NOT NULL,
	"search_config" text NOT NULL,
	"title" text NOT NULL,
	"abbreviation" text NOT NULL,
	"translator" text,
	"year" text,
	"licence" text NOT NULL,
	"attribution" text NOT NULL,
	"source_url" text,
	"source" text NOT NULL,
	"checksum" text NOT NULL,
	"verse_count" integer DEFAULT 0 NOT NULL,
	"imported_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "scripture_verses" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"text_id" text NOT NULL,
	"book_id" integer NOT NULL,
	"chapter" integer NOT NULL,
	"verse" integer NOT NULL,
	"content" text NOT NULL,
	"paragraph" boolean DEFAULT false NOT NULL,
	"heading" text,
	"tsv" "tsvector",
	CONSTRAINT "scripture_verses_position" UNIQUE("book_id","chapter","verse")
);
--> statement-breakpoint
ALTER TABLE "reading_positions" ADD CONSTRAINT "reading_positions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scripture_books" ADD CONSTRAINT "scripture_books_text_id_scripture_texts_id_fk" FOREIGN KEY ("text_id") REFERENCES "public"."scripture_texts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scripture_favourites" ADD CONSTRAINT "scripture_favourites_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scripture_notes" ADD CONSTRAINT "scripture_notes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scripture_verses" ADD CONSTRAINT "scripture_verses_text_id_scripture_texts_id_fk" FOREIGN KEY ("text_id") REFERENCES "public"."scripture_texts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scripture_verses" ADD CONSTRAINT "scripture_verses_book_id_scripture_books_id_fk" FOREIGN KEY ("book_id") REFERENCES "public"."scripture_books"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "scripture_favourites_user" ON "scripture_favourites" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "scripture_notes_user" ON "scripture_notes" USING btree ("user_id","updated_at");--> statement-breakpoint
CREATE INDEX "scripture_verses_tsv" ON "scripture_verses" USING gin ("tsv");--> statement-breakpoint
CREATE INDEX "scripture_verses_text" ON "scripture_verses" USING btree ("text_id");--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS unaccent;--> statement-breakpoint
-- Accent-insensitive full-text search per language: "corazon" finds "corazón".
CREATE TEXT SEARCH CONFIGURATION candeia_pt (COPY = portuguese);--> statement-breakpoint
ALTER TEXT SEARCH CONFIGURATION candeia_pt ALTER MAPPING FOR hword, hword_part, word WITH unaccent, portuguese_stem;--> statement-breakpoint
CREATE TEXT SEARCH CONFIGURATION candeia_en (COPY = english);--> statement-breakpoint
ALTER TEXT SEARCH CONFIGURATION candeia_en ALTER MAPPING FOR hword, hword_part, word WITH unaccent, english_stem;--> statement-breakpoint
CREATE TEXT SEARCH CONFIGURATION candeia_es (COPY = spanish);--> statement-breakpoint
ALTER TEXT SEARCH CONFIGURATION candeia_es ALTER MAPPING FOR hword, hword_part, word WITH unaccent, spanish_stem;
