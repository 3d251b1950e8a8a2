CREATE TABLE "error_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"issue_id" integer NOT NULL,
	"event_id" text NOT NULL,
	"type" text NOT NULL,
	"message" text NOT NULL,
	"url" text,
	"release" text,
	"user" text,
	"browser" text,
	"level" text DEFAULT 'error' NOT NULL,
	"frames" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"search" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "error_issue_tags" (
	"issue_id" integer NOT NULL,
	"kind" text NOT NULL,
	"value" text NOT NULL,
	"count" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "error_issue_tags_issue_id_kind_value_pk" PRIMARY KEY("issue_id","kind","value")
);
--> statement-breakpoint
CREATE TABLE "error_issues" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"fingerprint" text NOT NULL,
	"type" text NOT NULL,
	"message" text NOT NULL,
	"culprit" text,
	"status" text DEFAULT 'unresolved' NOT NULL,
	"count" bigint DEFAULT 0 NOT NULL,
	"first_seen" timestamp with time zone NOT NULL,
	"last_seen" timestamp with time zone NOT NULL,
	"last_release" text,
	"resolved_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "error_projects" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"site_id" integer,
	"client_id" integer,
	"key" text NOT NULL,
	"rate_limit" integer DEFAULT 3000 NOT NULL,
	"events_total" bigint DEFAULT 0 NOT NULL,
	"last_seen" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "error_projects_key_unique" UNIQUE("key")
);
--> statement-breakpoint
ALTER TABLE "error_events" ADD CONSTRAINT "error_events_project_id_error_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."error_projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "error_events" ADD CONSTRAINT "error_events_issue_id_error_issues_id_fk" FOREIGN KEY ("issue_id") REFERENCES "public"."error_issues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "error_issue_tags" ADD CONSTRAINT "error_issue_tags_issue_id_error_issues_id_fk" FOREIGN KEY ("issue_id") REFERENCES "public"."error_issues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "error_issues" ADD CONSTRAINT "error_issues_project_id_error_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."error_projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "error_projects" ADD CONSTRAINT "error_projects_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "error_projects" ADD CONSTRAINT "error_projects_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "error_events_project_idx" ON "error_events" USING btree ("project_id","id");--> statement-breakpoint
CREATE INDEX "error_events_issue_idx" ON "error_events" USING btree ("issue_id","id");--> statement-breakpoint
CREATE INDEX "error_events_received_idx" ON "error_events" USING btree ("received_at");--> statement-breakpoint
CREATE INDEX "error_events_search" ON "error_events" USING gin (search_fold("search") gin_trgm_ops) WITH (fastupdate=true,gin_pending_list_limit=256);--> statement-breakpoint
CREATE UNIQUE INDEX "error_issues_fingerprint_idx" ON "error_issues" USING btree ("project_id","fingerprint");--> statement-breakpoint
CREATE INDEX "error_issues_project_last_idx" ON "error_issues" USING btree ("project_id","last_seen");--> statement-breakpoint
CREATE UNIQUE INDEX "error_projects_site_idx" ON "error_projects" USING btree ("site_id");--> statement-breakpoint
CREATE UNIQUE INDEX "error_projects_kind_idx" ON "error_projects" USING btree ("kind") WHERE kind <> 'site';--> statement-breakpoint
CREATE INDEX "error_projects_client_idx" ON "error_projects" USING btree ("client_id");