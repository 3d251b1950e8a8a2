CREATE TABLE "import_edits" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"car_id" integer NOT NULL,
	"field" varchar(20) NOT NULL,
	"value" jsonb,
	"feed_value" jsonb,
	"feed_seen_at" timestamp with time zone,
	"edited_by" integer,
	"car_vin" varchar(17),
	"car_external_id" varchar(100),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "request_block_settings" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"by_phone" boolean DEFAULT true NOT NULL,
	"by_email" boolean DEFAULT false NOT NULL,
	"by_ip" boolean DEFAULT false NOT NULL,
	"max_requests" integer DEFAULT 5 NOT NULL,
	"period_minutes" integer DEFAULT 10 NOT NULL,
	"block_type" varchar(10) DEFAULT 'reject' NOT NULL,
	"block_minutes" integer DEFAULT 1440,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reviewer_invitations" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"request_id" integer NOT NULL,
	"email" text NOT NULL,
	"status" varchar(10) DEFAULT 'waiting' NOT NULL,
	"send_after" timestamp with time zone NOT NULL,
	"token_hash" varchar(64),
	"sent_at" timestamp with time zone,
	"rated_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reviewer_ratings" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"invitation_id" integer,
	"request_id" integer,
	"request_type" smallint,
	"customer_name" text,
	"customer_email" text,
	"rating" smallint NOT NULL,
	"comment" text,
	"outcome" varchar(10) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reviewer_settings" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"rate_threshold" smallint DEFAULT 4 NOT NULL,
	"delay_minutes" integer DEFAULT 60 NOT NULL,
	"mail_subject" text DEFAULT 'Оцените, пожалуйста, нашу работу' NOT NULL,
	"mail_template" text DEFAULT 'Здравствуйте, {{name}}!

Недавно вы обращались к нам через сайт {{site}}. Нам важно знать, как мы справились.
Оцените, пожалуйста, нашу работу — это займёт меньше минуты:
{{link}}

Спасибо!' NOT NULL,
	"review_links" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"complaint_receivers" text[] DEFAULT '{}' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "import_settings" ALTER COLUMN "timeout" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "import_settings" ALTER COLUMN "timeout" SET DEFAULT 300000000000;--> statement-breakpoint
ALTER TABLE "import_reports" ADD COLUMN "saga_id" uuid DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
ALTER TABLE "import_settings" ADD COLUMN "manual_data" jsonb DEFAULT '{"reason":null,"until":null}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "cars" ADD COLUMN "label_ids" integer[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "request_blocks" ADD COLUMN "auto_rule" jsonb;--> statement-breakpoint
ALTER TABLE "requests" ADD COLUMN "handled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "import_edits" ADD CONSTRAINT "import_edits_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_edits" ADD CONSTRAINT "import_edits_car_id_cars_id_fk" FOREIGN KEY ("car_id") REFERENCES "public"."cars"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_edits" ADD CONSTRAINT "import_edits_edited_by_users_id_fk" FOREIGN KEY ("edited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_block_settings" ADD CONSTRAINT "request_block_settings_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviewer_invitations" ADD CONSTRAINT "reviewer_invitations_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviewer_invitations" ADD CONSTRAINT "reviewer_invitations_request_id_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviewer_ratings" ADD CONSTRAINT "reviewer_ratings_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviewer_ratings" ADD CONSTRAINT "reviewer_ratings_invitation_id_reviewer_invitations_id_fk" FOREIGN KEY ("invitation_id") REFERENCES "public"."reviewer_invitations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviewer_settings" ADD CONSTRAINT "reviewer_settings_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "import_edits_car_field_idx" ON "import_edits" USING btree ("car_id","field");--> statement-breakpoint
CREATE INDEX "import_edits_site_idx" ON "import_edits" USING btree ("site_id","updated_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "request_block_settings_site_idx" ON "request_block_settings" USING btree ("site_id");--> statement-breakpoint
CREATE UNIQUE INDEX "reviewer_invitations_request_idx" ON "reviewer_invitations" USING btree ("request_id");--> statement-breakpoint
CREATE UNIQUE INDEX "reviewer_invitations_token_idx" ON "reviewer_invitations" USING btree ("token_hash") WHERE "reviewer_invitations"."token_hash" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "reviewer_ratings_invitation_idx" ON "reviewer_ratings" USING btree ("invitation_id");--> statement-breakpoint
CREATE INDEX "reviewer_ratings_site_created_idx" ON "reviewer_ratings" USING btree ("site_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "reviewer_settings_site_idx" ON "reviewer_settings" USING btree ("site_id");--> statement-breakpoint
CREATE INDEX "import_reports_saga_idx" ON "import_reports" USING btree ("saga_id","id");