CREATE TABLE "agreement_hashes" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"hash" varchar(64) NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "captcha_solutions" (
	"challenge_id" varchar(64) PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "offensive_words" (
	"id" serial PRIMARY KEY NOT NULL,
	"raw" varchar(100) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "offensive_words_raw_unique" UNIQUE("raw")
);
--> statement-breakpoint
CREATE TABLE "request_actions" (
	"id" serial PRIMARY KEY NOT NULL,
	"request_id" integer NOT NULL,
	"site_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"settings_id" integer,
	"kind" varchar(20) NOT NULL,
	"action_id" integer NOT NULL,
	"status" varchar(10) DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"job_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "request_blocks" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"source_type" varchar(10) NOT NULL,
	"source" varchar(254) NOT NULL,
	"block_type" varchar(10) DEFAULT 'reject' NOT NULL,
	"until" timestamp with time zone,
	"count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "requests_settings" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"origin_id" integer,
	"request_type" smallint NOT NULL,
	"tag" varchar(100),
	"actions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"archived" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"type" smallint NOT NULL,
	"page_id" integer,
	"dealer_id" integer,
	"gender" smallint,
	"name" text,
	"last_name" text,
	"phone" text,
	"email" text,
	"text" text,
	"text_input" text,
	"fields" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"analytics" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"processing_of_personal_data" boolean DEFAULT false NOT NULL,
	"agreement_hash" varchar(64),
	"tag" varchar(100),
	"ip" varchar(64),
	"depersonalized_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "agreement_hashes" ADD CONSTRAINT "agreement_hashes_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_actions" ADD CONSTRAINT "request_actions_request_id_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_blocks" ADD CONSTRAINT "request_blocks_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requests_settings" ADD CONSTRAINT "requests_settings_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requests" ADD CONSTRAINT "requests_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "agreement_hashes_site_hash_idx" ON "agreement_hashes" USING btree ("site_id","hash");--> statement-breakpoint
CREATE INDEX "request_actions_request_idx" ON "request_actions" USING btree ("request_id");--> statement-breakpoint
CREATE INDEX "request_actions_site_status_idx" ON "request_actions" USING btree ("site_id","status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "request_blocks_site_source_idx" ON "request_blocks" USING btree ("site_id","source_type","source");--> statement-breakpoint
CREATE INDEX "requests_settings_site_idx" ON "requests_settings" USING btree ("site_id","request_type");--> statement-breakpoint
CREATE INDEX "requests_site_type_created_idx" ON "requests" USING btree ("site_id","type","created_at");--> statement-breakpoint
CREATE INDEX "requests_client_idx" ON "requests" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "requests_depersonalize_idx" ON "requests" USING btree ("site_id","created_at") WHERE "requests"."depersonalized_at" is null;--> statement-breakpoint
CREATE INDEX "requests_name_search" ON "requests" USING gin (search_fold("name") gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "requests_phone_search" ON "requests" USING gin (search_fold("phone") gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "requests_email_search" ON "requests" USING gin (search_fold("email") gin_trgm_ops) WITH (fastupdate=false);